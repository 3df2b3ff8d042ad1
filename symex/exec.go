package symex

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/symex/merge"
	"github.com/sift-solver/sift/term"
)

// unsupported ends a path: the executor cannot model instr.
type unsupported struct {
	instr ssa.Instruction
	msg   string
}

func (u *unsupported) Error() string { return u.msg }

// panicked is a Go panic at instr: it unwinds the stack (exec_defer.go)
// and ends the path unless recovered. val is the value given to panic, nil
// for a run-time error.
type panicked struct {
	instr ssa.Instruction
	msg   string
	val   Value
}

func (p *panicked) Error() string { return "panic: " + p.msg }

// solverFailure is an error of the solver itself (a dead pipe, say): it
// stops the exploration. Every other error of an instruction ends only its
// path, as unsupported.
type solverFailure struct{ err error }

func (f *solverFailure) Error() string { return f.err.Error() }
func (f *solverFailure) Unwrap() error { return f.err }

// cut ends a path because a limit was reached.
type cut struct{ why string }

func (c *cut) Error() string { return c.why }

func (e *Executor) unsup(instr ssa.Instruction, format string, args ...any) error {
	return &unsupported{instr: instr, msg: fmt.Sprintf(format, args...)}
}

// branch decides the condition c for state s at a branch point. When both
// sides are feasible, s continues on one of them and a clone that will
// replay the current instruction with the other decision is queued.
func (e *Executor) branch(s *State, c term.Term) (bool, error) {
	return e.branchT(s, c, true)
}

// branchT is branch; traced=false keeps the decision out of the trace, for
// checks that only a symbolic run makes (bounds the executor imposes).
func (e *Executor) branchT(s *State, c term.Term, traced bool) (bool, error) {
	if len(s.forced) > 0 {
		d := s.forced[0]
		s.forced = s.forced[1:]
		s.decided = append(s.decided, d)
		return d, nil
	}
	take := func(d bool) bool {
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
	if e.concrete {
		return false, &cut{why: "concrete run reached a symbolic condition"}
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
		e.fork(s, lit, d, traced, by[b2i(!d)])
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
			e.fork(s, lit, d, traced, []*term.Model{m})
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
// none is known), and adds lit(d) to s's path constraint.
func (e *Executor) fork(s *State, lit func(bool) term.Term, d, traced bool, models []*term.Model) {
	other := !d
	c2 := s.clone()
	e.addLit(c2, lit(other))
	c2.model, c2.spare = nil, nil
	if len(models) > 0 {
		c2.model, c2.spare = models[0], models[1:]
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
	st, m, err := e.query(s.queryPC(), extra, s.model)
	if err != nil {
		return st, nil, &solverFailure{err}
	}
	return st, m, nil
}

// run executes s until it ends or forks away; it returns the terminal error
// (nil when the entry function returned).
func (e *Executor) run(s *State) error {
	for {
		if len(s.frames) == 0 {
			return nil
		}
		s.steps++
		e.stats.Steps++
		if s.steps > e.opts.MaxSteps {
			return &cut{why: "step limit"}
		}
		f := s.top()
		if s.arrived {
			s.arrived = false
			if s.inc != nil {
				if gone, err := e.incSnapshot(s); err != nil || gone {
					if err == nil {
						err = errDiscarded
					}
					return err
				}
			}
			if e.parksAt(s, f.block) {
				return errParked
			}
		}
		if f.pc == 0 {
			e.cover(f.block)
		}
		instr := f.block.Instrs[f.pc]
		s.decided = s.decided[:0]
		if len(e.initSnaps) > 0 && len(s.frames) == 1 {
			e.initSnapshot(s, instr)
		}
		advance, err := e.safeExec(s, instr)
		if err != nil {
			if p, ok := err.(*panicked); ok {
				if p.instr == nil {
					p.instr = instr
				}
				if err = e.raise(s, p); err == nil {
					continue // a deferred call runs, or the frame recovered
				}
			}
			return terminal(err, instr)
		}
		if len(s.forced) > 0 {
			return fmt.Errorf("internal: %d replay decisions left at %s", len(s.forced), instr)
		}
		if advance {
			// frames may have changed (call/return): f is still the frame
			// the instruction ran in.
			f.pc++
		}
		if s.yield {
			s.yield = false
			return errYield
		}
	}
}

// terminal is the error that ends a path at instr: a panic, a cut or a
// solver failure as it is, any other error as unsupported.
func terminal(err error, instr ssa.Instruction) error {
	switch x := err.(type) {
	case *unsupported:
		if x.instr == nil {
			x.instr = instr
		}
	case *panicked:
		if x.instr == nil {
			x.instr = instr
		}
	case *cut, *solverFailure:
	default:
		return &unsupported{instr: instr, msg: err.Error()}
	}
	return err
}

// pos is the source position of an instruction (or of its function).
func (e *Executor) pos(instr ssa.Instruction) token.Position {
	if instr == nil {
		return token.Position{}
	}
	p := instr.Pos()
	if !p.IsValid() && instr.Parent() != nil {
		p = instr.Parent().Pos()
	}
	return e.prog.Prog.Fset.Position(p)
}

// safeExec runs one instruction; a value of an unexpected shape (an Opaque
// where a tuple was due, say) ends the path as unsupported instead of
// crashing the exploration.
func (e *Executor) safeExec(s *State, instr ssa.Instruction) (advance bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			advance, err = false, &unsupported{instr: instr, msg: fmt.Sprintf("internal: %v", r)}
		}
	}()
	return e.exec(s, instr)
}
