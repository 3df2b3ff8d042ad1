package quant

import (
	"context"
	"math/big"

	"github.com/sift-solver/sift/term"
)

// Shrink re-solves φ_QF when m gives some ∀ a range wider than the first
// of hintWidths (a solver happily picks n = 2^31 for ∀i < n): it adds hints
// that bound every upper bound term to the first index plus the width,
// without wrap, for each width in turn until the hinted problem has a model.
// The hints strengthen φ_QF, so a model of the result is only a candidate
// (validated like every other) and an unsat answer proves nothing; nil means
// there was nothing to narrow or no narrowed model. Small models are what
// duplication and repair work best on: they write and re-solve fewer cells.
func Shrink(ctx context.Context, q *Query, qf []term.Term, m *term.Model, solve QFSolver) (*term.Model, error) {
	ev := term.NewEvaluator(q.Store, m)
	wide := false
	for _, f := range q.Foralls {
		lo, hi, ok, err := f.Range(ev)
		if err != nil || !ok || len(f.Upper) == 0 {
			continue
		}
		if n := new(big.Int).Sub(hi, lo); !n.IsUint64() || n.Uint64() >= hintWidths[0] {
			wide = true
		}
	}
	if !wide {
		return nil, nil
	}
	for _, w := range hintWidths {
		status, m2, err := solve(ctx, append(append([]term.Term(nil), qf...), rangeHints(q, w)...))
		if err != nil {
			return nil, err
		}
		if status == Sat {
			return m2, nil
		}
		if status == Unknown {
			return nil, nil
		}
	}
	return nil, nil
}

// shrinkHints returns first ≤ first + width (no wrap) and b ≤ first + width
// for every upper bound b of f.
func (f *Forall) shrinkHints(st *term.Store, width uint64) []term.Term {
	first := f.FirstIndex(st)
	end := st.MustMake(term.OpBVAdd, nil, first, f.constIndex(st, width))
	hints := []term.Term{st.MustMake(term.OpBVUle, nil, first, end)}
	for _, b := range f.Upper {
		hints = append(hints, st.MustMake(term.OpBVUle, nil, b.T, end))
	}
	return hints
}
