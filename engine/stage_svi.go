package engine

import (
	"context"
	"fmt"
	"strconv"

	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/svi"
	"github.com/sift-solver/sift/term"
)

// SVIStage is the strided value interval decision procedure of seed 004
// (package svi) as a pipeline stage, placed before bit-blasting: it decides
// conjunctions of comparisons over linear terms, extracts, concats and
// reads of array variables (symbolic-execution memory) without a SAT call,
// and answers Unknown at once on anything else. Its sat models, arrays
// included, are validated by the driver like every other stage's.
type SVIStage struct {
	s svi.Stage
}

// NewSVIStage returns a stage with zeroed statistics.
func NewSVIStage() *SVIStage { return &SVIStage{} }

func (*SVIStage) Name() string { return "svi" }

// Decide takes the assertions and the assumptions as one conjunction.
func (s *SVIStage) Decide(ctx context.Context, p *stage.Problem) (v stage.Verdict, err error) {
	defer func() {
		// A panic in the domain is a bug; later stages still get the problem.
		if r := recover(); r != nil {
			v, err = stage.Verdict{}, fmt.Errorf("svi: internal error: %v", r)
		}
	}()
	d := s.s.Decide(ctx, p.Store, p.Terms())
	switch d.Status {
	case svi.Unsat:
		// The core indexes the assertions followed by the assumptions.
		v = stage.Verdict{Status: term.Unsat, Core: []int{}, FailedAssumptions: []int{}}
		for _, i := range d.Core {
			if i < len(p.Assertions) {
				v.Core = append(v.Core, i)
			} else {
				v.FailedAssumptions = append(v.FailedAssumptions, i-len(p.Assertions))
			}
		}
		return v, nil
	case svi.Sat:
		return stage.Verdict{Status: term.Sat, Model: d.TermModel(p.Store)}, nil
	}
	return stage.Verdict{Status: term.Unknown, Reason: d.Reason}, nil
}

// Stats returns how many checks each layer answered.
func (s *SVIStage) Stats() svi.Stats { return s.s.Stats() }

// LastLayer is the layer that answered the last check: svi.PVI or svi.UBox
// when the stage decided it, svi.BVT when it gave up.
func (s *SVIStage) LastLayer() svi.Level { return s.s.LastLayer() }

// LastDecision is the last check's svi.Decision; its Sets are the variable
// domains the exact layer proved (sound facts for later stages).
func (s *SVIStage) LastDecision() svi.Decision { return s.s.Last() }

// Statistics reports, for --stats, how many checks each svi layer answered.
func (s *SVIStage) Statistics() [][2]string {
	st := s.s.Stats()
	return [][2]string{
		{"svi-pvi", strconv.Itoa(st.PVI)},
		{"svi-ubox", strconv.Itoa(st.UBox)},
		{"svi-bvt", strconv.Itoa(st.BVT)},
		{"svi-out-of-fragment", strconv.Itoa(st.OutOfFragment)},
	}
}
