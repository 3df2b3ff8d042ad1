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

// rewrittenProblem is p with rw applied to every assertion and assumption
// (the incremental attempt's passes that keep indices); ctx's error when it
// ends first.
func rewrittenProblem(ctx context.Context, p *stage.Problem, rw func(term.Term) term.Term) (*stage.Problem, error) {
	next := *p
	next.Original, next.Posed = nil, nil
	next.Assertions = make([]term.Term, len(p.Assertions))
	for i, a := range p.Assertions {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		next.Assertions[i] = rw(a)
	}
	next.Assumptions = make([]term.Term, len(p.Assumptions))
	for i, a := range p.Assumptions {
		next.Assumptions[i] = rw(a)
	}
	return &next, nil
}

// copyModel returns a copy of m's values and choices, for a pass's model
// map to add to.
func copyModel(m *term.Model) *term.Model {
	out := term.NewModel()
	for x, v := range m.Values {
		out.Set(x, v)
	}
	out.Choices = m.Choices
	return out
}
