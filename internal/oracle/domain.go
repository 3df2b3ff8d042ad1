package oracle

import (
	"encoding/hex"
	"fmt"
	"go/constant"
	"math"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/symex"
)

// An input is one call's arguments as the harness reads them: a field per
// parameter, hex for strings and byte slices, decimal for integers, 0 or 1
// for bools.
type input []string

func (in input) String() string { return strings.Join(in, " ") }

// maxInputs bounds the inputs of one target: the product of the
// parameters' domains is shrunk below it.
const maxInputs = 150000

// fullBytesLen is the length up to which a lone string or slice parameter
// takes every byte sequence (1 + 256 + 65536 inputs); longer ones, up to
// the bound, take the alphabet.
const fullBytesLen = 2

// baseAlphabet is always part of a declared alphabet: the bytes at which
// parsers most often branch, ASCII's edges and UTF-8's lead bytes.
var baseAlphabet = []byte{0, 'a', 'z', 'A', '0', '9', ' ', '-', '_', '.', 0x7f, 0x80, 0xc3, 0xe2, 0xff}

// maxAlphabet bounds the alphabet: the base and the package's own byte
// constants, in that order.
const maxAlphabet = 28

// domains are the values each parameter of l takes, their product the
// inputs: every byte sequence up to fullBytesLen for a lone sequence
// parameter (and, up to the bound, the alphabet's), the alphabet's for
// several; small integers, the type's edges and the function's constants
// (±1) for integers. Fixed parameters take their value only.
func (l *loaded) domains() [][]string {
	alpha, ints := constants(l.prog.Fn)
	seqs := 0
	for _, p := range l.params {
		if p.kind == kindString || p.kind == kindBytes {
			seqs++
		}
	}
	intCap, alphaCap, full := 24, maxAlphabet, 0
	if seqs == 1 {
		full = fullBytesLen
	}
	for {
		doms := make([][]string, len(l.params))
		total := 1.0
		for i, p := range l.params {
			if v, ok := l.Fixed[p.name]; ok {
				doms[i] = []string{strconv.FormatInt(v, 10)}
				continue
			}
			switch p.kind {
			case kindString, kindBytes:
				doms[i] = sequences(l.MaxLen, full, capAlphabet(alpha, alphaCap))
			case kindBool:
				doms[i] = []string{"0", "1"}
			default:
				doms[i] = integers(p, ints, intCap)
			}
			total *= float64(len(doms[i]))
		}
		if total <= maxInputs || (intCap <= 3 && alphaCap <= 2) {
			return doms
		}
		if full > 0 {
			full--
			continue
		}
		if intCap > 3 {
			intCap = intCap * 2 / 3
		}
		if alphaCap > 2 {
			alphaCap = alphaCap * 2 / 3
		}
	}
}

// capAlphabet is the first n bytes of alpha.
func capAlphabet(alpha []byte, n int) []byte {
	if len(alpha) > n {
		return alpha[:n]
	}
	return alpha
}

// sequences are the hex encodings of every byte sequence of length at most
// full, and of every sequence over alpha of length full+1 to max.
func sequences(max, full int, alpha []byte) []string {
	var out []string
	var walk func(prefix []byte, n int, alpha []byte)
	walk = func(prefix []byte, n int, alpha []byte) {
		if len(prefix) == n {
			out = append(out, hex.EncodeToString(prefix))
			return
		}
		for _, c := range alpha {
			walk(append(prefix, c), n, alpha)
		}
	}
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	for n := 0; n <= max; n++ {
		if n <= full {
			walk(nil, n, all)
		} else {
			walk(nil, n, alpha)
		}
	}
	return out
}

// integers is p's domain: -3..8, the type's edges, and the constants ±1,
// at most n of the constants' (the small ones first), all in range.
func integers(p param, consts []int64, n int) []string {
	seen := map[string]bool{}
	var out []string
	add := func(v int64, unsigned bool) {
		var s string
		if p.kind == kindUint {
			if v < 0 && !unsigned {
				return
			}
			u := uint64(v)
			if p.width < 64 && u>>p.width != 0 {
				return
			}
			s = strconv.FormatUint(u, 10)
		} else {
			if unsigned && v < 0 {
				return
			}
			if p.width < 64 && (v < -1<<(p.width-1) || v >= 1<<(p.width-1)) {
				return
			}
			s = strconv.FormatInt(v, 10)
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for v := int64(-3); v <= 8; v++ {
		add(v, false)
	}
	if p.kind == kindUint {
		max := uint64(math.MaxUint64) >> (64 - p.width)
		add(int64(max), true)
		add(int64(max-1), true)
		add(int64(max/2), true)
		add(int64(max/2+1), true)
	} else {
		max := int64(math.MaxInt64) >> (64 - p.width)
		add(max, false)
		add(max-1, false)
		add(-max-1, false)
		add(-max, false)
	}
	for i, c := range consts {
		if i >= n {
			break
		}
		add(c-1, false)
		add(c, false)
		add(c+1, false)
	}
	return out
}

// constants collects the byte and integer constants of fn and of the
// functions of its package: the declared alphabet (the base first, then
// the bytes of string constants and small integer constants) and the
// integers, the small ones first.
func constants(fn *ssa.Function) ([]byte, []int64) {
	alpha := append([]byte(nil), baseAlphabet...)
	seenB := map[byte]bool{}
	for _, c := range alpha {
		seenB[c] = true
	}
	seenI := map[int64]bool{}
	var ints []int64
	addByte := func(c byte) {
		if !seenB[c] {
			seenB[c] = true
			alpha = append(alpha, c)
		}
	}
	visit := func(f *ssa.Function) {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				for _, op := range instr.Operands(nil) {
					c, ok := (*op).(*ssa.Const)
					if !ok || c.Value == nil {
						continue
					}
					switch c.Value.Kind() {
					case constant.String:
						for _, x := range []byte(constant.StringVal(c.Value)) {
							addByte(x)
						}
					case constant.Int:
						v, exact := constant.Int64Val(c.Value)
						if !exact {
							continue
						}
						if v >= 0 && v < 256 {
							addByte(byte(v))
						}
						if !seenI[v] {
							seenI[v] = true
							ints = append(ints, v)
						}
					}
				}
			}
		}
	}
	funcs := []*ssa.Function{fn}
	funcs = append(funcs, fn.AnonFuncs...)
	if fn.Pkg != nil {
		var names []string
		for name, m := range fn.Pkg.Members {
			if f, ok := m.(*ssa.Function); ok && f != fn {
				names = append(names, name)
			}
		}
		sort.Strings(names)
		for _, name := range names {
			f := fn.Pkg.Members[name].(*ssa.Function)
			funcs = append(funcs, f)
			funcs = append(funcs, f.AnonFuncs...)
		}
	}
	for _, f := range funcs {
		visit(f)
	}
	sort.SliceStable(ints, func(i, j int) bool { return abs(ints[i]) < abs(ints[j]) })
	return alpha, ints
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// product is every combination of one value per domain, in order.
func product(doms [][]string) []input {
	out := []input{{}}
	for _, d := range doms {
		next := make([]input, 0, len(out)*len(d))
		for _, prefix := range out {
			for _, v := range d {
				in := make(input, len(prefix), len(prefix)+1)
				copy(in, prefix)
				next = append(next, append(in, v))
			}
		}
		out = next
	}
	return out
}

// fromSymex encodes the inputs of a symex path the way the harness reads
// them; ok is false for a value of a shape the oracle does not pass.
func (l *loaded) fromSymex(vals []symex.InputValue) (input, error) {
	if len(vals) != len(l.params) {
		return nil, fmt.Errorf("%d inputs for %d parameters", len(vals), len(l.params))
	}
	out := make(input, len(vals))
	for i, p := range l.params {
		switch v := vals[i].V.(type) {
		case string:
			out[i] = hex.EncodeToString([]byte(v))
		case bool:
			out[i] = "0"
			if v {
				out[i] = "1"
			}
		case uint64:
			if p.kind == kindUint {
				out[i] = strconv.FormatUint(v, 10)
			} else {
				out[i] = strconv.FormatInt(int64(v<<(64-p.width))>>(64-p.width), 10)
			}
		case []any:
			b := make([]byte, len(v))
			for j, x := range v {
				u, ok := x.(uint64)
				if !ok {
					return nil, fmt.Errorf("input %s: element %T", p.name, x)
				}
				b[j] = byte(u)
			}
			out[i] = hex.EncodeToString(b)
		default:
			return nil, fmt.Errorf("input %s: value %T", p.name, vals[i].V)
		}
	}
	return out, nil
}
