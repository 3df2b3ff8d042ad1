package symex

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/symex/merge"
)

// Merging, the executor's side (docs/design/merging.md). A state that
// enters a merge point of the strategy's kinds parks there, after the
// block's phis ran. The search runs states until they finish or park (seed
// 002's Fig. 7 loop); when none is runnable, it hands the states parked at
// the earliest point to the strategy, puts the merged and the unmerged ones
// back on the worklist, and goes on. A state released from a point runs on
// from there and parks again only at the next merge point it enters.

// errParked ends run: the state waits at a merge point.
var errParked = errors.New("parked at a merge point")

// merger is the executor's merging state: the strategy, the parked states
// and the per-function analyses views and scheduling need.
type merger struct {
	strategy merge.Strategy
	kinds    merge.Kind
	parked   map[merge.Point]*parkGroup
	arrivals int

	points map[*ssa.Function]*merge.Points
	names  map[*ssa.Function]string
	reach  map[*ssa.BasicBlock][]bool // blocks reachable over one edge or more
	rpo    map[*ssa.Function][]int    // reverse postorder number by block index
	walkTables
	// implied: the strategy wants symbolic branches the solver decided
	// without a fork recorded as steps (merge.ImpliedSteps).
	implied bool
	// incremental: the strategy merges incrementally (mergeinc.go), with
	// liveness from live.
	incremental bool
}

// parkGroup is the states waiting at one point, in arrival order.
type parkGroup struct {
	states []*State
	first  int // arrival number of the first, for a deterministic order
}

func newMerger(s merge.Strategy) *merger {
	m := &merger{strategy: s, kinds: s.Kinds(), parked: map[merge.Point]*parkGroup{},
		points: map[*ssa.Function]*merge.Points{}, names: map[*ssa.Function]string{},
		reach: map[*ssa.BasicBlock][]bool{}, rpo: map[*ssa.Function][]int{},
		walkTables: newWalkTables()}
	if im, ok := s.(merge.ImpliedSteps); ok {
		m.implied = im.ImpliedSteps()
	}
	if incremental(s) {
		m.incremental = true
	}
	return m
}

func (m *merger) pointsOf(fn *ssa.Function) *merge.Points {
	p, ok := m.points[fn]
	if !ok {
		p = merge.Analyze(fn)
		m.points[fn] = p
	}
	return p
}

func (m *merger) name(fn *ssa.Function) string {
	n, ok := m.names[fn]
	if !ok {
		n = fn.String()
		m.names[fn] = n
	}
	return n
}

// id is a small number naming x (a function, a call site) in layouts.
func (t *walkTables) id(x any) int {
	if x == nil {
		return 0
	}
	n, ok := t.ids[x]
	if !ok {
		n = len(t.ids) + 1
		t.ids[x] = n
	}
	return n
}

// parksAt reports whether s, which just entered block b, waits there.
func (e *Executor) parksAt(s *State, b *ssa.BasicBlock) bool {
	m := e.mg
	if !e.tracking() || !e.forking() || len(s.forced) > 0 || s.inexact {
		return false
	}
	if !m.pointsOf(b.Parent()).At(b, m.kinds) {
		return false
	}
	if e.yield.closed > 0 && e.yield.closedAt(e.pointOf(s)) {
		return false
	}
	if pk, ok := m.strategy.(merge.Parker); ok && !pk.Parks(e.pointOf(s), framesOf(s)) {
		return false
	}
	if e.sc != nil && s.inc == nil && e.passesAsScout(s) {
		return false
	}
	return true
}

// enterBlock keeps f's merge regions: a jump into the header of a symbolic
// loop from outside opens the loop's region; a jump out of it closes it and
// leaves it in f.left, where the views made at the loop's exit find their
// root.
func (e *Executor) enterBlock(s *State, f *frame, from, to *ssa.BasicBlock) {
	s.arrived = true
	f.left = region{}
	for _, l := range e.mg.pointsOf(f.fn).Loops {
		if !l.Symbolic {
			continue
		}
		if l.Contains(from) && !l.Contains(to) {
			for i := len(f.regions) - 1; i >= 0; i-- {
				if f.regions[i].loop == l {
					f.left = f.regions[i]
					f.regions = f.regions[:i:i]
					break
				}
			}
		}
		if to == l.Header && !l.Contains(from) {
			f.regions = append(slices.Clip(f.regions), region{loop: l, pcLen: len(s.pc)})
			e.incEnter(s, l, len(s.frames)-1)
		}
	}
}

// callerStack is the Stack of a frame that caller is about to call: the
// caller's own stack, then the caller and its call site.
func (e *Executor) callerStack(caller *frame) string {
	if !e.tracking() {
		return ""
	}
	return caller.stack + e.mg.name(caller.fn) + "@" + strconv.Itoa(caller.block.Index) + "." + strconv.Itoa(caller.pc) + ";"
}

// pointOf is where s is: its top frame's block and the call stack.
func (e *Executor) pointOf(s *State) merge.Point {
	f := s.top()
	return merge.Point{Func: e.mg.name(f.fn), Block: f.block.Index, Stack: f.stack}
}

// park adds s to the states waiting at its point.
func (m *merger) park(p merge.Point, s *State) {
	g := m.parked[p]
	if g == nil {
		g = &parkGroup{first: m.arrivals}
		m.parked[p] = g
	}
	m.arrivals++
	g.states = append(g.states, s)
}

// mergeRound merges the states parked at the earliest point and returns the
// states to run: the merged ones and those left unmerged.
func (e *Executor) mergeRound() ([]*State, error) {
	m := e.mg
	p := m.earliest()
	g := m.parked[p]
	delete(m.parked, p)
	g.states = slices.DeleteFunc(g.states, func(s *State) bool { return s.discarded })
	for _, s := range g.states {
		e.incLeave(s) // the loop's tree is done: every state in it parked or finished
	}
	if len(g.states) <= 1 || e.yield.closedAt(p) {
		return g.states, nil
	}
	padded := e.padObjects(g.states)
	views := e.viewsOf(padded)
	if qr, ok := m.strategy.(merge.QueryRater); ok {
		qr.QueryRate(e.stats.Queries, e.symBranches)
	}
	merged, err := m.strategy.Merge(e.st, views)
	if err != nil {
		return nil, fmt.Errorf("symex: %s merge at %s block %d: %w", m.strategy.Name(), p.Func, p.Block, err)
	}
	used := make([]bool, len(views))
	var out []*State
	for _, mg := range merged {
		if len(mg.Members) == 0 {
			return nil, fmt.Errorf("symex: internal: %s returned a merge without members", m.strategy.Name())
		}
		for _, i := range mg.Members {
			if i < 0 || i >= len(views) || used[i] {
				return nil, fmt.Errorf("symex: internal: %s returned member %d twice or out of range", m.strategy.Name(), i)
			}
			used[i] = true
		}
		s, err := e.rebuild(p, padded, mg)
		if err != nil {
			return nil, err
		}
		e.yield.merged(p, s)
		e.stats.Merges++
		e.stats.StatesMerged += len(mg.Members)
		out = append(out, s)
	}
	for i, s := range g.states {
		if !used[i] {
			out = append(out, s)
		}
	}
	e.yieldRound(p, len(g.states), len(merged))
	return out, nil
}

// earliest picks the point to merge next: one that no state parked
// elsewhere can still reach, so no more states can arrive there. When
// every point is reachable from another (states out of step in a loop),
// it takes the one reached from the fewest others, and of those the one
// furthest along (deepest call, then latest in reverse postorder), so that
// the states behind catch up with the others.
func (m *merger) earliest() merge.Point {
	type cand struct {
		p       merge.Point
		g       *parkGroup
		reached int
	}
	cs := make([]cand, 0, len(m.parked))
	for p, g := range m.parked {
		cs = append(cs, cand{p: p, g: g})
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].g.first < cs[j].g.first })
	for i := range cs {
		for j := range cs {
			if i != j && m.mayReach(cs[j].g.states[0].frames, cs[i].g.states[0].frames) {
				cs[i].reached++
			}
		}
	}
	best := 0
	for i := 1; i < len(cs); i++ {
		a, b := cs[i], cs[best]
		if a.reached != b.reached {
			if a.reached < b.reached {
				best = i
			}
			continue
		}
		if a.reached == 0 {
			continue // the first to arrive among the unreachable ones
		}
		fa, fb := a.g.states[0].frames, b.g.states[0].frames
		if len(fa) != len(fb) {
			if len(fa) > len(fb) {
				best = i
			}
			continue
		}
		ta, tb := fa[len(fa)-1], fb[len(fb)-1]
		if m.rpoOf(ta.fn)[ta.block.Index] > m.rpoOf(tb.fn)[tb.block.Index] {
			best = i
		}
	}
	return cs[best].p
}

// mayReach reports whether a state with frames q may still come to frames
// p (a parked position: the top frame at a block's first non-phi
// instruction, the others at their call sites). It may return to any depth
// d whose frames below are the same in both, and then needs a path in frame
// d's function from where it resumes to p's position there; a deeper target
// (a call still to be made) is taken as reachable once its call site is.
func (m *merger) mayReach(q, p []*frame) bool {
	top := len(q) - 1
	for d := 0; d < len(q) && d < len(p); d++ {
		qd, pd := q[d], p[d]
		if qd.fn != pd.fn {
			return false
		}
		from := qd.pc // the next instruction: a block's first non-phi at the top
		if d < top {
			from++ // after the call
		}
		if (qd.block == pd.block && from <= pd.pc) || m.reaches(qd.block, pd.block) {
			return true
		}
		if d == top || d == len(p)-1 || qd.block != pd.block || qd.pc != pd.pc {
			return false
		}
	}
	return false
}

// reaches reports whether a path of one edge or more leads from a to b.
func (m *merger) reaches(a, b *ssa.BasicBlock) bool {
	r, ok := m.reach[a]
	if !ok {
		r = make([]bool, len(a.Parent().Blocks))
		work := append([]*ssa.BasicBlock(nil), a.Succs...)
		for len(work) > 0 {
			x := work[len(work)-1]
			work = work[:len(work)-1]
			if r[x.Index] {
				continue
			}
			r[x.Index] = true
			work = append(work, x.Succs...)
		}
		m.reach[a] = r
	}
	return r[b.Index]
}

// rpoOf numbers fn's blocks in reverse postorder from the entry.
func (m *merger) rpoOf(fn *ssa.Function) []int {
	if r, ok := m.rpo[fn]; ok {
		return r
	}
	n := len(fn.Blocks)
	r := make([]int, n)
	seen := make([]bool, n)
	next := n
	var visit func(b *ssa.BasicBlock)
	visit = func(b *ssa.BasicBlock) {
		seen[b.Index] = true
		for _, s := range b.Succs {
			if !seen[s.Index] {
				visit(s)
			}
		}
		next--
		r[b.Index] = next
	}
	if n > 0 {
		visit(fn.Blocks[0])
	}
	m.rpo[fn] = r
	return r
}
