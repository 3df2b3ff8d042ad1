package engine

import (
	"context"
	"fmt"
	"strconv"

	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/preprocess"
	"github.com/sift-solver/sift/term"
)

// preprocessStage is the Transformer that runs the word-level passes of
// package preprocess on the assertions. The variables of the assumptions are
// frozen, so the assumptions keep their meaning and pass through unchanged.
// Models of the result are mapped back by replaying the elimination trail.
type preprocessStage struct {
	driver *preprocess.Driver
}

// newPreprocessStage returns the stage with the default passes under opts
// (which can switch passes off by name).
func newPreprocessStage(opts preprocess.Options) *preprocessStage {
	return &preprocessStage{driver: preprocess.NewDriver(opts)}
}

func (*preprocessStage) Name() string { return "preprocess" }

// Decide is what the passes decide alone: unsat when they reduce the
// assertions to false, unknown otherwise.
func (s *preprocessStage) Decide(ctx context.Context, p *stage.Problem) (stage.Verdict, error) {
	_, _, v, err := s.Transform(ctx, p)
	if err == nil && v.Status == term.Unknown && v.Reason == "" {
		v.Reason = "preprocessing decided nothing"
	}
	return v, err
}

func (s *preprocessStage) Transform(ctx context.Context, p *stage.Problem) (*stage.Problem, stage.ModelMap, stage.Verdict, error) {
	if keepsCores(p) {
		return p, nil, stage.Verdict{}, nil
	}
	assertions, frozen := p.Assertions, p.Assumptions
	if p.NoCores && len(p.Assumptions) > 0 {
		// Nobody asks which assumptions failed: they are assertions here.
		assertions, frozen = p.Terms(), nil
	}
	res, err := s.driver.Run(ctx, p.Store, assertions, frozen)
	if err != nil {
		if ctx.Err() != nil {
			return p, nil, stage.Verdict{Status: term.Unknown, Reason: stage.ContextReason(ctx.Err())}, nil
		}
		return p, nil, stage.Verdict{}, err
	}
	if res.Unsat() {
		// The assertions alone are unsat (or, with the assumptions folded
		// in, the check is); which ones is not tracked.
		v := stage.Verdict{Status: term.Unsat}
		if frozen != nil || len(p.Assumptions) == 0 {
			v.FailedAssumptions = []int{}
		}
		return p, nil, v, nil
	}
	next := &stage.Problem{
		Store:       p.Store,
		Assertions:  res.Assertions,
		Labels:      make([]string, len(res.Assertions)),
		Assumptions: frozen,
		NoCores:     p.NoCores,
	}
	mm := func(m *term.Model) *term.Model { return res.Reconstruct(m) }
	return next, mm, stage.Verdict{}, nil
}

// keepsCores reports whether p must reach the deciding stage untransformed:
// the driver drops unsat cores and failed assumptions of transformed
// problems, so a problem with :named assertions or with assumptions is left
// alone to keep get-unsat-core and get-unsat-assumptions precise, unless
// the script can ask for neither.
func keepsCores(p *stage.Problem) bool {
	if p.NoCores {
		return false
	}
	if len(p.Assumptions) > 0 {
		return true
	}
	for _, l := range p.Labels {
		if l != "" {
			return true
		}
	}
	return false
}

// Statistics returns name/value pairs describing what each preprocessing pass
// did over the session, for --stats: runs, runs that changed the problem,
// eliminated variables, rewritten terms and time.
func (s *preprocessStage) Statistics() [][2]string {
	var out [][2]string
	for _, ps := range s.driver.Stats {
		p := "preprocess-" + ps.Name
		out = append(out,
			[2]string{p + "-runs", strconv.Itoa(ps.Runs)},
			[2]string{p + "-fired", strconv.Itoa(ps.Fired)},
			[2]string{p + "-skipped", strconv.Itoa(ps.Skipped)},
			[2]string{p + "-eliminated", strconv.Itoa(ps.Eliminated)},
			[2]string{p + "-rewritten", strconv.Itoa(ps.Rewritten)},
			[2]string{p + "-time", fmt.Sprintf("%.3f", ps.Time.Seconds())})
	}
	return out
}
