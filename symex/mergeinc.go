package symex

import (
	"errors"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/symex/merge"
)

// Incremental state merging, the executor's side (seed 000 §4,
// --incremental-merge with a strategy that asks for it). A frame that
// enters a symbolic loop starts an execution tree (merge.IncTree) rooted at
// its state. Every fork inside splits the state's node; the first time a
// state enters a block of the loop after a fork, the tree gets a snapshot
// of it (its view and a frozen copy), and may answer with a merge: the
// states below the two merged nodes are dropped, and the standard merge of
// the two snapshots runs on from the snapshot's block. States in a tree run
// breadth first and yield at every fork (the reference implementation's
// BFS searcher inside loops), so that siblings reach their snapshots before
// either subtree is explored. A state keeps its node until it finishes or
// leaves the loop's exit after the merge there.

// incPos is a state's place in an incremental tree.
type incPos struct {
	reg  *incRegion
	node *merge.IncNode
}

// incRegion is one execution of a symbolic loop with its tree.
type incRegion struct {
	tree  *merge.IncTree
	loop  *merge.Loop
	depth int // the index of the loop's frame
	// where each snapshot was taken, for liveness
	at map[*merge.View]snapAt
}

type snapAt struct {
	fn    *ssa.Function
	block int
	depth int
}

var (
	// errYield ends run: the state forked inside an incremental tree and
	// waits for its turn in breadth-first order.
	errYield = errors.New("yield at a fork")
	// errDiscarded ends run: an incremental merge replaced the state.
	errDiscarded = errors.New("discarded by an incremental merge")
)

// incremental reports whether the strategy asks for incremental merging.
func incremental(s merge.Strategy) bool {
	im, ok := s.(interface{ IncrementalMerging() bool })
	return ok && im.IncrementalMerging()
}

// incEnter is called when s's top frame (at depth d) jumped into the
// header of symbolic loop l from outside: the state starts a tree there.
// A state already in a tree leaves it (its node stays, so an enclosing
// merge can still discard it): trees do not nest.
func (e *Executor) incEnter(s *State, l *merge.Loop, d int) {
	if !e.mg.incremental {
		return
	}
	reg := &incRegion{loop: l, depth: d, at: map[*merge.View]snapAt{}}
	reg.tree, _ = merge.NewIncTree(nil, s)
	reg.tree.Live = func(v *merge.View, c int) bool { return e.mg.cellLive(reg, v, c) }
	s.inc = &incPos{reg: reg, node: reg.tree.Root()}
}

// cellLive: a cell of the loop's frame is live when its SSA value is live
// at the snapshot's block; memory cells, other frames' cells and the range
// iterator's cells are taken as live.
func (m *merger) cellLive(reg *incRegion, v *merge.View, c int) bool {
	at, ok := reg.at[v]
	cell := v.Cells[c]
	if !ok || cell.Var.Frame != at.depth || cell.Var.Value == nil || strings.HasPrefix(cell.Path, "iter.") {
		return true
	}
	return m.live.LiveAt(at.fn, at.block, cell.Var.Value)
}

// incFork records a fork of s into s and clone.
func (e *Executor) incFork(s, clone *State) {
	if s.inc == nil {
		return
	}
	a, b := s.inc.reg.tree.Fork(s.inc.node, clone)
	s.inc = &incPos{reg: s.inc.reg, node: a}
	clone.inc = &incPos{reg: s.inc.reg, node: b}
	s.yield = true
}

// incSnapshot gives the tree the snapshot s owes it, when s just entered a
// block of the tree's loop in the loop's frame, and carries out the merges
// it allows. It reports whether s was discarded.
func (e *Executor) incSnapshot(s *State) (bool, error) {
	p := s.inc
	f := s.top()
	if p == nil || !p.node.Pending() || len(s.frames)-1 != p.reg.depth || !p.reg.loop.Contains(f.block) {
		return false, nil
	}
	v := e.viewOf(s)
	p.reg.at[v] = snapAt{fn: f.fn, block: f.block.Index, depth: p.reg.depth}
	plan := p.reg.tree.Snapshot(e.st, p.node, v, s.clone())
	discarded := false
	for plan != nil {
		for _, h := range plan.Discard {
			d := h.(*State)
			d.discarded = true
			discarded = discarded || d == s
		}
		frozen := []*State{plan.Frozen[0].(*State), plan.Frozen[1].(*State)}
		point := e.pointOf(frozen[0])
		ms, err := e.rebuild(point, frozen, plan.Merged)
		if err != nil {
			return false, err
		}
		e.stats.IncMerges++
		mv := e.viewOf(ms)
		p.reg.at[mv] = snapAt{fn: f.fn, block: f.block.Index, depth: p.reg.depth}
		var node *merge.IncNode
		node, plan = p.reg.tree.Attach(e.st, plan, ms, mv, ms.clone())
		ms.inc = &incPos{reg: p.reg, node: node}
		if plan == nil || !containsState(plan.Discard, ms) {
			e.incQueue = append(e.incQueue, ms)
		}
	}
	return discarded, nil
}

func containsState(hs []any, s *State) bool {
	for _, h := range hs {
		if h.(*State) == s {
			return true
		}
	}
	return false
}

// incLeave takes s out of its tree: it finished, or the merge at the loop's
// exit released it.
func (e *Executor) incLeave(s *State) {
	if s.inc != nil {
		s.inc.reg.tree.Finish(s.inc.node)
		s.inc = nil
	}
}
