package quant

import (
	"context"

	"github.com/sift-solver/sift/term"
)

// shrinkWidth is how many instances a narrowed range may have.
const shrinkWidth = 1 << 10

// Shrink re-solves φ_QF when m gives some ∀ a range too large to enumerate
// (a solver happily picks n = 2^31 for ∀i < n): it adds hints that bound
// every upper bound term to the first index plus shrinkWidth, without wrap.
// The hints strengthen φ_QF, so a model of the result is only a candidate
// (validated like every other) and an unsat answer proves nothing; nil means
// there was nothing to narrow or no narrowed model.
func Shrink(ctx context.Context, q *Query, qf []term.Term, m *term.Model, solve QFSolver, limit uint64) (*term.Model, error) {
	st := q.Store
	ev := term.NewEvaluator(st, m)
	var hints []term.Term
	for _, f := range q.Foralls {
		if _, _, _, err := f.instances(ev, limit); err != errTooMany || len(f.Upper) == 0 {
			continue
		}
		first := f.FirstIndex(st)
		end := st.MustMake(term.OpBVAdd, nil, first, f.constIndex(st, shrinkWidth))
		hints = append(hints, st.MustMake(term.OpBVUle, nil, first, end))
		for _, b := range f.Upper {
			hints = append(hints, st.MustMake(term.OpBVUle, nil, b.T, end))
		}
	}
	if len(hints) == 0 {
		return nil, nil
	}
	status, m2, err := solve(ctx, append(append([]term.Term(nil), qf...), hints...))
	if err != nil || status != Sat {
		return nil, err
	}
	return m2, nil
}
