package engine

import (
	"context"
)

// constantStage decides problems that the builder's rewrites already reduced
// to constants: some assertion or assumption is false (unsat), or all are true
// (sat with the empty model).
type constantStage struct{}

func (constantStage) Name() string { return "constant" }

func (constantStage) Decide(ctx context.Context, p *Problem) (Verdict, error) {
	st := p.Store
	allTrue := true
	for i, a := range p.Assertions {
		switch a {
		case st.False():
			return Verdict{Status: Unsat, Core: []int{i}, FailedAssumptions: []int{}}, nil
		case st.True():
		default:
			allTrue = false
		}
	}
	for i, a := range p.Assumptions {
		switch a {
		case st.False():
			return Verdict{Status: Unsat, Core: []int{}, FailedAssumptions: []int{i}}, nil
		case st.True():
		default:
			allTrue = false
		}
	}
	if allTrue {
		return Verdict{Status: Sat, Model: nil}, nil
	}
	return Verdict{Status: Unknown, Reason: "not constant"}, nil
}
