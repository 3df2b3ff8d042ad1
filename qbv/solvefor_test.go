package qbv

import (
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// TestSolveFor: where an equation is solved for x, it holds exactly when x
// is the solution, for every value of x and of the other variable (width
// 4); an even coefficient or a nonlinear x is not solved.
func TestSolveFor(t *testing.T) {
	st := term.NewStore()
	s := st.BitVecSort(4)
	x, y := st.Var("x", s), st.Var("y", s)
	k := func(v uint64) term.Term { return st.ConstUint64(4, v) }
	mk := func(op term.Op, args ...term.Term) term.Term { return st.MustMake(op, nil, args...) }
	tests := []struct {
		name   string
		l, r   term.Term
		solved bool
	}{
		{"x + y = 3", mk(term.OpBVAdd, x, y), k(3), true},
		{"3x - y = 5", mk(term.OpBVSub, mk(term.OpBVMul, k(3), x), y), k(5), true},
		{"y = -(5x) + 2x + 7", y, mk(term.OpBVAdd, mk(term.OpBVNeg, mk(term.OpBVMul, k(5), x)), mk(term.OpBVMul, x, k(2)), k(7)), true},
		{"even coefficient: 2x = y", mk(term.OpBVMul, k(2), x), y, false},
		{"x - x + y = 1", mk(term.OpBVAdd, mk(term.OpBVSub, x, x), y), k(1), false},
		{"nonlinear: x*y = 1", mk(term.OpBVMul, x, y), k(1), false},
		{"under and: (x & y) = 1", mk(term.OpBVAnd, x, y), k(1), false},
		{"negated nonlinear: -(x*y) = 1", mk(term.OpBVNeg, mk(term.OpBVMul, x, y)), k(1), false},
	}
	for _, tc := range tests {
		sol := solveFor(st, tc.l, tc.r, x)
		if (sol != term.NoTerm) != tc.solved {
			t.Errorf("%s: solved %v, want %v", tc.name, sol != term.NoTerm, tc.solved)
			continue
		}
		if sol == term.NoTerm {
			continue
		}
		if st.Contains(sol, func(u term.Term) bool { return u == x }) {
			t.Errorf("%s: the solution mentions x", tc.name)
		}
		for xv := range uint64(16) {
			for yv := range uint64(16) {
				m := term.NewModel()
				m.Set(x, st.BVValue(bv.New(4, xv)))
				m.Set(y, st.BVValue(bv.New(4, yv)))
				ev := term.NewEvaluator(st, m)
				eq, err1 := ev.EvalBool(st.Eq(tc.l, tc.r))
				is, err2 := ev.EvalBool(st.Eq(x, sol))
				if err1 != nil || err2 != nil || eq != is {
					t.Fatalf("%s at x=%d, y=%d: equation %v, x = solution %v (%v, %v)", tc.name, xv, yv, eq, is, err1, err2)
				}
			}
		}
	}
}
