package svi

import (
	"maps"
	"slices"

	"github.com/sift-solver/sift/term"
)

// domains holds a value set per variable and evaluates compiled terms over
// them. Every set only shrinks; an evaluation is cached until a set changes.
type domains struct {
	c    *compiler
	dom  map[term.Term]Set
	memo map[term.Term]Set
	// why lists, per variable, the assertions its domain was narrowed by
	// (sorted), so that an UNSAT answer can name a core.
	why map[term.Term][]int
	// shared: dom and memo belong to a Tracker's immutable Sets; the first
	// set copies them (memo may still gain evaluations meanwhile: they are
	// valid for the shared domains too).
	shared bool
}

func newDomains(c *compiler) *domains {
	d := &domains{c: c, dom: make(map[term.Term]Set, len(c.vars)), memo: map[term.Term]Set{}, why: map[term.Term][]int{}}
	for _, v := range c.vars {
		d.dom[v] = Full(c.nodes[v].w)
	}
	return d
}

// clone returns an independent copy (the ubox layer narrows a copy).
func (d *domains) clone() *domains {
	e := &domains{c: d.c, dom: make(map[term.Term]Set, len(d.dom)), memo: map[term.Term]Set{}, why: d.why}
	for v, s := range d.dom {
		e.dom[v] = s
	}
	return e
}

// domain is v's value set; a variable the domains have not met yet (the
// executor's tracker adds them lazily) can be anything.
func (d *domains) domain(v term.Term) Set {
	if s, ok := d.dom[v]; ok {
		return s
	}
	return Full(d.c.nodes[v].w)
}

// set replaces the domain of v and drops the cached evaluations of the
// terms over v (the others keep their value).
func (d *domains) set(v term.Term, s Set) {
	if d.shared {
		d.shared = false
		d.dom = maps.Clone(d.dom)
		if d.dom == nil {
			d.dom = map[term.Term]Set{}
		}
		d.dom[v] = s
		memo := make(map[term.Term]Set, len(d.memo))
		for t, x := range d.memo {
			if !slices.Contains(d.c.varsOf(t), v) {
				memo[t] = x
			}
		}
		d.memo = memo
		return
	}
	d.dom[v] = s
	for t := range d.memo {
		if slices.Contains(d.c.varsOf(t), v) {
			delete(d.memo, t)
		}
	}
}

// eval is the forward value set of t: it contains every value t takes when
// the variables range over their domains (an over-approximation when a
// transfer function is inexact or operands are related).
func (d *domains) eval(t term.Term) Set {
	if s, ok := d.memo[t]; ok {
		return s
	}
	n := d.c.nodes[t]
	var s Set
	switch n.kind {
	case nodeConst:
		s = n.val
	case nodeVar:
		s = d.domain(t)
	default:
		s = n.forward(d.operands(n)).Set
	}
	d.memo[t] = s
	return s
}

func (d *domains) operands(n *node) []Set {
	sets := make([]Set, len(n.args))
	for i, a := range n.args {
		if a.sym {
			sets[i] = d.eval(a.t)
		} else {
			sets[i] = a.c
		}
	}
	return sets
}

// narrowing is what pushing a target set down a term established: new
// domains for the variables it reached, and whether every point of them maps
// into the target (exact).
type narrowing struct {
	sets  map[term.Term]Set
	exact bool
	empty bool // some value set became empty: no solution
}

// pushDown narrows the variables under t so that t lies in target, walking
// the chain of nodes with one symbolic operand (digest §2.4). The narrowing
// never removes a value that has a solution. It is exact when every step's
// Backward is exact; it stops, inexact, at a node with two symbolic
// operands, narrowing nothing below it.
func (d *domains) pushDown(t term.Term, target Set, into *narrowing) {
	if target.IsEmpty() {
		into.empty = true
		return
	}
	n := d.c.nodes[t]
	switch n.kind {
	case nodeConst:
		// target ⊆ {c} and non-empty: nothing to narrow.
		return
	case nodeVar:
		cur, ok := into.sets[t]
		if !ok {
			cur = d.domain(t)
		}
		m := Meet(cur, target)
		if !m.Exact {
			into.exact = false
		}
		if m.Set.IsEmpty() {
			into.empty = true
		}
		into.sets[t] = m.Set
		return
	}
	if n.path < 0 {
		x, y, exact, ok := n.backwardBoth(d.operands(n), target)
		if !ok {
			into.exact = false
			return
		}
		into.exact = into.exact && exact
		d.pushDown(n.args[0].t, x, into)
		d.pushDown(n.args[1].t, y, into)
		return
	}
	r := n.backward(d.operands(n), n.path, target)
	if !r.Exact {
		into.exact = false
	}
	d.pushDown(n.args[n.path].t, r.Set, into)
}

// witnesses picks a model value for every variable: the smallest element of
// its domain, the test input the paper generates.
func (d *domains) witnesses() (map[term.Term]uint64, bool) {
	m := make(map[term.Term]uint64, len(d.dom))
	for v, s := range d.dom {
		x, ok := s.Witness()
		if !ok {
			return nil, false
		}
		m[v] = x
	}
	return m, true
}

// reasons returns the assertions that l's evaluation depends on: its own,
// and those that narrowed the domains of its variables.
func (d *domains) reasons(l literal) []int {
	out := []int{l.origin}
	for _, t := range []term.Term{l.a, l.b} {
		for _, v := range d.c.varsOf(t) {
			out = append(out, d.why[v]...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
