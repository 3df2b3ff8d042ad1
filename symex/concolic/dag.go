package concolic

import (
	"github.com/sift-solver/sift/symex"
	"github.com/sift-solver/sift/symex/merge"
	"github.com/sift-solver/sift/term"
)

// EdgeStatus is what the selector knows about one direction of a node.
type EdgeStatus uint8

const (
	Unexplored EdgeStatus = iota
	Explored              // some run took it
	Unsat                 // the solver showed it infeasible under the DAG at the time
	Unknown               // the solver could not decide it
	Diverged              // a run solved for it took another route; not tried again
)

// Edge is one explored direction of a node: the store updates along it and
// the node it leads to (nil at the end of a run).
type Edge struct {
	Assigns []symex.Assign
	Child   *Node
	End     *symex.Ending // the run's end when Child is nil
}

// InEdge is an edge into a node; their order is the order of insertion, so
// the newest is last (and outermost in the store's ites).
type InEdge struct {
	From *Node
	Dir  int
}

// Node is a DAG node: a branch or an event choice at a program point.
type Node struct {
	ID       int
	Point    merge.Point
	Layout   uint64
	Label    string
	Event    bool
	RawCond  term.Term
	EventVar term.Term
	Choices  int
	Out      map[int]*Edge
	Status   map[int]EdgeStatus
	In       []InEdge
}

// Dirs lists the node's directions in the reference order: then before
// else; for events stop, 0, 1, ….
func (n *Node) Dirs() []int {
	if !n.Event {
		return []int{1, 0}
	}
	ds := []int{-1}
	for t := 0; t < n.Choices; t++ {
		ds = append(ds, t)
	}
	return ds
}

// DAG is the execution DAG of seed 001: the runs' traces, with nodes at
// equal program points merged (mergeState, Alg. 3).
type DAG struct {
	st          *term.Store
	ip          *Interp
	Merging     bool
	ResetUnsat  bool // clear UNSAT marks below a merged node (seed 001 §3.9 item 5)
	Root        *Node
	RootAssigns []symex.Assign
	Nodes       []*Node
	byPoint     map[merge.Point][]*Node

	Attempts, Merges, Divergences int
	Refused                       int // merge candidates refused: an ancestor, or another layout

	memo map[*Node]*derived
}

type derived struct {
	vars  map[term.Term]bool // the inputs PC(n) mentions before simplification
	pc    term.Term
	store map[string]term.Term
	sub   map[term.Term]term.Term
	cond  term.Term
}

// NewDAG returns an empty DAG over the reads and inputs of ip.
func NewDAG(st *term.Store, ip *Interp, merging bool) *DAG {
	return &DAG{st: st, ip: ip, Merging: merging, ResetUnsat: true, byPoint: map[merge.Point][]*Node{}, memo: map[*Node]*derived{}}
}

func (d *DAG) newNode(s *symex.Step) *Node {
	n := &Node{ID: len(d.Nodes), Point: s.Point, Layout: s.Layout, Label: s.Label, Event: s.Event, RawCond: s.Cond,
		EventVar: s.EventVar, Choices: s.Choices, Out: map[int]*Edge{}, Status: map[int]EdgeStatus{}}
	d.Nodes = append(d.Nodes, n)
	d.byPoint[n.Point] = append(d.byPoint[n.Point], n)
	return n
}

// Insert adds a run's trace, merging every new node with the first-created
// node at the same program point that is not its ancestor. It reports
// whether the run followed the DAG (false: a divergence, counted).
func (d *DAG) Insert(tr *symex.Trace) bool {
	if len(tr.Steps) == 0 {
		return true
	}
	if d.Root == nil {
		d.Root = d.newNode(&tr.Steps[0])
		d.RootAssigns = tr.Steps[0].Assigns
	}
	cur := d.Root
	for k := range tr.Steps {
		s := &tr.Steps[k]
		if cur.Point != s.Point || cur.Layout != s.Layout {
			d.Divergences++
			return false
		}
		d.Attempts++
		cur.Status[s.Dir] = Explored
		e := cur.Out[s.Dir]
		last := k+1 == len(tr.Steps)
		if e == nil {
			if last {
				end := tr.End
				cur.Out[s.Dir] = &Edge{Assigns: end.Assigns, End: &end}
				return true
			}
			nx := &tr.Steps[k+1]
			n := d.newNode(nx)
			e = &Edge{Assigns: nx.Assigns, Child: n}
			cur.Out[s.Dir] = e
			n.In = append(n.In, InEdge{cur, s.Dir})
			if d.Merging {
				if dup := d.duplicate(n, cur); dup != nil {
					d.drop(n)
					e.Child = dup
					dup.In = append(dup.In, InEdge{cur, s.Dir})
					d.Merges++
					if d.ResetUnsat {
						d.clearUnsatBelow(dup)
					}
					clear(d.memo)
				}
			}
			cur = e.Child
			continue
		}
		if (e.Child == nil) != last {
			d.Divergences++
			return false
		}
		if last {
			return true
		}
		cur = e.Child
	}
	return true
}

// duplicate is getDuplicate: the first-created node at n's point with n's
// layout that is neither n nor an ancestor of parent (the cycle guard).
func (d *DAG) duplicate(n, parent *Node) *Node {
	for _, c := range d.byPoint[n.Point] {
		if c == n {
			continue
		}
		if c.Layout != n.Layout || c.Event != n.Event || c.Choices != n.Choices {
			d.Refused++
			continue
		}
		if d.reaches(c, parent) {
			d.Refused++
			continue
		}
		return c
	}
	return nil
}

// reaches reports whether b is reachable from a (a is an ancestor of b or b itself).
func (d *DAG) reaches(a, b *Node) bool {
	return !below(a, func(n *Node) bool { return n != b })
}

// below visits n and every node below it once, depth first, until visit
// returns false; it reports whether the walk went through.
func below(n *Node, visit func(*Node) bool) bool {
	seen := map[*Node]bool{}
	var walk func(*Node) bool
	walk = func(n *Node) bool {
		if seen[n] {
			return true
		}
		seen[n] = true
		if !visit(n) {
			return false
		}
		for _, e := range n.Out {
			if e.Child != nil && !walk(e.Child) {
				return false
			}
		}
		return true
	}
	return walk(n)
}

func (d *DAG) drop(n *Node) {
	d.Nodes = d.Nodes[:len(d.Nodes)-1]
	ps := d.byPoint[n.Point]
	d.byPoint[n.Point] = ps[:len(ps)-1]
}

// clearUnsatBelow turns the UNSAT marks of n and every node below it back
// into unexplored edges: their path constraints just grew.
func (d *DAG) clearUnsatBelow(n *Node) {
	below(n, func(n *Node) bool {
		for dir, s := range n.Status {
			if s == Unsat || s == Unknown {
				n.Status[dir] = Unexplored
			}
		}
		return true
	})
}

// Acyclic reports whether the DAG has no cycle.
func (d *DAG) Acyclic() bool {
	state := map[*Node]int{}
	var walk func(*Node) bool
	walk = func(n *Node) bool {
		switch state[n] {
		case 1:
			return false
		case 2:
			return true
		}
		state[n] = 1
		for _, e := range n.Out {
			if e.Child != nil && !walk(e.Child) {
				return false
			}
		}
		state[n] = 2
		return true
	}
	return d.Root == nil || walk(d.Root)
}

// Counts returns the explored edges, the UNSAT-marked edges and the edges
// with a node child.
func (d *DAG) Counts() (explored, unsat, inner int) {
	for _, n := range d.Nodes {
		for _, s := range n.Status {
			switch s {
			case Explored:
				explored++
			case Unsat:
				unsat++
			}
		}
		for _, e := range n.Out {
			if e.Child != nil {
				inner++
			}
		}
	}
	return
}

// PC is the node's path constraint: ⋁ over its in-edges of PC(p) ∧ EC(p, d).
func (d *DAG) PC(n *Node) term.Term { return d.derive(n).pc }

// Cond is the node's condition over the inputs: its raw condition with
// every read replaced by the node's store.
func (d *DAG) Cond(n *Node) term.Term { return d.derive(n).cond }

// Store is the node's symbolic store.
func (d *DAG) Store(n *Node) map[string]term.Term { return d.derive(n).store }

// EC is the constraint of direction dir at n.
func (d *DAG) EC(n *Node, dir int) term.Term {
	if n.Event {
		return d.st.Eq(n.EventVar, d.st.Const(bvInt(dir)))
	}
	c := d.Cond(n)
	if dir == 1 {
		return c
	}
	return d.st.Not(c)
}

func (d *DAG) derive(n *Node) *derived {
	if x, ok := d.memo[n]; ok {
		return x
	}
	x := &derived{vars: map[term.Term]bool{}}
	if n == d.Root {
		x.pc = d.st.True()
		x.store = d.apply(nil, map[string]term.Term{}, d.RootAssigns)
	} else {
		// Newest in-edge first: seed 001 nests the newest path outermost.
		var guards [][]term.Term
		var ins []map[string]term.Term
		var pcs []term.Term
		for i := len(n.In) - 1; i >= 0; i-- {
			in := n.In[i]
			p := d.derive(in.From)
			for v := range p.vars {
				x.vars[v] = true
			}
			for _, v := range d.st.FreeVarsOf(d.EC(in.From, in.Dir)) {
				x.vars[v] = true
			}
			g := []term.Term{p.pc, d.EC(in.From, in.Dir)}
			guards = append(guards, g)
			pcs = append(pcs, d.st.And(g...))
			ins = append(ins, d.apply(p.sub, p.store, in.From.Out[in.Dir].Assigns))
		}
		x.pc = d.st.Or(pcs...)
		if len(ins) == 1 {
			x.store = ins[0]
		} else {
			x.store = map[string]term.Term{}
			j := merge.NewJoiner(d.st, guards)
			keys := map[string]bool{}
			for _, s := range ins {
				for k := range s {
					keys[k] = true
				}
			}
			for k := range keys {
				var vals []term.Term
				for _, s := range ins {
					if v, ok := s[k]; ok {
						vals = append(vals, v)
					}
				}
				if len(vals) < len(ins) {
					// Defined on some in-paths only: dead on the others
					// (SSA dominance), so their value is the only one.
					x.store[k] = vals[0]
					continue
				}
				x.store[k] = j.Join(vals)
			}
		}
	}
	x.sub = make(map[term.Term]term.Term, len(x.store))
	for k, v := range x.store {
		x.sub[symex.Read(d.st, k, d.st.SortOf(v))] = v
	}
	if !n.Event {
		x.cond = d.st.Substitute(n.RawCond, x.sub)
	}
	d.memo[n] = x
	return x
}

// apply runs the updates as of a store (whose read substitution is sub).
func (d *DAG) apply(sub map[term.Term]term.Term, store map[string]term.Term, as []symex.Assign) map[string]term.Term {
	out := make(map[string]term.Term, len(store)+len(as))
	for k, v := range store {
		out[k] = v
	}
	for _, a := range as {
		if a.RHS == term.NoTerm {
			delete(out, a.Var)
			continue
		}
		if sub == nil {
			out[a.Var] = a.RHS
		} else {
			out[a.Var] = d.st.Substitute(a.RHS, sub)
		}
	}
	return out
}
