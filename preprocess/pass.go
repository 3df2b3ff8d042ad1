package preprocess

import (
	"context"
	"time"

	"github.com/sift-solver/sift/term"
)

// A Pass is one word-level preprocessing step. Apply rewrites s.Assertions
// into an equisatisfiable list, records every variable it eliminates on the
// trail (State.Eliminate) and reports whether it changed anything. A pass
// never reorders other passes or loops on its own: the Driver owns order and
// the fixed point.
type Pass interface {
	Name() string
	Apply(ctx context.Context, s *State) (changed bool, err error)
}

// A Triggered pass acts only on problems with certain constructs (function
// applications, nested arrays, ...). The driver skips it when the features
// recorded in the assertions' terms lack them, which costs no walk of the
// problem.
type Triggered interface {
	Triggered(f term.Features) bool
}

// PassStats accumulates what one pass did over the runs of a Driver.
type PassStats struct {
	Name string
	// Runs counts calls of Apply; Fired counts those that changed something.
	// Skipped counts the turns the driver did not call Apply: the pass's
	// trigger was absent, or nothing had changed since it last found
	// nothing to do.
	Runs, Fired, Skipped int
	Time                 time.Duration
	// Eliminated counts variables the pass put on the trail; Rewritten counts
	// the terms it reports as replaced (pass-specific: assertions split,
	// parents replaced, embedded occurrences set to true, ...).
	Eliminated, Rewritten int
}
