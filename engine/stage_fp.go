package engine

import (
	"context"
	"fmt"

	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/fp/fpbv"
	"github.com/sift-solver/sift/term"
)

// fpLowerStep is the Transformer that turns floating-point problems into
// bit-vector problems (package fp/fpbv): every float becomes its IEEE
// encoding, every operation an exact circuit of words, so that the stages
// after it (svi, preprocess, the bit-blaster with lemmas on demand) decide
// them. Its model map reads a model of the words back as floats, and the
// driver validates that model on the original assertions. stage.Problems without
// floating point pass through untouched.
type fpLowerStep struct {
	lowering *fpbv.Lowering // of the session's store, kept across checks
	st       *term.Store
}

func (*fpLowerStep) Name() string { return "fp-lower" }

// Decide is what lowering decides alone: nothing.
func (*fpLowerStep) Decide(context.Context, *stage.Problem) (stage.Verdict, error) {
	return stage.Verdict{Status: term.Unknown, Reason: "lowering decides nothing"}, nil
}

// PreservesIndices implements stage.IndexPreserver: assertion i lowers to
// assertion i.
func (*fpLowerStep) PreservesIndices() {}

func (s *fpLowerStep) Transform(ctx context.Context, p *stage.Problem) (*stage.Problem, stage.ModelMap, stage.Verdict, error) {
	st := p.Store
	if !st.FeaturesOf(p.Assertions).Has(term.FeatFloat) && !st.FeaturesOf(p.Assumptions).Has(term.FeatFloat) {
		return p, nil, stage.Verdict{}, nil
	}
	if s.lowering == nil || s.st != st {
		s.lowering, s.st = fpbv.New(st), st
	}
	if err := s.lowering.ArraysExact(append(append([]term.Term(nil), p.Assertions...), p.Assumptions...)); err != nil {
		return p, nil, stage.Verdict{}, fmt.Errorf("floating point: %w", err)
	}
	lower := func(ts []term.Term) ([]term.Term, error) {
		out := make([]term.Term, len(ts))
		for i, t := range ts {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			r, err := s.lowering.Lower(t)
			if err != nil {
				return nil, err
			}
			out[i] = r
		}
		return out, nil
	}
	as, err := lower(p.Assertions)
	if err != nil {
		return p, nil, stage.Verdict{}, fmt.Errorf("floating point: %w", err)
	}
	asm, err := lower(p.Assumptions)
	if err != nil {
		return p, nil, stage.Verdict{}, fmt.Errorf("floating point: %w", err)
	}
	next := &stage.Problem{Store: st, Assertions: as, Labels: p.Labels, Assumptions: asm}
	l := s.lowering
	mm := func(m *term.Model) *term.Model {
		r, err := l.Model(m)
		if err != nil {
			return m // validation on the original problem rejects it
		}
		return r
	}
	return next, mm, stage.Verdict{}, nil
}
