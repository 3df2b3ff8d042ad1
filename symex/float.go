package symex

import (
	"fmt"
	"go/constant"
	"go/types"
	"maps"
	"math"
	"strconv"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/fp"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// Floats: a float32 or float64 value is a term of sort Float32 or Float64
// (ops.go holds the operators). The theory has a single NaN, while a Go
// float64 has 2^53-2 NaN bit patterns; the executor keeps the patterns
// apart only where a program reads them: math.Float64bits of
// math.Float64frombits(b) is b, and math.Float64bits of any other
// symbolic float is a fresh word tied to it by ((_ to_fp 11 53) w) = x, so
// a NaN's bits range over every NaN pattern (the exploration covers
// whichever one the hardware produces). A concrete NaN reads as the
// canonical pattern.

// floatConst is the float constant c of type b, rounded to b's format as
// the type checker did.
func floatConst(st *term.Store, b *types.Basic, c constant.Value) term.Term {
	f, _ := floatFormat(b)
	if f == fp.Float32 {
		x, _ := constant.Float32Val(c)
		return st.FloatConst(fp.FromBits(f, bv.New(32, uint64(math.Float32bits(x)))))
	}
	x, _ := constant.Float64Val(c)
	return st.FloatConst(fp.FromBits(f, bv.New(64, math.Float64bits(x))))
}

// floatFromBits is the float of format f whose encoding is the low bits of
// u.
func floatFromBits(st *term.Store, f fp.Format, u uint64) term.Term {
	return st.FloatConst(fp.FromBits(f, bv.New(f.Width(), u)))
}

// floatBits is Go's math.Float64bits (Float32bits) of the float term x: see
// the comment at the top of the file.
func (e *Executor) floatBits(s *State, x term.Term) (term.Term, error) {
	st := e.st
	f := st.FloatFormat(st.SortOf(x))
	if st.IsConst(x) {
		return st.Const(st.FloatConstValue(x).Bits()), nil
	}
	// Float64bits(Float64frombits(b)) is b, NaN payloads too; unary - and
	// math.Abs flip and clear the sign bit of any float, NaN included.
	sign := st.Const(bv.Shl(bv.New(f.Width(), 1), bv.New(f.Width(), uint64(f.Width()-1))))
	switch st.Op(x) {
	case term.OpToFPBits:
		return st.Arg(x, 0), nil
	case term.OpFPNeg, term.OpFPAbs:
		b, err := e.floatBits(s, st.Arg(x, 0))
		if err != nil {
			return term.NoTerm, err
		}
		if st.Op(x) == term.OpFPNeg {
			return st.MustMake(term.OpBVXor, nil, b, sign), nil
		}
		return st.MustMake(term.OpBVAnd, nil, b, st.MustMake(term.OpBVNot, nil, sign)), nil
	}
	if !e.forking() {
		// A concrete run or a follow run: the float's value now.
		c, err := e.concretize(s, x)
		if err != nil {
			return term.NoTerm, err
		}
		return st.Const(st.FloatConstValue(c).Bits()), nil
	}
	w := st.Var(fmt.Sprintf("float.bits.%d", x), st.BitVecSort(f.Width())) // no Go input has this name
	if e.nanBits == nil {
		e.nanBits = map[term.Term]term.Term{}
	}
	e.nanBits[w] = x
	if err := e.ensureModel(s); err != nil {
		return term.NoTerm, err
	}
	if s.model != nil {
		v, err := e.eval(x, s.model)
		if err != nil {
			return term.NoTerm, e.unsup(nil, "float bits: %v", err)
		}
		m := &term.Model{Values: maps.Clone(s.model.Values), Choices: s.model.Choices}
		m.Set(w, st.BVValue(v.BV))
		s.model, s.spare = m, nil
	}
	e.addLit(s, st.Eq(st.MustMake(term.OpToFPBits, []uint32{f.EB, f.SB}, w), x))
	return w, nil
}

// ensureModel gives s a model of its path constraint when it has none and
// the solver finds one (an unknown answer leaves it without).
func (e *Executor) ensureModel(s *State) error {
	if s.model != nil {
		return nil
	}
	st, m, err := e.check(s, e.st.True())
	if err != nil {
		return err
	}
	switch st {
	case smtlib.Sat:
		s.model = m
	case smtlib.Unsat:
		return &cut{why: "path constraint found unsatisfiable"}
	}
	return nil
}

// floatLiteral writes the float of type kind whose encoding is bits as Go
// source that denotes exactly that float: the shortest decimal that reads
// back as it, or math.Float64frombits (Float32frombits) for -0, the
// infinities and NaN, which no literal denotes.
func floatLiteral(kind types.BasicKind, bits uint64) string {
	if kind == types.Float32 {
		x := math.Float32frombits(uint32(bits))
		if math.IsInf(float64(x), 0) || x != x || x == 0 && math.Signbit(float64(x)) {
			return fmt.Sprintf("math.Float32frombits(0x%08x)", uint32(bits))
		}
		return strconv.FormatFloat(float64(x), 'g', -1, 32)
	}
	x := math.Float64frombits(bits)
	if math.IsInf(x, 0) || x != x || x == 0 && math.Signbit(x) {
		return fmt.Sprintf("math.Float64frombits(0x%016x)", bits)
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// readsNaNBits reports whether the path of model m read the bits of a
// NaN through a fresh word (floatBits): the pattern it took is the
// model's choice among every NaN, where the hardware makes one choice of
// its own, so the path's results are not fixed by its inputs.
func (e *Executor) readsNaNBits(m *term.Model) bool {
	st := e.st
	for w, x := range e.nanBits {
		if _, ok := m.Values[w]; !ok {
			continue
		}
		v, err := e.eval(x, m)
		if err != nil || fp.FromBits(st.FloatFormat(st.SortOf(x)), v.BV).IsNaN() {
			return true
		}
	}
	return false
}
