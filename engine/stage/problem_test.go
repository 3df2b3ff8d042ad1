package stage

import (
	"context"
	"testing"

	"github.com/sift-solver/sift/term"
)

// TestArrayAnalysisOncePerProblem checks that the stages handed one problem
// share one analysis of it, that another problem gets its own, and that an
// analysis a canceled context cut short is not kept.
func TestArrayAnalysisOncePerProblem(t *testing.T) {
	st := term.NewStore()
	w := st.BitVecSort(8)
	a := st.Var("a", st.ArraySort(w, w))
	i := st.Var("i", w)
	read := st.MustMake(term.OpBVUlt, nil, st.MustMake(term.OpSelect, nil, a, i), st.ConstUint64(8, 4))
	p := &Problem{Store: st, Assertions: []term.Term{read}}

	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	if an, err := p.ArrayAnalysis(canceled); err == nil {
		t.Logf("the analysis finished before it saw the cancellation: %v", an.Stats.Outcome)
	} else if p.analysis != nil {
		t.Fatal("an analysis cut short was kept")
	}
	first, err := p.ArrayAnalysis(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := p.ArrayAnalysis(context.Background()); again != first {
		t.Error("the second stage got a second analysis of the same problem")
	}
	other := &Problem{Store: st, Assertions: []term.Term{read}}
	if o, _ := other.ArrayAnalysis(context.Background()); o == first {
		t.Error("another problem got this problem's analysis")
	}
}
