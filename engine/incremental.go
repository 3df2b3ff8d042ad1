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
		Base: base + len(congruence), NoCores: p.NoCores}
	return next, res.Reconstruct, stage.Verdict{}, nil
}

// rewrittenProblem is p with rw applied to every assertion and assumption
// (the incremental attempt's passes that keep indices); ctx's error when it
// ends first. The leading assertions that last's previous problem began
// with too are taken from it rather than looked up again: a client's checks
// each add a few assertions to thousands, and one memo lookup per assertion
// per check made a 400-step unrolling quadratic. The pass resets last
// whenever rw's rewrites change.
func rewrittenProblem(ctx context.Context, p *stage.Problem, rw func(term.Term) term.Term, last *prefixRewrites) (*stage.Problem, error) {
	// Not a copy of p: what p cached about its terms (features, the array
	// analysis) is not about the rewritten ones.
	next := &stage.Problem{Store: p.Store, Labels: p.Labels, Base: p.Base, NoCores: p.NoCores}
	n := commonPrefix(last.in, p.Assertions)
	out := last.out[:n]
	for _, a := range p.Assertions[n:] {
		if err := ctx.Err(); err != nil {
			last.reset()
			return nil, err
		}
		out = append(out, rw(a))
	}
	last.in, last.out = append(last.in[:n], p.Assertions[n:]...), out
	// Shared with the pass, clipped (stage.Problem: for this check).
	next.Assertions = slices.Clip(out)
	next.Assumptions = make([]term.Term, len(p.Assumptions))
	for i, a := range p.Assumptions {
		next.Assumptions[i] = rw(a)
	}
	return next, nil
}

// prefixRewrites is a pass's last rewrite of the assertions: in, and their
// rewrites out, index by index.
type prefixRewrites struct{ in, out []term.Term }

func (c *prefixRewrites) reset() { c.in, c.out = nil, nil }

// commonPrefix is the length of the longest common prefix of a and b.
func commonPrefix(a, b []term.Term) int {
	n := min(len(a), len(b))
	for i := range n {
		if a[i] != b[i] {
			return i
		}
	}
	return n
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
