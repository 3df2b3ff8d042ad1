package engine

import (
	"context"
	"slices"

	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/preprocess"
	"github.com/sift-solver/sift/term"
)

// incrementalAckermann is the incremental attempt's one word-level pass:
// Ackermann's reduction of the functions into or over arrays (yosys-smtbmc's
// memories are functions from a state to an array), which the bit-blaster
// cannot take. The pass's fresh variables are the same from check to check,
// so the rewritten assertions are the same terms; its congruence constraints
// are valid whatever is asserted, so they join the base level, ordered by
// term (older constraints first), and the base stays a prefix that only
// grows across the checks.
type incrementalAckermann struct{ driver *preprocess.Driver }

func newIncrementalAckermann() *incrementalAckermann {
	return &incrementalAckermann{driver: preprocess.NewDriver(preprocess.Options{}, preprocess.NewAckermann())}
}

func (*incrementalAckermann) Name() string { return "ackermann" }

// Decide decides nothing: the pass only rewrites.
func (a *incrementalAckermann) Decide(context.Context, *stage.Problem) (stage.Verdict, error) {
	return stage.Verdict{Status: term.Unknown, Reason: "rewrites only"}, nil
}

func (a *incrementalAckermann) Transform(ctx context.Context, p *stage.Problem) (*stage.Problem, stage.ModelMap, stage.Verdict, error) {
	if !p.Store.FeaturesOf(p.Assertions).Has(term.FeatArrayFun | term.FeatApply) {
		return p, nil, stage.Verdict{}, nil
	}
	res, err := a.driver.Run(ctx, p.Store, p.Assertions, p.Assumptions)
	if err != nil {
		if ctx.Err() != nil {
			return p, nil, stage.Verdict{Status: term.Unknown, Reason: stage.ContextReason(ctx.Err())}, nil
		}
		return p, nil, stage.Verdict{}, err
	}
	out := res.Assertions
	n := len(p.Assertions)
	if res.Unsat() || len(out) < n {
		return p, nil, stage.Verdict{Status: term.Unknown, Reason: "ackermann: unexpected result"}, nil
	}
	congruence := slices.Clone(out[n:])
	slices.Sort(congruence)
	base := min(p.Base, n)
	assertions := make([]term.Term, 0, len(out))
	assertions = append(assertions, out[:base]...)
	assertions = append(assertions, congruence...)
	assertions = append(assertions, out[base:n]...)
	labels := make([]string, 0, len(out))
	labels = append(labels, p.Labels[:base]...)
	labels = append(labels, make([]string, len(congruence))...)
	labels = append(labels, p.Labels[base:]...)
	next := &stage.Problem{Store: p.Store, Assertions: assertions, Labels: labels, Assumptions: p.Assumptions,
		Base: base + len(congruence)}
	return next, res.Reconstruct, stage.Verdict{}, nil
}
