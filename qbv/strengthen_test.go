package qbv

import (
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// TestStrengthening: the strengthening of ∀x,y.φ implies the ∀ for every
// value of the free symbols k and r (width 3, by enumeration), and it is
// not trivially false where a model exists; bodies without a disjunct of
// the closed shape have none.
func TestStrengthening(t *testing.T) {
	st := term.NewStore()
	s := st.BitVecSort(3)
	x, y, k, r := st.Var("x", s), st.Var("y", s), st.Var("k", s), st.Var("r", s)
	c := func(v uint64) term.Term { return st.ConstUint64(3, v) }
	mk := func(op term.Op, args ...term.Term) term.Term { return st.MustMake(op, nil, args...) }
	sum := mk(term.OpBVAdd, mk(term.OpBVMul, c(2), x), mk(term.OpBVMul, c(2), y), k, c(1))
	n := newNormalizer(st, &Stats{}, 0)
	tests := []struct {
		name string
		body term.Term
		none bool // no strengthening
	}{
		{"guarded signed sum", st.Or(mk(term.OpBVSlt, y, k), mk(term.OpBVSlt, x, y), mk(term.OpBVSlt, r, sum)), false},
		{"guarded unsigned sum", st.Or(mk(term.OpBVUlt, y, k), mk(term.OpBVUlt, r, mk(term.OpBVAdd, mk(term.OpBVMul, c(4), x), mk(term.OpBVMul, c(2), y), k))), false},
		{"ground disjunct", st.Or(mk(term.OpBVUlt, x, y), mk(term.OpBVUlt, k, r)), false},
		{"no closed disjunct", st.Or(mk(term.OpBVUlt, x, y), mk(term.OpBVUlt, r, mk(term.OpBVMul, x, y))), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := &quantifier{vars: []term.Term{x, y}, body: tc.body}
			strong := n.strengthening(q)
			if tc.none {
				if strong != term.NoTerm {
					t.Fatalf("strengthening %s, want none", st.Op(strong))
				}
				return
			}
			if strong == term.NoTerm {
				t.Fatal("no strengthening")
			}
			held := 0
			for kv := range uint64(8) {
				for rv := range uint64(8) {
					m := term.NewModel()
					m.Set(k, st.BVValue(bv.New(3, kv)))
					m.Set(r, st.BVValue(bv.New(3, rv)))
					sb, err := term.NewEvaluator(st, m).EvalBool(strong)
					if err != nil {
						t.Fatal(err)
					}
					if !sb {
						continue
					}
					held++
					for xv := range uint64(8) {
						for yv := range uint64(8) {
							m.Set(x, st.BVValue(bv.New(3, xv)))
							m.Set(y, st.BVValue(bv.New(3, yv)))
							if b, err := term.NewEvaluator(st, m).EvalBool(tc.body); err != nil || !b {
								t.Fatalf("k=%d r=%d: strengthening holds, body false at x=%d y=%d (%v)", kv, rv, xv, yv, err)
							}
						}
					}
				}
			}
			if held == 0 {
				t.Error("strengthening never holds")
			}
		})
	}
}
