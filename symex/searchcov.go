package symex

import "golang.org/x/tools/go/ssa"

// Coverage-guided search ("covnew"), for finding bugs soon rather than
// exhausting: a state forked onto a side of a branch that no path has taken
// yet (a new arm of an if, the failing side of a bounds or nil check) runs
// before the others, the newest first, so the exploration reaches what it
// has not seen along the shortest way; every fourth pick is random-path's
// (KLEE's interleaving), so no corner of the fork tree starves. The order
// only decides which state runs next: every state still runs, so an
// exhausted run means what it means under dfs.

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

// tookSide records that a path took side d of the decision s is at.
func (e *Executor) tookSide(s *State, d bool) {
	if e.sides != nil {
		e.sides[sideOf(s, d)] = true
	}
}

// covnewEvery: one pick in covnewEvery is random-path's.
const covnewEvery = 4

// popCovnew picks the newest state headed for a side no path took yet,
// or, every covnewEvery-th pick and when there is none, random-path's.
func (w *worklist) popCovnew() int {
	w.picks++
	if w.picks%covnewEvery != 0 {
		for j := len(w.states) - 1; j >= 0; j-- {
			if s := w.states[j]; s.headed && !w.taken[s.next] {
				return j
			}
		}
	}
	return w.popRandomPath()
}
