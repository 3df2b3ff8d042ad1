package merge

import (
	"slices"

	"github.com/sift-solver/sift/term"
)

// IncTree is the execution tree of one merge region for incremental state
// merging (seed 000 §4, --incremental-merge). Its nodes are the region's
// states: a fork turns a leaf into an internal node with two children, and
// each node keeps a snapshot of its state taken at the first block entry
// after the fork that made it. When a new snapshot arrives, the tree looks
// for the highest other node whose snapshot waits at the same point with
// the same layout and equal live cells, which is not an ancestor, and whose
// nearest common ancestor is the parent of one of the two (the tree stays
// binary). Both subtrees go; the standard merge of the two snapshots
// continues from the point as a new child of that ancestor, with the
// disjunction of the two tails as its condition; nodes left with one child
// are contracted.
//
// The tree holds the executor's states as opaque handles: it decides, the
// executor discards and rebuilds.
type IncTree struct {
	// Live reports whether cell c of a view is live at the view's point.
	Live func(v *View, c int) bool
	// Merges counts the merges made.
	Merges int

	root *IncNode
}

// IncNode is a node of an IncTree.
type IncNode struct {
	parent *IncNode
	kids   []*IncNode
	// State is the executor's state at a leaf (nil once it finished or for
	// an internal node); snap and frozen are the node's snapshot.
	State  any
	snap   *View
	frozen any
}

// NewIncTree starts the tree of a region at its root state.
func NewIncTree(live func(v *View, c int) bool, root any) (*IncTree, *IncNode) {
	t := &IncTree{Live: live, root: &IncNode{State: root}}
	return t, t.root
}

// Root is the root node, the state that entered the region.
func (t *IncTree) Root() *IncNode { return t.root }

// Fork records that the state at leaf n forked: it continues in the first
// node returned, and clone starts in the second.
func (t *IncTree) Fork(n *IncNode, clone any) (*IncNode, *IncNode) {
	a := &IncNode{parent: n, State: n.State}
	b := &IncNode{parent: n, State: clone}
	n.kids = []*IncNode{a, b}
	n.State = nil
	return a, b
}

// Finish records that the state at leaf n left the tree (it returned,
// panicked or was cut): its node stays, without a state to discard.
func (t *IncTree) Finish(n *IncNode) { n.State = nil }

// Pending reports whether n still waits for its snapshot.
func (n *IncNode) Pending() bool { return n.snap == nil }

// IncMerge is a merge the tree decided: the executor drops the states in
// Discard, rebuilds the merged state from Rep (the frozen state of the new
// snapshot) with Merged, the standard merge of Views (member 0 is Rep's
// view, 1 the partner's), and hands it back with Attach.
type IncMerge struct {
	Discard []any
	Rep     any
	Views   []*View
	Frozen  []any // the frozen states of Views
	Merged  Merged
	at      *IncNode // the nearest common ancestor
}

// Snapshot records the snapshot of leaf n (its view v at a block entry and
// a frozen copy of its state) and returns the merge it allows, or nil.
func (t *IncTree) Snapshot(st *term.Store, n *IncNode, v *View, frozen any) *IncMerge {
	if n.snap != nil {
		return nil
	}
	n.snap, n.frozen = v, frozen
	partner := t.partner(n)
	if partner == nil {
		return nil
	}
	views := []*View{n.snap, partner.snap}
	merged, refused := Standard(st, views, []int{0, 1})
	if refused != "" {
		return nil
	}
	m := &IncMerge{Rep: n.frozen, Views: views, Frozen: []any{n.frozen, partner.frozen}, Merged: merged, at: ancestor(n, partner)}
	for _, gone := range []*IncNode{n, partner} {
		collect(gone, &m.Discard)
		gone.parent.kids = slices.DeleteFunc(gone.parent.kids, func(k *IncNode) bool { return k == gone })
	}
	return m
}

// Attach makes the merged state (a new leaf under the merge's ancestor,
// already at the snapshot's point) part of the tree, contracts nodes left
// with one child, and returns the next merge the new node allows, if any.
func (t *IncTree) Attach(st *term.Store, m *IncMerge, state any, v *View, frozen any) (*IncNode, *IncMerge) {
	n := &IncNode{parent: m.at, State: state}
	m.at.kids = append(m.at.kids, n)
	t.Merges++
	t.contract()
	if next := t.Snapshot(st, n, v, frozen); next != nil {
		return n, next
	}
	return n, nil
}

// partner finds the highest node n can merge with: the siblings of n's
// ancestors from the root down, each searched breadth first.
func (t *IncTree) partner(n *IncNode) *IncNode {
	var starts []*IncNode
	for c := n; c.parent != nil; c = c.parent {
		for _, s := range c.parent.kids {
			if s != c {
				starts = append(starts, s)
			}
		}
	}
	slices.Reverse(starts) // the root's other child first
	for _, s := range starts {
		queue := []*IncNode{s}
		for len(queue) > 0 {
			m := queue[0]
			queue = queue[1:]
			if m.snap != nil && t.canMerge(n, m) {
				return m
			}
			queue = append(queue, m.kids...)
		}
	}
	return nil
}

// canMerge: same point and layout, equal live cells, and the nearest
// common ancestor is the parent of one of the two.
func (t *IncTree) canMerge(a, b *IncNode) bool {
	va, vb := a.snap, b.snap
	if va.Point != vb.Point || va.Layout != vb.Layout || len(va.Cells) != len(vb.Cells) {
		return false
	}
	for c := range va.Cells {
		if va.Cells[c].T != vb.Cells[c].T && (t.Live == nil || t.Live(va, c)) {
			return false
		}
	}
	lca := ancestor(a, b)
	return lca != nil && (a.parent == lca || b.parent == lca)
}

// ancestor returns the nearest common ancestor of a and b, or nil when one
// is an ancestor of the other (or they are the same node).
func ancestor(a, b *IncNode) *IncNode {
	on := map[*IncNode]bool{}
	for c := a; c != nil; c = c.parent {
		on[c] = true
	}
	for c := b; c != nil; c = c.parent {
		if on[c] {
			if c == a || c == b {
				return nil
			}
			return c
		}
	}
	return nil
}

// collect appends the states of the leaves below n.
func collect(n *IncNode, out *[]any) {
	if n.State != nil {
		*out = append(*out, n.State)
	}
	for _, k := range n.kids {
		collect(k, out)
	}
}

// contract hangs the only child of every node but the root in the node's
// place (the paper's c.c := c.c ∧ p.c; conditions live in the states'
// path constraints, not here).
func (t *IncTree) contract() {
	var walk func(n *IncNode)
	walk = func(n *IncNode) {
		for i, k := range n.kids {
			for len(k.kids) == 1 {
				c := k.kids[0]
				c.parent = n
				n.kids[i] = c
				k = c
			}
			walk(k)
		}
	}
	walk(t.root)
}
