package engine

import (
	"context"

	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/term"
)

// constantStage decides problems that the builder's rewrites already reduced
// to constants: some assertion or assumption is false (unsat), or all are true
// (sat with the empty model).
type constantStage struct{}

func (constantStage) Name() string { return "constant" }

func (constantStage) Decide(ctx context.Context, p *stage.Problem) (stage.Verdict, error) {
	st := p.Store
	allTrue := true
	for i, a := range p.Assertions {
		switch a {
		case st.False():
			return stage.Verdict{Status: term.Unsat, Core: []int{i}, FailedAssumptions: []int{}}, nil
		case st.True():
		default:
			allTrue = false
		}
	}
	for i, a := range p.Assumptions {
		switch a {
		case st.False():
			return stage.Verdict{Status: term.Unsat, Core: []int{}, FailedAssumptions: []int{i}}, nil
		case st.True():
		default:
			allTrue = false
		}
	}
	if allTrue {
		return stage.Verdict{Status: term.Sat, Model: nil}, nil
	}
	return stage.Verdict{Status: term.Unknown, Reason: "not constant"}, nil
}
