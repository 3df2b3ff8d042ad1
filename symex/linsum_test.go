package symex

import (
	"math/rand/v2"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// TestAddSubCancels: a sum with a term of both signs is built without it,
// any other as the plain operator, and both have the plain operator's
// value at random values of the variables (8-bit, so wrap-around shows).
func TestAddSubCancels(t *testing.T) {
	st := term.NewStore()
	e := &Executor{st: st}
	s8 := st.BitVecSort(8)
	x, y, z := st.Var("x", s8), st.Var("y", s8), st.Var("z", s8)
	c := func(n uint64) term.Term { return st.ConstUint64(8, n) }
	mk := func(op term.Op, a, b term.Term) term.Term { return st.MustMake(op, nil, a, b) }
	add := func(a, b term.Term) term.Term { return mk(term.OpBVAdd, a, b) }
	sub := func(a, b term.Term) term.Term { return mk(term.OpBVSub, a, b) }
	// a byte search's index, relative to the offset x
	rel := sub(st.Ite(st.MustMake(term.OpBVUlt, nil, y, z), y, sub(x, c(1))), x)
	for _, tc := range []struct {
		name string
		a, b term.Term
		neg  bool
		want term.Term // NoTerm: the plain operator
	}{
		{"off plus a relative index", x, add(rel, c(1)), false, add(st.Ite(st.MustMake(term.OpBVUlt, nil, y, z), y, sub(x, c(1))), c(1))},
		{"sum minus a part", add(x, y), x, true, y},
		{"difference plus the subtrahend", sub(y, x), x, false, y},
		{"negation cancels", x, st.MustMake(term.OpBVNeg, nil, x), false, c(0)},
		{"twice, less once", add(add(x, x), y), x, true, term.NoTerm}, // x's coefficient stays 1: no term cancels
		{"constants only fold where a term cancels", add(x, c(3)), add(sub(z, x), c(254)), false, add(z, c(1))},
		{"no cancelling", add(x, c(1)), y, false, term.NoTerm},
	} {
		t.Run(tc.name, func(t *testing.T) {
			op := term.OpBVAdd
			if tc.neg {
				op = term.OpBVSub
			}
			plain := mk(op, tc.a, tc.b)
			got := e.addSub(tc.a, tc.b, tc.neg)
			if tc.want == term.NoTerm && got != plain {
				t.Fatalf("built %v, want the plain %v", got, plain)
			}
			if tc.want != term.NoTerm && got != tc.want {
				t.Fatalf("built %v, want %v", got, tc.want)
			}
			r := rand.New(rand.NewPCG(1, 2))
			for range 500 {
				m := term.NewModel()
				for _, v := range []term.Term{x, y, z} {
					m.Set(v, st.BVValue(bv.New(8, r.Uint64()&0xff)))
				}
				pv, err1 := st.Eval(plain, m)
				gv, err2 := st.Eval(got, m)
				if err1 != nil || err2 != nil || !pv.Equal(gv) {
					t.Fatalf("values differ: %v %v (%v %v)", pv, gv, err1, err2)
				}
			}
		})
	}
}
