package symex

import (
	"slices"
	"time"

	"github.com/sift-solver/sift/svi"
	"github.com/sift-solver/sift/symex/merge"
	"github.com/sift-solver/sift/term"
)

// What merging yields, and the run's way out when it yields nothing
// (issue 31: merging must not cost where --merge=none exhausts).
//
// A merge pays when the merged state goes on as one where its members
// would have gone on as many: each fork it takes stands for a fork of
// every member. It costs where the merged state splits again: a branch on
// a value its members disagree on is one that each member alone would
// have settled one way, and the merged state forks there (a query on an
// ite the members never asked) into the states the merge joined. The
// merged state's value sets keep its members' (State.parts), so such a
// split shows as a fork where some part settles the condition.
//
// Two measures follow from that, both cheap (a count per fork):
//   - Barren merge points. Each merged state remembers the point that made
//     it until it merges again or splits. A point whose merged states split
//     before merging again, in at least barrenMin merges and half of its
//     merges, merges no more: states pass it without waiting.
//   - The run's fallback. When a third of the run's merges split (and at
//     least runBarrenMin), or a point closed before the run merged
//     anything, merging is not paying anywhere: the run drops the merging
//     run's states and resumes the warm-up's worklist, which --merge=none
//     would have run next, with merging off. That exploration is
//     --merge=none's own, so it exhausts the space exactly as none does;
//     what the merging run found (panics, coverage) stays.
//
// A CPU test (the merging run's CPU against what its forks would cost
// without merging) was tried and dropped: it fell back on spaces that
// merging exhausts and none does not (strings.Count at 8 bytes under pat).
// The fallback is checked every yieldCheckEvery steps of the search and
// before every merge round.
type mergeYield struct {
	points map[merge.Point]*pointYield
	closed int // points that merge no more (Stats.BarrenPoints)
	// merges and barren count the merged states made and those that split.
	merges, barren int

	// warmForks counts the warm-up's forks (none: no warm-up to fall
	// back to); start is the process CPU when the merging run began.
	warmForks int64
	start     time.Duration
	// stash is the warm-up's worklist when it ended, for the fallback.
	stash []*State
	off   bool // the run fell back: no state parks any more
	steps int
}

// pointYield is what one merge point's merges came to.
type pointYield struct {
	rounds, merges, barren int
	closed                 bool
}

const (
	// barrenMin is the fewest split merges that close a point, and
	// runBarrenMin the fewest that, with a third of the run's merges
	// split, end the run's merging.
	barrenMin    = 8
	runBarrenMin = 6
	// yieldCheckEvery is how many search steps pass between checks.
	yieldCheckEvery = 64
)

func (y *mergeYield) point(p merge.Point) *pointYield {
	if y.points == nil {
		y.points = map[merge.Point]*pointYield{}
	}
	py := y.points[p]
	if py == nil {
		py = &pointYield{}
		y.points[p] = py
	}
	return py
}

// closedAt reports whether the point p merges no more.
func (y *mergeYield) closedAt(p merge.Point) bool {
	if y.closed == 0 {
		return false
	}
	py := y.points[p]
	return py != nil && py.closed
}

// round records a merge round at p of n states that made merges merged
// states: a point whose rounds merge nothing is barren as well.
func (e *Executor) yieldRound(p merge.Point, n, merges int) {
	if n < 2 {
		return
	}
	py := e.yield.point(p)
	py.rounds++
	if py.merges == 0 && merges == 0 && py.rounds >= barrenMin {
		e.yield.close(py)
	}
}

func (y *mergeYield) close(py *pointYield) {
	if !py.closed {
		py.closed = true
		y.closed++
	}
}

// merged records that s was merged at p.
func (y *mergeYield) merged(p merge.Point, s *State) {
	py := y.point(p)
	py.merges++
	y.merges++
	s.mergedAt = py
}

// splitAt accounts for s forking on c: a fork of the warm-up, and, when s
// is a merged state whose members part ways at c, the split of its
// merge. The members part ways when some of its parts settle c both ways,
// or, when none settles it, when its models (the members', sides counts
// them by the value of c) lie on both sides.
func (e *Executor) splitAt(s *State, c term.Term, sides [2]int) {
	if e.warming {
		e.yield.warmForks++
	}
	if s.tr.from == nil {
		return // not merged: nothing to split
	}
	yes, no := sides[1], sides[0]
	if len(s.parts) >= 2 && e.vs != nil {
		y, n := 0, 0
		for _, p := range s.parts {
			switch e.vs.tr.Decide(p, c) {
			case svi.Always:
				y++
			case svi.Never:
				n++
			}
		}
		if y+n > 0 {
			yes, no = y, n
		}
	}
	if yes == 0 || no == 0 {
		return
	}
	if py := s.mergedAt; py != nil {
		s.mergedAt = nil
		py.barren++
		e.yield.barren++
		if py.barren >= barrenMin && 2*py.barren >= py.merges {
			e.yield.close(py)
		}
	}
}

// startMerging begins the merging run's accounts when the warm-up hands
// over with its worklist left.
func (e *Executor) startMerging(left []*State) {
	y := &e.yield
	y.start = ProcessCPU()
	y.stash = slices.Clone(left)
}

// fallBack reports whether the merging run costs more than the
// exploration without merging its forks stand for; when so it turns
// merging off and returns the states to run instead of every state
// waiting: the warm-up's worklist. Without a warm-up there is no cost of a
// fork to compare with, and no fallback. force skips the step count
// (before a merge round).
func (e *Executor) fallBack(force bool) ([]*State, bool) {
	y := &e.yield
	if y.off || e.warming || y.warmForks == 0 || e.mg == nil || e.mg.incremental {
		return nil, false
	}
	if y.steps++; !force && y.steps%yieldCheckEvery != 0 {
		return nil, false
	}
	barren := y.barren >= runBarrenMin && 3*y.barren >= y.merges || y.closed > 0 && y.merges == 0
	if !barren {
		return nil, false
	}
	y.off = true
	e.stats.FellBack = true
	e.stats.FellBackAt = ProcessCPU() - y.start
	next := y.stash
	y.stash = nil
	clear(e.mg.parked)
	return next, true
}
