package symex

import "math"

// The merge warm-up (Options.MergeAfter, --merge-after): a sequential
// portfolio of --merge=none and merging. Merging pays where paths explode,
// and costs where they do not: a merged state's branches on the values its
// members disagree on become solver queries, where each member alone would
// have settled them from its own values, and parked states wait for merge
// rounds. A bounded space that depth-first search without merging exhausts
// with little work is explored fastest without merging at all (path.Clean
// at 8 bytes: 3,568 paths and 30 solver queries in 0.13 s under
// --merge=none, 0.44 s with pat from the start). So a merging run first
// explores as --merge=none does, depth-first with no state parking. A space
// it exhausts within MergeAfter units of work is explored exactly as
// --merge=none explores it. Otherwise the states still waiting are dropped
// and the exploration starts again from the entry state, merging: that
// costs at most MergeAfter more than merging from the start, and keeps
// what the warm-up found (coverage, panics, the solver chain's caches).
//
// It starts again instead of merging the waiting states: those are the
// siblings a depth-first path left at every fork on its way down, each at
// another iteration of the loops it is in, and they merge far worse than
// the states of a lockstep run from the entry (utf8.RuneCountInString at
// 16 bytes, merging them after 65,536 units: 2.28 s to exhaust, against
// 0.94 s merging from the start). Work is counted, not timed, so two runs
// of one command switch at the same step.
//
// A space that --merge=none exhausts with a few times MergeAfter's work is
// still explored fastest without merging: starting again, merging, then
// costs the warm-up and the merging run's overhead on top (a boolean
// expression parser at 4 bytes, go/build/constraint.Parse). So the warm-up
// estimates the work left as it goes, the way tree-size estimators of
// backtracking search do: a fork halves a state's share of the tree (a
// state at depth d holds 2^-d of it), and the finished paths' shares add
// up to the part explored, f. The rate at which f grew over the last
// doubling of the work, r, projects the work left to (1-f)/r. Past
// MergeAfter the warm-up goes on while w + (1-f)/r is within WarmUpReach
// × MergeAfter, so it never does more than that much work. The rate, not
// the average f/w, because depth-first search finishes the small subtrees
// beside its first path early: at 8 bytes utf8.RuneCountInString's share
// is 0.67 after a quarter of MergeAfter and 0.68 after ten times it, where
// f/w projects the whole within 15 × MergeAfter and r rightly projects
// hundreds.

// startWarmUp starts the warm-up, when the options ask for one, before
// the entry state s0 first runs, and returns the copy of s0 the merging
// exploration starts from (nil without a warm-up). Incremental merging
// snapshots states into its trees as they run, so it has no run without
// merging to warm up with.
func (e *Executor) startWarmUp(s0 *State) *State {
	if e.mg == nil || e.mg.incremental || e.opts.MergeAfter <= 0 {
		return nil
	}
	e.warming = true
	return s0.clone()
}

// tracking reports whether states keep what merging needs: branch trails,
// implied steps, loop regions and call stacks. The warm-up's states never
// merge (they are dropped when it ends), so they keep none of it: the
// warm-up costs what --merge=none costs.
func (e *Executor) tracking() bool { return e.mg != nil && !e.warming && !e.yield.off }

// warmUpOver reports whether the warm-up ends now, ending it when the work
// has passed Options.MergeAfter. The warm-up's work counts as the scouts'
// (mergescout.go): it was depth-first exploration for coverage, so the
// scouts' share starts from it instead of sending every state of the new
// start on as a scout for another warm-up's worth.
func (e *Executor) warmUpOver() bool {
	w := e.work()
	e.warm.observe(w)
	if w < e.opts.MergeAfter || e.warm.projected(w) <= e.warmUpReach()*float64(e.opts.MergeAfter) {
		return false
	}
	e.warming = false
	e.stats.WarmUpPaths, e.stats.Restarted = e.stats.Paths, true
	if e.sc != nil {
		e.sc.spent += w
	}
	return true
}

// DefaultWarmUpReach is Options.WarmUpReach's default: the warm-up may do
// up to 16 × MergeAfter of work when it projects the whole space within
// that (docs/bench/symex-speed/README.md).
const DefaultWarmUpReach = 16

func (e *Executor) warmUpReach() float64 {
	if e.opts.WarmUpReach == 0 {
		return DefaultWarmUpReach
	}
	return e.opts.WarmUpReach
}

// warmUpEstimate is what the warm-up knows of its tree: the share its
// finished paths hold, and that share and the work at the starts of the
// last two windows of doubling work.
type warmUpEstimate struct {
	share       float64
	prevW, curW int64
	prevF, curF float64
}

// observe starts a new window when the work w has doubled since the
// current one began.
func (est *warmUpEstimate) observe(w int64) {
	if w >= 2*est.curW && w > est.curW {
		est.prevW, est.prevF = est.curW, est.curF
		est.curW, est.curF = w, est.share
	}
}

// projected is the work of the whole exploration the estimate foresees at
// work w: w and the share left at the rate the share grew since the
// previous window began (+Inf when it did not grow).
func (est *warmUpEstimate) projected(w int64) float64 {
	grown := est.share - est.prevF
	if grown <= 0 || w <= est.prevW {
		return math.Inf(1)
	}
	return float64(w) + (1-est.share)*float64(w-est.prevW)/grown
}

// warmUpFinished adds the share of the tree a finished warm-up path held
// to the part explored: 2^-forks, as every fork halves it.
func (e *Executor) warmUpFinished(s *State) {
	if e.warming {
		e.warm.share += math.Ldexp(1, -s.forks)
	}
}
