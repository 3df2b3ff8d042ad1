package z3

import (
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// TestLowerForZ3 checks each overflow predicate's 2.6 meaning against the
// predicate itself on every pair of values at widths 1 to 5, and that no
// overflow predicate is left for Z3.
func TestLowerForZ3(t *testing.T) {
	st := term.NewStore()
	for op := range overflowOps {
		for w := uint32(1); w <= 5; w++ {
			s := st.BitVecSort(w)
			x, y := st.Var("x", s), st.Var("y", s)
			args := []term.Term{x, y}
			if op == term.OpBVNego {
				args = args[:1]
			}
			orig := st.MustMake(op, nil, args...)
			low := lowerForZ3(st, []term.Term{orig})[0]
			if st.Contains(low, func(u term.Term) bool { return overflowOps[st.Op(u)] }) {
				t.Fatalf("%s at width %d: an overflow predicate is left", op, w)
			}
			for a := uint64(0); a < 1<<w; a++ {
				for b := uint64(0); b < 1<<w; b++ {
					m := term.NewModel()
					m.Set(x, st.BVValue(bv.New(w, a)))
					m.Set(y, st.BVValue(bv.New(w, b)))
					ev := term.NewEvaluator(st, m)
					want, err1 := ev.EvalBool(orig)
					got, err2 := ev.EvalBool(low)
					if err1 != nil || err2 != nil || got != want {
						t.Fatalf("%s at width %d on %d, %d: lowered %v, predicate %v (%v %v)", op, w, a, b, got, want, err1, err2)
					}
				}
			}
		}
	}
}
