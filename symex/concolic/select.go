package concolic

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// Searches are the next-input selections (seed 001 §3.8, §7.1).
var Searches = []string{"bfs", "dfs", "covfirst"}

// order lists the nodes for a search: breadth first from the root (each
// node once, children in direction order), or for dfs the depth-first
// pre-order reversed, so the deepest, newest nodes come first.
func (d *DAG) order(search string) []*Node {
	if d.Root == nil {
		return nil
	}
	seen := map[*Node]bool{d.Root: true}
	var out []*Node
	if search == "dfs" {
		var walk func(*Node)
		walk = func(n *Node) {
			out = append(out, n)
			for _, dir := range n.Dirs() {
				if e := n.Out[dir]; e != nil && e.Child != nil && !seen[e.Child] {
					seen[e.Child] = true
					walk(e.Child)
				}
			}
		}
		walk(d.Root)
		slices.Reverse(out)
		return out
	}
	queue := []*Node{d.Root}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		out = append(out, n)
		for _, dir := range n.Dirs() {
			if e := n.Out[dir]; e != nil && e.Child != nil && !seen[e.Child] {
				seen[e.Child] = true
				queue = append(queue, e.Child)
			}
		}
	}
	return out
}

// Query is the selection query of direction dir at n: PC(n) ∧ EC(n, dir),
// with the domain of every event input it mentions, and its inputs in
// creation order.
func (d *DAG) Query(n *Node, dir int) (term.Term, []*Input, error) {
	q := d.st.And(d.PC(n), d.EC(n, dir))
	var ins []*Input
	var doms []term.Term
	// The inputs of the query as the DAG states it, before the term
	// builder simplified it: seed 001's reference policy takes them all
	// from the model (so a resolved c ∨ ¬c still resets c's inputs).
	vars := map[term.Term]bool{}
	for v := range d.derive(n).vars {
		vars[v] = true
	}
	for _, v := range d.st.FreeVarsOf(q) {
		vars[v] = true
	}
	for v := range vars {
		in := d.ip.InputByVar(v)
		if in == nil {
			return term.NoTerm, nil, fmt.Errorf("concolic: query mentions %s, which is no input (a read the store did not replace)", d.st.Name(v))
		}
		ins = append(ins, in)
		lo, hi, ranged := int64(-1), int64(in.Handlers-1), in.Event
		if in.Ranged {
			lo, hi, ranged = in.Lo, in.Hi, true
		}
		if ranged {
			doms = append(doms, d.st.MustMake(term.OpBVSge, nil, in.Var, d.st.Const(bvInt(int(lo)))),
				d.st.MustMake(term.OpBVSle, nil, in.Var, d.st.Const(bvInt(int(hi)))))
		}
	}
	rank := map[*Input]int{}
	for i, in := range d.ip.Inputs {
		rank[in] = i
	}
	slices.SortFunc(ins, func(a, b *Input) int { return rank[a] - rank[b] })
	if len(doms) > 0 {
		q = d.st.And(append([]term.Term{q}, doms...)...)
	}
	return q, ins, nil
}

// Target is the edge the next run should take and the inputs for it.
type Target struct {
	Node  *Node
	Dir   int
	Model map[string]int64
	Depth int // ite depth of the query
}

// Select finds the next unexplored edge that the solver shows feasible,
// marking the infeasible ones it meets UNSAT. covfirst first tries the
// edges whose static branch site and direction (or, for events, handler)
// no run took. It returns nil when no edge is left.
func (d *DAG) Select(search string, s Solver, stats *SelectStats) (*Target, error) {
	nodes := d.order(search)
	passes := []bool{false}
	if search == "covfirst" {
		passes = []bool{true, false}
	}
	for _, uncoveredOnly := range passes {
		for _, n := range nodes {
			for _, dir := range n.Dirs() {
				if n.Status[dir] != Unexplored {
					continue
				}
				if uncoveredOnly && d.taken(n, dir) {
					continue
				}
				q, ins, err := d.Query(n, dir)
				if err != nil {
					return nil, err
				}
				depth := iteDepth(d.st, q, stats.depthMemo())
				stats.MaxIteDepth = max(stats.MaxIteDepth, depth)
				stats.Queries++
				status, m, err := d.solve(s, q, ins)
				if err != nil {
					return nil, err
				}
				switch status {
				case smtlib.Sat:
					return &Target{Node: n, Dir: dir, Model: m, Depth: depth}, nil
				case smtlib.Unsat:
					n.Status[dir] = Unsat
				default:
					n.Status[dir] = Unknown
					stats.Unknown++
				}
			}
		}
	}
	return nil, nil
}

func (d *DAG) taken(n *Node, dir int) bool {
	if n.Event {
		return d.ip.Taken["event|"+strconv.Itoa(dir)]
	}
	return d.ip.Taken[n.Label+"|"+strconv.Itoa(dir)]
}

// SelectStats counts the selection queries.
type SelectStats struct {
	Queries, Unknown int
	MaxIteDepth      int
	memo             map[term.Term]int
}

func (s *SelectStats) depthMemo() map[term.Term]int {
	if s.memo == nil {
		s.memo = map[term.Term]int{}
	}
	return s.memo
}

// iteDepth is the deepest nesting of ites in t.
func iteDepth(st *term.Store, t term.Term, memo map[term.Term]int) int {
	st.PostOrder([]term.Term{t}, func(u term.Term) {
		if _, ok := memo[u]; ok {
			return
		}
		m := 0
		for _, a := range st.Args(u) {
			m = max(m, memo[a])
		}
		if st.Op(u) == term.OpIte {
			m++
		}
		memo[u] = m
	})
	return memo[t]
}

// StaleUnsat is the generic oracle of seed 001 §7.3: it re-solves every
// UNSAT-marked edge against the final DAG and returns those now sat.
func (d *DAG) StaleUnsat(s Solver) ([]string, error) {
	var out []string
	for _, n := range d.Nodes {
		for _, dir := range n.Dirs() {
			if n.Status[dir] != Unsat {
				continue
			}
			q, ins, err := d.Query(n, dir)
			if err != nil {
				return nil, err
			}
			st, _, err := d.solve(s, q, ins)
			if err != nil {
				return nil, err
			}
			if st == smtlib.Sat {
				out = append(out, fmt.Sprintf("node %d (%s) dir %d", n.ID, n.Label, dir))
			}
		}
	}
	return out, nil
}
