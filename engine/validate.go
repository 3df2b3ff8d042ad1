package engine

import (
	"fmt"

	"github.com/sift-solver/sift/term"
)

// validate evaluates every original assertion and assumption of p under m.
// It is the gate in front of every sat answer.
func (d *Driver) validate(p *Problem, m *term.Model) error {
	ev := term.NewEvaluator(p.Store, m)
	check := func(kind string, i int, t term.Term) error {
		b, err := ev.EvalBool(t)
		if err != nil {
			return fmt.Errorf("%s %d cannot be evaluated: %v", kind, i, err)
		}
		if !b {
			return fmt.Errorf("%s %d is false under the model", kind, i)
		}
		return nil
	}
	for i, a := range p.Assertions {
		if err := check("assertion", i, a); err != nil {
			return err
		}
	}
	for i, a := range p.Assumptions {
		if err := check("assumption", i, a); err != nil {
			return err
		}
	}
	return nil
}
