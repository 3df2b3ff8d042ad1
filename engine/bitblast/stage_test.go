package bitblast

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/term"
)

// TestStageDecides runs the stage alone on problems of each answer: a read
// over a write refuted with its core (on the first check and on a later one), a read whose model satisfies the
// assertions, an assumption that fails, and a quantifier it leaves alone.
func TestStageDecides(t *testing.T) {
	st := term.NewStore()
	w := st.BitVecSort(8)
	a := st.Var("a", st.ArraySort(w, w))
	i, j := st.Var("i", w), st.Var("j", w)
	five := st.ConstUint64(8, 5)
	written := st.MustMake(term.OpStore, nil, a, i, five)
	readBack := st.Eq(st.MustMake(term.OpSelect, nil, written, i), five)
	other := st.Eq(st.MustMake(term.OpSelect, nil, a, j), st.ConstUint64(8, 7))
	x := st.BoundVar("x", w)
	forall := st.MustMake(term.OpForall, nil, x, st.MustMake(term.OpBVUle, nil, x, i))
	tests := []struct {
		name        string
		assertions  []term.Term
		assumptions []term.Term
		want        term.Status
		core        []int // for unsat
		failed      []int
		reason      string // for unknown
	}{
		// The stage's first check holds its unlabeled assertions as
		// clauses of their own, so its core is all of them; later checks
		// start over and guard each by an activation literal.
		{"read over write, first check", []term.Term{other, st.Not(readBack)}, nil, term.Unsat, []int{0, 1}, []int{}, ""},
		{"read over write", []term.Term{other, st.Not(readBack)}, nil, term.Unsat, []int{1}, []int{}, ""},
		{"sat", []term.Term{readBack, other, st.Not(st.Eq(i, j))}, nil, term.Sat, nil, nil, ""},
		{"failed assumption", []term.Term{other}, []term.Term{st.Not(readBack)}, term.Unsat, []int{}, []int{0}, ""},
		{"quantifier", []term.Term{forall}, nil, term.Unknown, nil, nil, "unsupported: quantifier"},
	}
	s := New(PruningFull)
	defer s.Close()
	for _, tc := range tests {
		p := &stage.Problem{Store: st, Assertions: tc.assertions, Labels: make([]string, len(tc.assertions)), Assumptions: tc.assumptions}
		v, err := s.Decide(context.Background(), p)
		if err != nil || v.Status != tc.want {
			t.Fatalf("%s: %v (%s), %v; want %v", tc.name, v.Status, v.Reason, err, tc.want)
		}
		switch v.Status {
		case term.Unsat:
			if !slices.Equal(v.Core, tc.core) || !slices.Equal(v.FailedAssumptions, tc.failed) {
				t.Errorf("%s: core %v, failed %v; want %v, %v", tc.name, v.Core, v.FailedAssumptions, tc.core, tc.failed)
			}
		case term.Sat:
			ev := term.NewEvaluator(st, v.Model)
			for k, f := range p.Terms() {
				if ok, err := ev.EvalBool(f); err != nil || !ok {
					t.Errorf("%s: term %d is not true under the model (%v)", tc.name, k, err)
				}
			}
		case term.Unknown:
			if !strings.HasPrefix(v.Reason, tc.reason) {
				t.Errorf("%s: reason %q, want %q", tc.name, v.Reason, tc.reason)
			}
		}
	}
}
