package engine

import (
	"context"
	"errors"
	"fmt"

	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/term"
)

// provableQuantifierCap bounds quantifier enumeration in validation when the
// verdict has a ModelCheck to prove the rest.
const provableQuantifierCap = 1 << 12

// validate evaluates every original assertion and assumption of p under m.
// It is the gate in front of every sat answer. Those whose evaluation passes
// the quantifier cap go, all together, to the verdict's ModelCheck when it
// has one, which must prove them true; closed sentences that the verdict's
// stage decided as given (Verdict.Sentences) are proved already. checked
// says how many were proved rather than evaluated.
func (d *Driver) validate(ctx context.Context, p *stage.Problem, m *term.Model, v stage.Verdict) (checked int, err error) {
	ev := term.NewEvaluator(p.Store, m)
	check := v.ModelCheck
	if check != nil {
		// The stage can prove what enumeration leaves open, in one query
		// per assertion: enumerating a cap's worth of instances of a large
		// body first costs more than that query.
		ev.QuantifierCap = provableQuantifierCap
	}
	var capped []term.Term
	eval := func(kind string, i int, t term.Term) error {
		if v.Sentences[t] {
			checked++
			return nil
		}
		b, err := ev.EvalBool(t)
		if err != nil {
			if check != nil && errors.Is(err, term.ErrQuantifierCap) {
				capped = append(capped, t)
				return nil
			}
			return fmt.Errorf("%s %d cannot be evaluated: %v", kind, i, err)
		}
		if !b {
			return fmt.Errorf("%s %d is false under the model", kind, i)
		}
		return nil
	}
	for i, a := range p.Assertions {
		if err := eval("assertion", i, a); err != nil {
			return 0, err
		}
	}
	for i, a := range p.Assumptions {
		if err := eval("assumption", i, a); err != nil {
			return 0, err
		}
	}
	if len(capped) > 0 {
		if err := check(ctx, p.Store, m, capped); err != nil {
			// The check may not cover what enumeration under the full cap
			// decides (quant's has no nested quantifiers): enumerate those.
			capped, err = enumerateCapped(p.Store, m, capped, err)
			if err != nil {
				return 0, fmt.Errorf("%d assertions past the quantifier cap not confirmed: %w", len(capped), err)
			}
		}
	}
	return checked + len(capped), nil
}

// enumerateCapped evaluates the assertions that passed provableQuantifierCap
// and that the verdict's check did not confirm (with checkErr) under the
// default cap. It returns those still undecided, with checkErr, or the first
// that is false.
func enumerateCapped(st *term.Store, m *term.Model, capped []term.Term, checkErr error) ([]term.Term, error) {
	ev := term.NewEvaluator(st, m)
	var left []term.Term
	for _, t := range capped {
		b, err := ev.EvalBool(t)
		switch {
		case err != nil:
			left = append(left, t)
		case !b:
			return []term.Term{t}, errors.New("false under the model")
		}
	}
	if len(left) > 0 {
		return left, checkErr
	}
	return nil, nil
}
