package symex

import "golang.org/x/tools/go/ssa"

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
// for. Every fourth pick is random-path's (KLEE's interleaving), so no
// corner of the fork tree starves. The order only decides which state runs
// next: every state still runs, so an exhausted run means what it means
// under dfs.

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

// sideCount counts the paths that took one branch side. A waiting state
// holds its side's count, so a pick reads it without hashing the side:
// the worklist holds tens of thousands of states, and hashing each at
// every pick cost most of a covnew run's CPU time.
type sideCount struct {
	n int
}

// tookSide counts that a path took side d of the decision s is at.
func (e *Executor) tookSide(s *State, d bool) {
	if e.sides != nil {
		e.sideCount(sideOf(s, d)).n++
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

// covnewEvery: one pick in covnewEvery is random-path's.
const covnewEvery = 4

// popCovnew picks the newest state headed for a side no path took yet,
// else the newest on a loop run, or, every covnewEvery-th pick and when
// there is neither, random-path's.
func (w *worklist) popCovnew() int {
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
