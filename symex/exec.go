package symex

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// unsupported ends a path: the executor cannot model instr (or, without
// an instruction, what is at pos).
type unsupported struct {
	instr ssa.Instruction
	pos   token.Pos
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
	// first is where the first panic of the chain in flight was raised,
	// when this one was raised in a deferred call run by another (which
	// it may have recovered): Go's traceback starts there. nil: instr.
	first ssa.Instruction
}

// origin is where p's chain of panics started.
func (p *panicked) origin() ssa.Instruction {
	if p.first != nil {
		return p.first
	}
	return p.instr
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
		fo := e.follow
		if fo != nil && fo.s != s {
			fo = nil
		}
		if fo != nil {
			if err := fo.before(instr); err != nil {
				return terminal(err, instr)
			}
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
		if fo != nil {
			if err := fo.after(instr, advance); err != nil {
				return terminal(err, instr)
			}
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
