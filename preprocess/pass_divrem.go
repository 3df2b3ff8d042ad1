package preprocess

import (
	"context"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// DivRem folds remainders written out as products of quotients back into
// remainder operators, before the rewrite pass turns the signed divisions
// into unsigned ones on magnitudes (signed-div-elim), where the shape is no
// longer visible:
//
//	a - (a sdiv b)·b  →  a srem b      a - (a udiv b)·b  →  a urem b
//	(a srem k) sdiv k →  0             for a constant k ≠ 0
//
// The first two hold for every b in SMT-LIB's semantics (b = 0 included:
// a srem 0 = a, and a sdiv 0 times 0 is 0; a = min, b = -1 overflows to 0 on
// both sides); the third because |a srem k| < |k| and sdiv truncates
// towards zero. Without them each quotient is its own divider circuit. The
// subtraction may be bvsub, bvadd of bvneg, or bvadd of a product by the
// constant -b.
type DivRem struct{}

func (DivRem) Name() string { return "div-rem" }

func (DivRem) Apply(ctx context.Context, s *State) (bool, error) {
	st := s.Store
	memo := map[term.Term]term.Term{}
	n := 0
	var walk func(t term.Term) term.Term
	walk = func(t term.Term) term.Term {
		if r, ok := memo[t]; ok {
			return r
		}
		if st.Op(t).IsLeaf() || s.Interrupted() {
			return t
		}
		r := st.MapArgs(t, walk)
		if f, ok := foldDivRem(st, r); ok {
			r = f
			n++
		}
		memo[t] = r
		return r
	}
	changed := false
	for i, a := range s.Assertions {
		na := walk(a)
		if s.Interrupted() {
			return false, s.Err()
		}
		if na != a {
			s.Assertions[i] = na
			changed = true
		}
	}
	s.NoteRewritten(n)
	return changed, nil
}

// foldDivRem applies one of DivRem's identities at the root of t.
func foldDivRem(st *term.Store, t term.Term) (term.Term, bool) {
	switch st.Op(t) {
	case term.OpBVSdiv:
		a, k := st.Arg(t, 0), st.Arg(t, 1)
		if st.Op(a) == term.OpBVSrem && st.Arg(a, 1) == k && st.Op(k) == term.OpBVConst && !st.Value(k).IsZero() {
			return st.Const(bv.Zero(st.Width(st.SortOf(k)))), true
		}
	case term.OpBVSub:
		if r, ok := remainderOf(st, st.Arg(t, 0), st.Arg(t, 1), false); ok {
			return r, true
		}
	case term.OpBVAdd:
		for i := 0; i < 2; i++ {
			if r, ok := remainderOf(st, st.Arg(t, i), st.Arg(t, 1-i), true); ok {
				return r, true
			}
		}
	}
	return term.NoTerm, false
}

// remainderOf returns a rem b when p is (a div b)·b (negated: added, not
// subtracted) in one of the forms DivRem names; the negated product may
// also be a product by -b.
func remainderOf(st *term.Store, a, p term.Term, negated bool) (term.Term, bool) {
	if negated {
		if st.Op(p) == term.OpBVNeg {
			return remainderOf(st, a, st.Arg(p, 0), false)
		}
	}
	if st.Op(p) != term.OpBVMul {
		return term.NoTerm, false
	}
	for i := 0; i < 2; i++ {
		q, m := st.Arg(p, i), st.Arg(p, 1-i)
		var rem term.Op
		switch st.Op(q) {
		case term.OpBVSdiv:
			rem = term.OpBVSrem
		case term.OpBVUdiv:
			rem = term.OpBVUrem
		default:
			continue
		}
		if st.Arg(q, 0) != a {
			continue
		}
		b := st.Arg(q, 1)
		match := m == b && !negated
		switch {
		case negated && st.Op(m) == term.OpBVNeg:
			match = st.Arg(m, 0) == b
		case negated && st.Op(m) == term.OpBVConst && st.Op(b) == term.OpBVConst:
			match = bv.Neg(st.Value(b)).Equal(st.Value(m))
		}
		if match {
			return st.MustMake(rem, nil, a, b), true
		}
	}
	return term.NoTerm, false
}
