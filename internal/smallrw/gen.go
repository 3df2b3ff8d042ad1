package smallrw

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Op is an operator of the enumerated grammar.
type Op uint8

const (
	leafS Op = iota
	leafT
	leafZero
	leafOne
	leafOnes
	opNot
	opNeg
	opAdd
	opSub
	opMul
	opUdiv
	opUrem
	opAnd
	opOr
	opXor
	opShl
	opLshr
	opAshr
	numOps
)

var opNames = [numOps]string{"s", "t", "0", "1", "ones", "bvnot", "bvneg", "bvadd", "bvsub", "bvmul",
	"bvudiv", "bvurem", "bvand", "bvor", "bvxor", "bvshl", "bvlshr", "bvashr"}

func (o Op) arity() int {
	switch {
	case o <= leafOnes:
		return 0
	case o <= opNeg:
		return 1
	}
	return 2
}

// Term is a node of an enumerated term tree.
type Term struct {
	Op   Op
	A, B *Term
	Size int
}

// Eval computes t at width w (1 to 64) for the given s and t.
func (x *Term) Eval(w uint, s, t uint64) uint64 {
	mask := ^uint64(0) >> (64 - w)
	switch x.Op {
	case leafS:
		return s & mask
	case leafT:
		return t & mask
	case leafZero:
		return 0
	case leafOne:
		return 1
	case leafOnes:
		return mask
	}
	a := x.A.Eval(w, s, t)
	switch x.Op {
	case opNot:
		return ^a & mask
	case opNeg:
		return -a & mask
	}
	b := x.B.Eval(w, s, t)
	switch x.Op {
	case opAdd:
		return (a + b) & mask
	case opSub:
		return (a - b) & mask
	case opMul:
		return (a * b) & mask
	case opUdiv:
		if b == 0 {
			return mask
		}
		return a / b
	case opUrem:
		if b == 0 {
			return a
		}
		return a % b
	case opAnd:
		return a & b
	case opOr:
		return a | b
	case opXor:
		return a ^ b
	case opShl:
		if b >= uint64(w) {
			return 0
		}
		return (a << b) & mask
	case opLshr:
		if b >= uint64(w) {
			return 0
		}
		return a >> b
	case opAshr:
		neg := a>>(w-1)&1 == 1
		if b >= uint64(w) {
			if neg {
				return mask
			}
			return 0
		}
		r := a >> b
		if neg {
			r |= mask &^ (mask >> b)
		}
		return r
	}
	panic("smallrw: bad op")
}

// SMT prints t as an SMT-LIB term at width w.
func (x *Term) SMT(w int) string {
	var b strings.Builder
	x.write(&b, w)
	return b.String()
}

func (x *Term) write(b *strings.Builder, w int) {
	switch x.Op {
	case leafS, leafT:
		b.WriteString(opNames[x.Op])
	case leafZero:
		fmt.Fprintf(b, "#b%s", strings.Repeat("0", w))
	case leafOne:
		fmt.Fprintf(b, "#b%s1", strings.Repeat("0", w-1))
	case leafOnes:
		fmt.Fprintf(b, "#b%s", strings.Repeat("1", w))
	default:
		b.WriteString("(" + opNames[x.Op] + " ")
		x.A.write(b, w)
		if x.B != nil {
			b.WriteByte(' ')
			x.B.write(b, w)
		}
		b.WriteByte(')')
	}
}

// Enumerate returns every term of the grammar with at most maxSize nodes.
// Terms whose value at width sigWidth repeats that of a smaller term stay in
// (they are the pairs), but only the first few terms per signature are
// used as arguments of larger terms, which keeps the enumeration small the
// way a SyGuS enumerator's redundancy check does.
func Enumerate(maxSize int, sigWidth uint, perClass int) []*Term {
	bySize := make([][]*Term, maxSize+1)
	classCount := map[string]int{}
	var all []*Term
	add := func(t *Term) {
		all = append(all, t)
		sig := Signature(t, sigWidth)
		classCount[sig]++
		if classCount[sig] <= perClass {
			bySize[t.Size] = append(bySize[t.Size], t)
		}
	}
	for o := leafS; o <= leafOnes; o++ {
		add(&Term{Op: o, Size: 1})
	}
	for size := 2; size <= maxSize; size++ {
		for o := opNot; o < numOps; o++ {
			if o.arity() == 1 {
				for _, a := range bySize[size-1] {
					add(&Term{Op: o, A: a, Size: size})
				}
				continue
			}
			for sa := 1; sa <= size-2; sa++ {
				for _, a := range bySize[sa] {
					for _, b := range bySize[size-1-sa] {
						add(&Term{Op: o, A: a, B: b, Size: size})
					}
				}
			}
		}
	}
	return all
}

// Signature is t's value on every (s, t) assignment at width w, as a key.
func Signature(x *Term, w uint) string {
	n := uint64(1) << w
	buf := make([]byte, 0, n*n)
	for s := uint64(0); s < n; s++ {
		for t := uint64(0); t < n; t++ {
			buf = append(buf, byte(x.Eval(w, s, t)))
		}
	}
	return string(buf)
}

// AgreeUpTo reports whether a and b agree on every assignment at every
// width from 1 to maxExhaustive, and on samples random assignments (plus the
// corner values) at width 32.
func AgreeUpTo(a, b *Term, maxExhaustive uint, samples int, r *rand.Rand) bool {
	for w := uint(1); w <= maxExhaustive; w++ {
		n := uint64(1) << w
		for s := uint64(0); s < n; s++ {
			for t := uint64(0); t < n; t++ {
				if a.Eval(w, s, t) != b.Eval(w, s, t) {
					return false
				}
			}
		}
	}
	return !differAt32(a, b, samples, r)
}

// differAt32 reports whether a random or corner assignment tells a and b
// apart at width 32.
func differAt32(a, b *Term, samples int, r *rand.Rand) bool {
	corners := []uint64{0, 1, 2, 3, 31, 32, 33, 0x7fffffff, 0x80000000, 0xffffffff, 0xfffffffe}
	for _, s := range corners {
		for _, t := range corners {
			if a.Eval(32, s, t) != b.Eval(32, s, t) {
				return true
			}
		}
	}
	for i := 0; i < samples; i++ {
		s, t := r.Uint64(), r.Uint64()
		if i%3 == 0 {
			t = uint64(r.IntN(40))
		}
		if a.Eval(32, s, t) != b.Eval(32, s, t) {
			return true
		}
	}
	return false
}

// Pair is one instance: the claim a = b at 32 bits, with its expected
// status ("unsat" when the terms agreed on every check).
type Pair struct {
	A, B   *Term
	Status string
}

// Script is the instance as an SMT-LIB file at width w.
func (p Pair) Script(w int, comment string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "; %s\n(set-logic QF_BV)\n(set-info :status %s)\n", comment, p.Status)
	fmt.Fprintf(&b, "(declare-fun s () (_ BitVec %d))\n(declare-fun t () (_ BitVec %d))\n", w, w)
	fmt.Fprintf(&b, "(assert (not (= %s %s)))\n(check-sat)\n(exit)\n", p.A.SMT(w), p.B.SMT(w))
	return b.String()
}

// Pairs draws n pairs of distinct terms with equal signatures at sigWidth:
// unsat ones agree up to the exhaustive width and on the 32-bit samples,
// sat ones disagree there (then z3 or sift must find the model). Both
// sides must mention a variable, as in the family.
func Pairs(terms []*Term, sigWidth uint, n int, wantSat bool, r *rand.Rand) []Pair {
	classes := map[string][]*Term{}
	for _, t := range terms {
		if !mentionsVar(t) {
			continue
		}
		sig := Signature(t, sigWidth)
		classes[sig] = append(classes[sig], t)
	}
	var keys []string
	for k, c := range classes {
		if len(c) >= 2 {
			keys = append(keys, k)
		}
	}
	// Map order is random; sort for reproducibility.
	sortStrings(keys)
	var out []Pair
	seen := map[string]bool{}
	for tries := 0; len(out) < n && tries < 200*n; tries++ {
		c := classes[keys[r.IntN(len(keys))]]
		a, b := c[r.IntN(len(c))], c[r.IntN(len(c))]
		if a == b {
			continue
		}
		key := a.SMT(4) + "=" + b.SMT(4)
		if seen[key] {
			continue
		}
		if wantSat {
			// Sat only with a 32-bit witness: some pairs differ at small
			// widths only.
			if !differAt32(a, b, 3000, r) {
				continue
			}
		} else if !AgreeUpTo(a, b, 6, 3000, r) {
			continue
		}
		seen[key] = true
		st := "unsat"
		if wantSat {
			st = "sat"
		}
		out = append(out, Pair{A: a, B: b, Status: st})
	}
	return out
}

func mentionsVar(t *Term) bool {
	if t == nil {
		return false
	}
	return t.Op == leafS || t.Op == leafT || mentionsVar(t.A) || mentionsVar(t.B)
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
