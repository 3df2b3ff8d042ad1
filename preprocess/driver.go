package preprocess

import (
	"context"
	"fmt"
	"time"

	"github.com/sift-solver/sift/term"
)

// Options configure a Driver.
type Options struct {
	// Disabled switches passes off by name (for ablations).
	Disabled map[string]bool
	// MaxRounds bounds the repetitions of the pass list; 0 means
	// DefaultMaxRounds.
	MaxRounds int
	// Sanity runs CheckSanity after every pass and fails the run on the
	// first violation. Tests set it; it costs a walk of the problem per pass.
	Sanity bool
}

// DefaultMaxRounds bounds the fixed-point iteration.
const DefaultMaxRounds = 8

// Driver runs a list of passes to a fixed point. It alone decides the order,
// which passes run and when to stop.
type Driver struct {
	Passes []Pass
	Opts   Options
	// Stats has one entry per pass, accumulated over every Run.
	Stats []PassStats
	// Runs counts calls of Run; Rounds the rounds over all runs.
	Runs, Rounds int
}

// DefaultPasses returns fresh instances of the passes in their default
// order: cheap splitting and rewriting first, so that substitution and
// unconstrained elimination see normalised assertions.
func DefaultPasses() []Pass {
	return []Pass{
		FlattenAnd{},
		DivRem{},
		&Rewrite{},
		VarSubst{},
		PolyEq{},
		EmbeddedConstraints{},
		NewUnconstrained(),
		NewSlice(), NewEqWidth(),
		NewAckermann(), NewNestedArrays(),
	}
}

// NewDriver returns a driver over passes (DefaultPasses when none are given).
func NewDriver(opts Options, passes ...Pass) *Driver {
	if len(passes) == 0 {
		passes = DefaultPasses()
	}
	d := &Driver{Passes: passes, Opts: opts, Stats: make([]PassStats, len(passes))}
	for i, p := range passes {
		d.Stats[i].Name = p.Name()
	}
	return d
}

// Run preprocesses assertions with the variables of frozen protected. The
// result depends only on those two inputs (and the store), so it is correct
// under push and pop whatever was run before.
func (d *Driver) Run(ctx context.Context, st *term.Store, assertions, frozen []term.Term) (*State, error) {
	d.Runs++
	s := NewState(st, assertions, frozen)
	s.ctx = ctx
	if d.Opts.Sanity {
		if err := CheckSanity(s); err != nil {
			return s, fmt.Errorf("preprocess: input: %w", err)
		}
	}
	rounds := d.Opts.MaxRounds
	if rounds <= 0 {
		rounds = DefaultMaxRounds
	}
	// Passes depend only on the assertions (and the frozen variables, fixed
	// for the run), so a pass that found nothing to do finds nothing again
	// until another pass has changed something: step numbers the turns,
	// lastChange is the last turn that fired, quiet[i] the last turn at
	// which pass i ran without firing.
	step, lastChange := 0, 0
	quiet := make([]int, len(d.Passes))
	feats := st.FeaturesOf(s.Assertions)
	for r := 0; r < rounds; r++ {
		d.Rounds++
		any := false
		for i, p := range d.Passes {
			if d.Opts.Disabled[p.Name()] {
				continue
			}
			if err := ctx.Err(); err != nil {
				return s, err
			}
			if tp, ok := p.(Triggered); (ok && !tp.Triggered(feats)) || quiet[i] > lastChange {
				d.Stats[i].Skipped++
				continue
			}
			step++
			start := time.Now()
			before := len(s.trail)
			s.rewritten = 0
			changed, err := p.Apply(ctx, s)
			ps := &d.Stats[i]
			ps.Runs++
			ps.Time += time.Since(start)
			ps.Eliminated += len(s.trail) - before
			ps.Rewritten += s.rewritten
			if err == nil && s.err != nil {
				err = s.err // the pass stopped early and did not say so
			}
			if err != nil {
				return s, fmt.Errorf("preprocess: %s: %w", p.Name(), err)
			}
			if changed {
				ps.Fired++
				any = true
				lastChange = step
				feats = st.FeaturesOf(s.Assertions)
			} else {
				quiet[i] = step
			}
			if d.Opts.Sanity {
				if err := CheckSanity(s); err != nil {
					return s, fmt.Errorf("preprocess: after %s: %w", p.Name(), err)
				}
			}
			if s.unsat {
				return s, nil
			}
		}
		if !any {
			break
		}
	}
	return s, nil
}
