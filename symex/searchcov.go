package symex

import (
	"math"
	"slices"
	"time"

	"golang.org/x/tools/go/ssa"
)

// Coverage-guided search ("covnew"), for finding bugs soon rather than
// exhausting: a state forked onto a side of a branch that no path has taken
// yet (a new arm of an if, the failing side of a bounds or nil check) runs
// before the others, the newest first, so the exploration reaches what it
// has not seen along the shortest way. When no state is headed for a new
// side, the newest state whose side repeats the one its path took at the
// same branch in its last recentForks forks runs: one more turn of the
// same loop, so the loops that read digits, names or lengths run longer
// one state at a time (AFL's and KLEE's preference for longer runs of a
// loop), where random-path keeps them short: a branch that only a long run
// makes feasible (an overflow after ten digits) gets a new side to head
// for. Every fourth of these picks is random-path's (KLEE's
// interleaving), so no corner of the fork tree starves. A second picker
// takes turns with this one: the state headed for the side the fewest
// paths took in its bucket of loop turns (popRarest), which reaches a
// delimiter scan's exit at a later turn. Each picker gets CPU time in
// proportion to the blocks per CPU second its paths covered first, so
// on a program where one does not pay the other runs (nextPicker;
// a pick costs its scan, its path and the path's model). The
// order only decides which state runs next: every state still runs, so
// an exhausted run means what it means under dfs.

// branchSide names one side of one symbolic decision: the instruction (its
// block and index), the decision's rank within the instruction (a string
// comparison decides several), and the side.
type branchSide struct {
	block *ssa.BasicBlock
	pc    int
	nth   int
	side  bool
}

// sideOf is the side d of the decision s is taking now.
func sideOf(s *State, d bool) branchSide {
	f := s.top()
	return branchSide{block: f.block, pc: f.pc, nth: len(s.decided), side: d}
}

// branchSite is a branch side without the decision's rank.
type branchSite struct {
	block *ssa.BasicBlock
	pc    int
	side  bool
}

// recentForks is how many of a path's last forks a loop run looks back
// on: a turn of a parse loop forks a few times (the length, the byte's
// class, the accumulator).
const recentForks = 8

// noteFork records that s's path forked and took side b.
func (s *State) noteFork(b branchSide) {
	s.recent[s.nrecent%recentForks] = branchSite{b.block, b.pc, b.side}
	s.nrecent++
}

// repeats reports whether side b repeats the side s's path took the last
// time it forked at the same branch, among its last recentForks forks.
func (s *State) repeats(b branchSide) bool {
	for i := 1; i <= min(s.nrecent, recentForks); i++ {
		r := s.recent[(s.nrecent-i)%recentForks]
		if r.block == b.block && r.pc == b.pc {
			return r.side == b.side
		}
	}
	return false
}

// sideCount counts the paths that took one branch side, in all and by
// the bucket of the loop turn the decision was in (turnBucket): the
// rarest-side pick tells a delimiter found at the fifth byte from one
// found at the first. A waiting state holds its side's count, so a pick
// reads it without hashing the side: the worklist holds tens of
// thousands of states, and hashing each at every pick cost most of a
// covnew run's CPU time.
type sideCount struct {
	n     int
	turns [turnBuckets]int
}

// tookSide counts that a path took side d of the decision s is at.
func (e *Executor) tookSide(s *State, d bool) {
	if e.sides != nil {
		c := e.sideCount(sideOf(s, d))
		c.n++
		c.turns[s.turnBucket()]++
	}
}

// sideCount is side b's count, made at b's first fork or taking.
func (e *Executor) sideCount(b branchSide) *sideCount {
	c := e.sides[b]
	if c == nil {
		c = &sideCount{}
		e.sides[b] = c
	}
	return c
}

// countTurn counts that the frame entered block b, copying the counters
// first if a fork's clone shares them.
func (f *frame) countTurn(b *ssa.BasicBlock) {
	switch {
	case f.turns == nil:
		f.turns = make([]uint32, len(f.fn.Blocks))
	case f.turnsShared:
		f.turns, f.turnsShared = slices.Clone(f.turns), false
	}
	f.turns[b.Index]++
}

// turnBuckets is the number of turnBucket's buckets.
const turnBuckets = 9

// turnBucket is the bucket of the times s's top frame entered its block,
// as AFL buckets a branch's hit counts: 0, 1, 2, 3, 4-7, 8-15, 16-31,
// 32-127, 128 and more.
func (s *State) turnBucket() uint8 {
	f := s.top()
	if f.turns == nil {
		return 0
	}
	n := f.turns[f.block.Index]
	switch {
	case n < 4:
		return uint8(n)
	case n < 8:
		return 4
	case n < 16:
		return 5
	case n < 32:
		return 6
	case n < 128:
		return 7
	}
	return 8
}

// covnewEvery: one pick in covnewEvery of the newest-side picker is
// random-path's.
const covnewEvery = 4

// The covnew pickers. pickNewest heads for new sides, then loop runs
// (popNewest); pickRarest for the side taken the fewest times in its
// bucket of loop turns (popRarest). They take turns by what each earned
// (pickerEarn).
const (
	pickNewest = iota
	pickRarest
	numPickers
)

// pickerEarn is what one picker's picks earned: the blocks their paths
// covered first, and the CPU time the paths took.
type pickerEarn struct {
	gain int
	cost time.Duration
}

// rate is the picker's blocks per CPU second, with a prior of one block
// in one second.
func (p pickerEarn) rate() float64 {
	return float64(p.gain+1) / (p.cost.Seconds() + 1)
}

// popCovnew lets the picker run whose CPU time is the smallest for its
// rate (nextPicker; KLEE's interleaving of searchers, weighted by what each earns:
// a picker whose paths cover little for their cost, on one program,
// gets less of the time there).
func (w *worklist) popCovnew() int {
	w.picker = w.nextPicker()
	if w.picker == pickRarest {
		if j := w.popRarest(); j >= 0 {
			return j
		}
	}
	return w.popNewest()
}

// nextPicker is the picker whose CPU time (with the prior's second) is
// the smallest for its rate, the newest-side picker on a tie. In the long
// run each picker's time is in proportion to its rate; a picker not yet
// tried waits until the one that runs earns less than the prior's block
// per second for its time, so a program on which the newest-side picker
// keeps covering runs that picker's order alone.
func (w *worklist) nextPicker() int {
	k, best := pickNewest, math.Inf(1)
	for i, p := range w.earn {
		if v := (p.cost.Seconds() + 1) / p.rate(); v < best {
			k, best = i, v
		}
	}
	return k
}

// startPick starts timing a pick, covered blocks being covered: the
// pick's scan of the worklist, its path's run and the path's model are
// its cost.
func (w *worklist) startPick(covered int) {
	w.picking, w.covered, w.cpu0 = true, covered, ProcessCPU()
}

// endPick books the pick under way, if any, on the picker that made it:
// the blocks its path covered first, and the CPU time it took.
func (w *worklist) endPick(covered int) {
	if !w.picking {
		return
	}
	w.picking = false
	w.earn[w.picker].gain += covered - w.covered
	w.earn[w.picker].cost += ProcessCPU() - w.cpu0
}

// popNewest picks the newest state headed for a side no path took yet,
// else the newest on a loop run, or, every covnewEvery-th pick and when
// there is neither, random-path's.
func (w *worklist) popNewest() int {
	w.picks++
	if w.picks%covnewEvery != 0 {
		run := -1
		for j := len(w.states) - 1; j >= 0; j-- {
			s := w.states[j]
			if s.headed && s.nextCount.n == 0 {
				return j
			}
			if run < 0 && s.run {
				run = j
			}
		}
		if run >= 0 {
			return run
		}
	}
	return w.popRandomPath()
}

// popRarest picks the state headed for the side paths took the fewest
// times in its bucket of loop turns (sideCount), the shallowest among
// those (then the newest), or -1 when no state is headed anywhere. A
// loop that scans for a delimiter forks at each turn on the delimiter's
// side, and only the paths that stop there take it: its clones wait
// behind the turns that go on, which loop runs and new sides elsewhere
// keep ahead of them, though the name before the delimiter may be what
// decides the code after it. Random-path reaches a clone at depth d once
// in 2^d of its picks; this pick visits every side in proportion to how
// rarely it was taken, and the shortest run to it first.
func (w *worklist) popRarest() int {
	best := -1
	for j := len(w.states) - 1; j >= 0; j-- {
		s := w.states[j]
		if !s.headed {
			continue
		}
		if best < 0 {
			best = j
			continue
		}
		b := w.states[best]
		if n, m := s.nextCount.turns[s.nextTurns], b.nextCount.turns[b.nextTurns]; n < m || n == m && s.forks < b.forks {
			best = j
		}
	}
	return best
}
