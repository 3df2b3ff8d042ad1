package symex

import (
	"slices"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/symex/merge"
	"github.com/sift-solver/sift/term"
)

// forking is the mode of Explore: a branch whose both sides are feasible
// forks the state. The sides are decided by the models the path has, then
// by its value sets, then by the solver chain.
type forking struct{ e *Executor }

// branch decides c for s. When both sides are feasible, s continues on one
// of them and a clone that replays the current instruction with the other
// decision is queued. A clone's replay takes its forced decisions first.
func (f forking) branch(s *State, c term.Term, at site) (bool, error) {
	e := f.e
	traced := at.traced() && !e.inIteLoop(s)
	if len(s.forced) > 0 {
		d := s.forced[0]
		s.forced = s.forced[1:]
		e.tookSide(s, d)
		s.decided = append(s.decided, d)
		return d, nil
	}
	take := func(d bool) bool {
		e.tookSide(s, d)
		s.decided = append(s.decided, d)
		if traced {
			s.tr.add(d)
		}
		return d
	}
	switch c {
	case e.st.True():
		return take(true), nil
	case e.st.False():
		return take(false), nil
	}
	e.symBranches++
	lit := func(d bool) term.Term {
		if d {
			return c
		}
		return e.st.Not(c)
	}
	// The models at hand (the state's, and the spares a merge left it)
	// decide sides without a query: one that satisfies c, or ¬c, shows that
	// side feasible.
	var by [2][]*term.Model // by the value of c: [0] false, [1] true
	for _, m := range append([]*term.Model{s.model}, s.spare...) {
		if m == nil {
			continue
		}
		if v, err := e.eval(c, m); err == nil {
			by[b2i(v.Bool)] = append(by[b2i(v.Bool)], m)
		}
	}
	depthCut := s.forks >= e.opts.MaxDepth
	if len(by[1]) == 0 || len(by[0]) == 0 {
		// No model shows both sides: the value sets may show one infeasible.
		haveModel := len(by[1]) > 0 || len(by[0]) > 0
		if side, ok := e.vs.settle(s, c, haveModel, len(by[1]) > 0, depthCut); ok {
			if haveModel {
				s.model, s.spare = by[b2i(side)][0], by[b2i(side)][1:]
			} else {
				s.spare = nil
			}
			e.addImplied(s, lit(side))
			return take(side), nil
		}
	}
	var d bool
	switch {
	case len(by[1]) > 0 && len(by[0]) > 0 && !depthCut:
		d = s.model == nil || len(by[1]) > 0 && by[1][0] == s.model
		e.fork(s, lit, d, traced, by[b2i(!d)], [2]int{len(by[0]), len(by[1])})
		s.model, s.spare = by[b2i(d)][0], by[b2i(d)][1:]
		return take(d), nil
	case len(by[1]) > 0 || len(by[0]) > 0:
		d = len(by[1]) > 0
		s.model, s.spare = by[b2i(d)][0], by[b2i(d)][1:]
	default:
		s.spare = nil
		st, m, err := e.check(s, lit(true))
		if err != nil {
			return false, err
		}
		switch st {
		case smtlib.Sat:
			d, s.model = true, m
		case smtlib.Unsat:
			s.model = nil
			e.addImplied(s, lit(false))
			return take(false), nil
		default:
			d = true
			s.model = nil
			e.stats.Unknown++
		}
	}
	// Side d is feasible; ask for the other one.
	other := !d
	if depthCut {
		e.stats.DepthCut++
		s.inexact = true
	} else {
		st, m, err := e.checkOther(s, lit(other))
		if err != nil {
			return false, err
		}
		switch st {
		case smtlib.Sat:
			e.fork(s, lit, d, traced, []*term.Model{m}, [2]int{})
		case smtlib.Unsat:
			e.addImplied(s, lit(d))
		case smtlib.Unknown:
			e.stats.Unknown++
			e.addLit(s, lit(d))
		}
	}
	return take(d), nil
}

// addImplied records a symbolic branch the solver decided without a fork,
// inside a symbolic loop, when the strategy asks for it (pat): the literal is implied by the path
// constraint, but as a step of the trail it keeps path words regular. The
// last iteration of a loop bounded by --max-len exits on such a decision
// (i < len(s) is false once i = max-len), and without the step its word
// would lack the exit symbol every shorter leaf has (seed 000's execution
// tree keeps these single-child nodes too).
func (e *Executor) addImplied(s *State, lit term.Term) {
	if !e.tracking() || !e.mg.implied {
		return
	}
	for _, f := range s.frames {
		if len(f.regions) > 0 { // only trails inside a loop's region are words
			s.implied = append(s.implied, len(s.pc))
			e.addLit(s, lit)
			return
		}
	}
}

// queryPC is the path constraint a query needs: pc without its implied
// steps. Each of those is implied by the conjuncts before it, so the
// conjunction is the same, and the solver gets smaller queries (the
// accumulators of a parse loop re-checked on every step).
func (s *State) queryPC() []term.Term {
	if len(s.implied) == 0 {
		return s.pc
	}
	pc := make([]term.Term, 0, len(s.pc)-len(s.implied))
	j := 0
	for i, c := range s.pc {
		if j < len(s.implied) && s.implied[j] == i {
			j++
			continue
		}
		pc = append(pc, c)
	}
	return pc
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// fork queues a clone of s that replays the current instruction with the
// decision !d, holding the models given (the first is its model, nil if
// none is known), and adds lit(d) to s's path constraint. sides counts
// the models s had on the false and the true side (mergeyield.go).
func (e *Executor) fork(s *State, lit func(bool) term.Term, d, traced bool, models []*term.Model, sides [2]int) {
	other := !d
	e.splitAt(s, lit(true), sides)
	c2 := s.clone()
	e.addLit(c2, lit(other))
	c2.model, c2.spare = nil, nil
	if len(models) > 0 {
		c2.model, c2.spare = models[0], models[1:]
	}
	c2.next, c2.headed = sideOf(s, other), e.sides != nil
	if c2.headed {
		c2.nextCount, c2.nextTurns = e.sideCount(c2.next), s.turnBucket()
		c2.run = s.repeats(c2.next)
		c2.noteFork(c2.next)
		s.noteFork(sideOf(s, d))
	}
	c2.forced = append(append([]bool(nil), s.decided...), other)
	c2.decided = nil
	if traced {
		c2.tr.add(other)
	}
	c2.forks++
	e.addLit(s, lit(d))
	s.forks++
	e.incFork(s, c2)
	e.pending = append(e.pending, c2)
}

// addLit conjoins a branch literal to s's path constraint (and, with
// merging, records where it was taken).
func (e *Executor) addLit(s *State, lit term.Term) {
	s.pc = append(s.pc, lit)
	e.vs.assume(s, lit)
	if e.tracking() {
		s.trail = append(s.trail, merge.Step{Lit: lit, Point: e.pointOf(s)})
	}
}

// checkOther is check for the side of a branch the path's model does not
// take: a model the value sets move there answers it without the solver.
func (e *Executor) checkOther(s *State, l term.Term) (smtlib.Status, *term.Model, error) {
	if m := e.vs.witness(s, l); m != nil {
		return smtlib.Sat, m, nil
	}
	return e.check(s, l)
}

// check asks whether s's path constraint with extra is satisfiable, and
// returns a model that is validated against the constraint.
func (e *Executor) check(s *State, extra term.Term) (smtlib.Status, *term.Model, error) {
	st, m, err := e.query(e.pinned(s, s.queryPC()), extra, s.model)
	if err != nil {
		return st, nil, &solverFailure{err}
	}
	return st, m, nil
}

// pinned returns pc with x = v added for every input variable x the path's
// value sets hold to the one value v while pc does not say so itself (a
// length after a loop that counted it down: n-3 < 0 ∧ n-2 ≥ 0). pc implies
// each equality, so the question is the same; the solver's substitution
// then makes every term over x concrete, the window indices of a hash loop
// among them, where the bounds alone would leave them symbolic (KLEE's
// implied values).
func (e *Executor) pinned(s *State, pc []term.Term) []term.Term {
	if e.vs == nil || s.sets == nil {
		return pc
	}
	out := pc
	for _, x := range e.modelTerms() {
		if e.st.Op(x) != term.OpVar || !e.st.IsBitVec(e.st.SortOf(x)) {
			continue
		}
		d, ok := e.vs.tr.Domain(s.sets, x)
		if !ok {
			continue
		}
		v, ok := d.Singleton()
		if !ok {
			continue
		}
		eq := e.st.Eq(x, e.st.ConstUint64(e.st.Width(e.st.SortOf(x)), v))
		if slices.Contains(pc, eq) {
			continue
		}
		if len(out) == len(pc) {
			out = slices.Clip(out)
		}
		out = append(out, eq)
	}
	return out
}
