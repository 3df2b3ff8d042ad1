package stage

import "context"

// A Stage tries to decide a problem. It returns Unknown when it cannot decide,
// and never guesses. The driver alone decides the order, and stages never
// call each other.
type Stage interface {
	Name() string
	Decide(ctx context.Context, p *Problem) (Verdict, error)
}

// A Transformer is a stage that can rewrite a problem into an
// equisatisfiable one that later stages decide instead (preprocessing): the
// driver calls Transform rather than Decide. Its ModelMap carries a model of
// the rewritten problem back to one of the problem it was given. Validation
// is always against the original problem, so a wrong transformation shows
// up as a failed validation, never as a wrong sat.
//
// A transformer may also decide the problem outright (a pass that reduces it
// to false, say) by returning a Verdict whose Status is not Unknown; its
// Decide is that verdict alone, for pipelines that want no rewriting.
type Transformer interface {
	Stage
	Transform(ctx context.Context, p *Problem) (*Problem, ModelMap, Verdict, error)
}

// An IndexPreserver is a Transformer whose problem keeps the i-th assertion
// and assumption in place of the ones it was given (each rewritten alone):
// unsat cores of its result are cores of its input.
type IndexPreserver interface {
	Transformer
	PreservesIndices()
}

// A TimeSharer is a stage that, when a later stage could still decide, takes
// only a share of the time left: the bit-blaster gives the Z3 fallback a turn
// on problems that word-level reasoning settles at once but bit-level search
// does not (multiplier equivalences, say).
type TimeSharer interface {
	TimeShare() float64
}

// A Closer is a stage that holds resources outside Go's heap (a SAT
// solver's C memory): Close releases them at once.
type Closer interface {
	Close()
}

// A StatsReporter is a stage with counters of its own for --stats, as
// name/value pairs.
type StatsReporter interface {
	Statistics() [][2]string
}

// A Prestarter is a stage that can start, ahead of need, what its first call
// would otherwise wait for (the Z3 fallback's worker process).
type Prestarter interface {
	Prestart()
}
