package qbv

import (
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// TestForallComparison: for every comparison, both polarities and both
// sides, the closed form of ∀x.d agrees with enumerating x, for every value
// of the other variables (width 4), odd and even coefficients; a zero
// coefficient or x on both sides is not eliminated.
func TestForallComparison(t *testing.T) {
	st := term.NewStore()
	s := st.BitVecSort(4)
	x, y, u := st.Var("x", s), st.Var("y", s), st.Var("u", s)
	k := func(v uint64) term.Term { return st.ConstUint64(4, v) }
	mk := func(op term.Op, args ...term.Term) term.Term { return st.MustMake(op, nil, args...) }
	n := newNormalizer(st, &Stats{}, 0)
	name := func(d term.Term) string { return st.Op(d).String() }
	ops := []term.Op{term.OpEq, term.OpDistinct, term.OpBVUlt, term.OpBVUle, term.OpBVUgt, term.OpBVUge,
		term.OpBVSlt, term.OpBVSle, term.OpBVSgt, term.OpBVSge}
	sides := []term.Term{x, mk(term.OpBVAdd, mk(term.OpBVMul, k(3), x), y), mk(term.OpBVSub, y, mk(term.OpBVMul, k(5), x)),
		// even coefficients: 2, -4, 6, 8 (2^(w-1)), 12
		mk(term.OpBVAdd, mk(term.OpBVMul, k(2), x), y), mk(term.OpBVSub, y, mk(term.OpBVMul, k(4), x)),
		mk(term.OpBVMul, k(6), x), mk(term.OpBVAdd, mk(term.OpBVMul, k(8), x), y), mk(term.OpBVAdd, y, mk(term.OpBVMul, k(12), x), k(5))}
	for _, op := range ops {
		for _, side := range sides {
			for _, pos := range []bool{true, false} {
				for k := 0; k < 2; k++ {
					args := []term.Term{side, u}
					if k == 1 {
						args[0], args[1] = u, side
					}
					d := mk(op, args...)
					if !pos {
						d = st.Not(d)
					}
					closed, ok := n.forallComparison(d, x)
					if !ok {
						t.Errorf("%s: not eliminated", name(d))
						continue
					}
					for yv := range uint64(16) {
						for uv := range uint64(16) {
							all := true
							for xv := range uint64(16) {
								m := term.NewModel()
								m.Set(x, st.BVValue(bv.New(4, xv)))
								m.Set(y, st.BVValue(bv.New(4, yv)))
								m.Set(u, st.BVValue(bv.New(4, uv)))
								b, err := term.NewEvaluator(st, m).EvalBool(d)
								if err != nil {
									t.Fatal(err)
								}
								all = all && b
							}
							m := term.NewModel()
							m.Set(y, st.BVValue(bv.New(4, yv)))
							m.Set(u, st.BVValue(bv.New(4, uv)))
							got, err := term.NewEvaluator(st, m).EvalBool(closed)
							if err != nil || got != all {
								t.Fatalf("%s at y=%d, u=%d: closed form %s is %v, ∀x gives %v (%v)", name(d), yv, uv, name(closed), got, all, err)
							}
						}
					}
				}
			}
		}
	}
	for _, d := range []term.Term{
		mk(term.OpBVUlt, mk(term.OpBVMul, k(0), x), u),
		mk(term.OpBVUle, x, mk(term.OpBVAdd, x, u)),
		mk(term.OpBVUle, mk(term.OpBVMul, x, y), u),
	} {
		if _, ok := n.forallComparison(d, x); ok {
			t.Errorf("%s: eliminated, want not", name(d))
		}
	}
}
