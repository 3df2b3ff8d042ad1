package qbv

import (
	"testing"

	"github.com/sift-solver/sift/term"
)

// TestMatchInstance: the instance matching picks for a ∀ over x and y,
// given the ground atoms of the problem. Want names x's and y's terms in
// order; nil wants no instance.
func TestMatchInstance(t *testing.T) {
	st := term.NewStore()
	s4, s8 := st.BitVecSort(4), st.BitVecSort(8)
	x, y := st.BoundVar("x", s4), st.BoundVar("y", s4)
	a, b, c, n := st.Var("a", s4), st.Var("b", s4), st.Var("c", s4), st.Var("n", s4)
	w := st.Var("w", s8)
	one, two := st.ConstUint64(4, 1), st.ConstUint64(4, 2)
	mk := func(op term.Op, args ...term.Term) term.Term { return st.MustMake(op, nil, args...) }
	ule := func(p, q term.Term) term.Term { return mk(term.OpBVUle, p, q) }
	ext := func(hi, lo uint32, p term.Term) term.Term { return st.MustMake(term.OpExtract, []uint32{hi, lo}, p) }
	cases := []struct {
		name   string
		body   term.Term
		ground []term.Term
		want   []term.Term
	}{
		{"one comparison", ule(x, y), []term.Term{ule(a, b)}, []term.Term{a, b}},
		{"shared ground term", st.And(ule(x, n), ule(n, y)), []term.Term{ule(a, n), ule(n, b)}, []term.Term{a, b}},
		{"most patterns win", st.And(ule(x, y), ule(y, x)), []term.Term{ule(a, c), ule(a, b), ule(b, a)}, []term.Term{a, b}},
		{"first of equals", st.And(ule(x, y), ule(y, x)), []term.Term{ule(a, b), ule(b, c)}, []term.Term{a, b}},
		{"structure below the comparison", st.Eq(mk(term.OpBVAdd, x, one), y),
			[]term.Term{st.Eq(mk(term.OpBVAdd, a, one), b)}, []term.Term{a, b}},
		{"ground subterm differs", st.Eq(mk(term.OpBVAdd, x, one), y),
			[]term.Term{st.Eq(mk(term.OpBVAdd, a, two), b)}, nil},
		{"operator differs", ule(x, y), []term.Term{mk(term.OpBVUlt, a, b)}, nil},
		{"a variable left unbound", st.And(ule(x, n), st.Eq(y, mk(term.OpBVMul, y, y))),
			[]term.Term{ule(a, n)}, nil},
		{"variable bound twice must agree", st.And(ule(x, n), ule(n, x), ule(y, c)),
			[]term.Term{ule(a, n), ule(n, b), ule(b, c)}, []term.Term{a, b}},
		{"sorts differ", ule(x, y), []term.Term{ule(w, w)}, nil},
		{"indices must agree", st.And(st.Eq(ext(3, 0, w), x), ule(y, a)),
			[]term.Term{st.Eq(ext(7, 4, w), b), ule(c, a)}, nil},
		{"indices agree", st.And(st.Eq(ext(7, 4, w), x), ule(y, a)),
			[]term.Term{st.Eq(ext(7, 4, w), b), ule(c, a)}, []term.Term{b, c}},
		{"no ground atom", ule(x, y), nil, nil},
	}
	for _, tc := range cases {
		r := &run{st: st, pool: newPool(st)}
		for _, g := range tc.ground {
			r.pool.collect(g)
		}
		q := &quantifier{vars: []term.Term{x, y}, body: tc.body}
		got, ok := r.matchInstance(q)
		if tc.want == nil {
			if ok {
				t.Errorf("%s: matched %v, want no instance", tc.name, names(st, got))
			}
			continue
		}
		if !ok {
			t.Errorf("%s: no instance, want %v", tc.name, names(st, tc.want))
			continue
		}
		for i := range tc.want {
			if got[i] != tc.want[i] {
				t.Errorf("%s: got %v, want %v", tc.name, names(st, got), names(st, tc.want))
				break
			}
		}
	}
}

func names(st *term.Store, ts []term.Term) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		if st.Op(t) == term.OpVar {
			out[i] = st.Name(t)
		} else {
			out[i] = st.Op(t).String()
		}
	}
	return out
}
