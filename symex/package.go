package symex

import (
	"context"
	"fmt"
	"runtime/debug"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// DefaultBudget is the CPU time each function gets in package mode when
// PackageConfig.Budget is 0.
const DefaultBudget = 30 * time.Second

// PackageConfig is how ExplorePackage explores a package's functions.
type PackageConfig struct {
	// Options makes the options of one function's exploration, afresh for
	// each: a merging strategy keeps its statistics from run to run.
	Options func() Options
	// Budget is the CPU time of each function's exploration (0:
	// DefaultBudget); an Options.CPULimit below it wins.
	Budget time.Duration
	// Solver makes the solver of one function's exploration over its
	// store (nil: the in-process engine). A solver that is an io.Closer
	// is closed when the function is done.
	Solver func(*term.Store) (Solver, error)
	// DeepenMax deepens each function's length bound within its budget up
	// to this bound (ExploreDeepening; at most Options.MaxLen: none).
	DeepenMax int
	// Done, when set, is called as each function ends, with its index in
	// the entries and their number.
	Done func(f *PackageFunc, i, n int)
}

// PackageFunc is one entry of a package run: explored (Result), not
// explorable (NotExplored: why) or failed (Err).
type PackageFunc struct {
	Fn          *ssa.Function
	Result      *Result
	Options     Options // what it ran with
	NotExplored string
	Err         string
	// Stack is the executor's stack when a Go panic inside it ended the
	// exploration (Err says "internal error").
	Stack string
}

// PackageResult is the outcome of ExplorePackage.
type PackageResult struct {
	Package string // the package's import path
	Budget  time.Duration
	Funcs   []*PackageFunc
}

// ExplorePackage explores every entry of p (Entries) one after the other,
// each on its own store, solver and options, within its CPU budget. An
// entry whose inputs cannot be built is listed with the reason; one whose
// exploration fails (an error, or a Go panic of the executor, which then
// goes on with the next) with the error. A cancelled ctx ends the run; the
// entries not reached are listed as not explored.
func ExplorePackage(ctx context.Context, p *Program, cfg PackageConfig) *PackageResult {
	if cfg.Budget == 0 {
		cfg.Budget = DefaultBudget
	}
	res := &PackageResult{Package: p.Pkg.Pkg.Path(), Budget: cfg.Budget}
	entries := p.Entries()
	for i, fn := range entries {
		opts := cfg.Options()
		if opts.CPULimit == 0 || cfg.Budget < opts.CPULimit {
			opts.CPULimit = cfg.Budget
		}
		f := &PackageFunc{Fn: fn, Options: opts}
		switch err := p.Explorable(fn); {
		case ctx.Err() != nil:
			f.NotExplored = "the run was cancelled before it"
		case err != nil:
			f.NotExplored = err.Error()
		default:
			newOpts := func() Options {
				o := cfg.Options()
				o.CPULimit = opts.CPULimit
				return o
			}
			f.Result, f.Err, f.Stack = explorePackageFunc(ctx, p.withEntry(fn), newOpts, cfg.Solver, cfg.DeepenMax)
		}
		res.Funcs = append(res.Funcs, f)
		if cfg.Done != nil {
			cfg.Done(f, i, len(entries))
		}
	}
	return res
}

// explorePackageFunc explores one entry. A Go panic of the executor is
// the executor's bug on this function: it is reported with its stack, and
// the package run goes on.
func explorePackageFunc(ctx context.Context, p *Program, newOpts func() Options, newSolver func(*term.Store) (Solver, error), deepenMax int) (res *Result, errMsg, stack string) {
	defer func() {
		if r := recover(); r != nil {
			res, errMsg, stack = nil, fmt.Sprintf("internal error: %v", r), string(debug.Stack())
		}
	}()
	res, _, err := ExploreDeepening(ctx, p, newOpts, newSolver, deepenMax)
	if err != nil {
		return nil, err.Error(), ""
	}
	return res, "", ""
}
