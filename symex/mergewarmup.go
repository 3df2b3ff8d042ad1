package symex

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
func (e *Executor) tracking() bool { return e.mg != nil && !e.warming }

// warmUpOver reports whether the warm-up ends now, ending it when the work
// has passed Options.MergeAfter. The warm-up's work counts as the scouts'
// (mergescout.go): it was depth-first exploration for coverage, so the
// scouts' share starts from it instead of sending every state of the new
// start on as a scout for another warm-up's worth.
func (e *Executor) warmUpOver() bool {
	w := e.work()
	if w < e.opts.MergeAfter {
		return false
	}
	e.warming = false
	e.stats.WarmUpPaths, e.stats.Restarted = e.stats.Paths, true
	if e.sc != nil {
		e.sc.spent += w
	}
	return true
}
