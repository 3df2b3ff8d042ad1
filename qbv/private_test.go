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
					closed, ok := n.forallComparison(d, []term.Term{x})
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
		if _, ok := n.forallComparison(d, []term.Term{x}); ok {
			t.Errorf("%s: eliminated, want not", name(d))
		}
	}
}

// TestForallComparisonJoint: the closed form of ∀x,y.d for a comparison of
// a·x + b·y + t with u agrees with enumerating x and y (width 3): the sum
// takes the multiples of the smaller power of two among a and b, whatever
// the other coefficient; a second variable of the other side or under a
// product is not eliminated.
func TestForallComparisonJoint(t *testing.T) {
	st := term.NewStore()
	s := st.BitVecSort(3)
	x, y, z, u := st.Var("x", s), st.Var("y", s), st.Var("z", s), st.Var("u", s)
	k := func(v uint64) term.Term { return st.ConstUint64(3, v) }
	mk := func(op term.Op, args ...term.Term) term.Term { return st.MustMake(op, nil, args...) }
	lin := func(a, b uint64) term.Term {
		return mk(term.OpBVAdd, mk(term.OpBVMul, k(a), x), mk(term.OpBVMul, k(b), y), z)
	}
	n := newNormalizer(st, &Stats{}, 0)
	xs := []term.Term{x, y}
	for _, c := range [][2]uint64{{2, 2}, {6, 4}, {4, 2}, {3, 2}, {4, 0}, {0, 4}} {
		for _, op := range []term.Op{term.OpEq, term.OpDistinct, term.OpBVUlt, term.OpBVUle, term.OpBVSlt, term.OpBVSle} {
			for _, d := range []term.Term{mk(op, lin(c[0], c[1]), u), st.Not(mk(op, u, lin(c[0], c[1])))} {
				closed, ok := n.forallComparison(d, xs)
				if !ok {
					t.Fatalf("%v %s: not eliminated", c, op)
				}
				for zv := range uint64(8) {
					for uv := range uint64(8) {
						m := term.NewModel()
						m.Set(z, st.BVValue(bv.New(3, zv)))
						m.Set(u, st.BVValue(bv.New(3, uv)))
						all := true
						for xv := range uint64(8) {
							for yv := range uint64(8) {
								m.Set(x, st.BVValue(bv.New(3, xv)))
								m.Set(y, st.BVValue(bv.New(3, yv)))
								b, err := term.NewEvaluator(st, m).EvalBool(d)
								if err != nil {
									t.Fatal(err)
								}
								all = all && b
							}
						}
						got, err := term.NewEvaluator(st, m).EvalBool(closed)
						if err != nil || got != all {
							t.Fatalf("%v %s at z=%d, u=%d: closed form is %v, ∀x,y gives %v (%v)", c, op, zv, uv, got, all, err)
						}
					}
				}
			}
		}
	}
	for _, d := range []term.Term{
		mk(term.OpBVUle, mk(term.OpBVMul, k(2), x), mk(term.OpBVAdd, y, u)),
		mk(term.OpBVUle, mk(term.OpBVAdd, x, mk(term.OpBVMul, y, z)), u),
	} {
		if _, ok := n.forallComparison(d, xs); ok {
			t.Errorf("%s: eliminated, want not", st.Op(d))
		}
	}
}
