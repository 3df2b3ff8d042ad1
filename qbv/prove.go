package qbv

import (
	"context"
	"fmt"

	"github.com/sift-solver/sift/term"
)

// Prove proves each assertion true under m, for the validation of a sat
// answer when evaluating an assertion passes the enumeration cap: every
// free symbol is replaced by its value (arrays by constant arrays under
// stores, applications of functions by their tables), and the procedure
// must show the closed sentence that results true, that is, answer sat
// with every atom proved. It returns nil only then.
func (s *Solver) Prove(ctx context.Context, st *term.Store, m *term.Model, assertions []term.Term) error {
	for i, a := range assertions {
		closed, ok := fixSymbols(st, a, st.FreeVarsOf(a), m)
		if !ok {
			s.Stats.ModelCheckFailures++
			return fmt.Errorf("assertion %d: a value of the model has no term", i)
		}
		if err := supported(st, []term.Term{closed}); err != nil {
			s.Stats.ModelCheckFailures++
			return fmt.Errorf("assertion %d: %v", i, err)
		}
		r := s.newRun(st, newNormalizer(st, &s.Stats, s.ExpandBits), 0)
		r.assert(closed)
		status, _, err := r.loop(ctx, nil)
		if err != nil {
			s.Stats.ModelCheckFailures++
			return fmt.Errorf("assertion %d: %v", i, err)
		}
		if status != Sat {
			s.Stats.ModelCheckFailures++
			if status == Unsat {
				return fmt.Errorf("assertion %d is false under the model", i)
			}
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("assertion %d not proved: %w", i, err)
			}
			return fmt.Errorf("assertion %d not proved: %s", i, r.reason)
		}
		s.Stats.ModelChecks++
	}
	return nil
}
