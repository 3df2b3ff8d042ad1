package symex

import (
	"golang.org/x/tools/go/ssa"
)

// Deferred calls and panics, as the Go runtime runs them. A Defer pushes a
// resolved call (function and arguments evaluated at the defer statement)
// on its frame; RunDefers pops and runs them one at a time before a normal
// return. A panic marks the frame where it happens as unwinding: its
// deferred calls run, newest first; a deferred function that calls recover
// directly stops the panic, and once the frame's defers have all run it
// returns through its Recover block (the named results' current values).
// Otherwise the frame is dropped and its caller unwinds in turn; a panic
// that leaves the entry function ends the path. A deferred call that panics
// replaces the panic in flight, as in Go, and the new panic keeps where the
// first of the chain was raised (a recovered one's too, until the deferred
// call that recovered it returns): the site Go's traceback shows first.

// deferred is one pending deferred call.
type deferred struct {
	cl callee
	in *ssa.Defer
}

func (e *Executor) deferCall(s *State, in *ssa.Defer) error {
	cl, err := e.resolve(s, in, &in.Call)
	if err != nil {
		return err
	}
	f := s.top()
	if in.DeferStack != nil {
		// range-over-func bodies defer onto the enclosing function's frame
		v, err := e.scalar(s, in.DeferStack)
		if err != nil {
			return err
		}
		depth, ok := e.constInt(v)
		if !ok || int(depth) >= len(s.frames) {
			return e.unsup(in, "defer onto an unknown frame")
		}
		f = s.frames[depth]
	}
	// A fresh array per push: forked states share their frames' old ones.
	n := len(f.defers)
	f.defers = append(f.defers[:n:n], deferred{cl: cl, in: in})
	return nil
}

// runDefers is the RunDefers instruction: it runs the frame's next deferred
// call and stays on the instruction until none is left.
func (e *Executor) runDefers(s *State) (advance bool, err error) {
	f := s.top()
	n := len(f.defers)
	if n == 0 {
		return true, nil
	}
	d := f.defers[n-1]
	f.defers = f.defers[:n-1]
	return false, e.runDeferred(s, d)
}

// runDeferred starts deferred call d: a builtin or an intrinsic runs at
// once, a function gets a frame whose return continues the unwinding (or
// lets RunDefers run again).
func (e *Executor) runDeferred(s *State, d deferred) error {
	if d.cl.builtin != nil {
		if d.cl.builtin.Name() == "recover" {
			return nil // not called by a deferred function: no effect
		}
		_, err := e.builtin(s, d.in, d.cl)
		return err
	}
	if e.prog.intrinsic(d.cl.fn) {
		_, err := e.intrinsic(s, d.in, d.cl)
		return err
	}
	return e.enter(s, d.in, d.cl, true)
}

// raise starts a panic in the top frame. It returns p when the panic ends
// the path, nil when execution goes on in a deferred call or after a
// recovery.
func (e *Executor) raise(s *State, p *panicked) error {
	if len(s.frames) == 0 {
		// The panic unwound the entry function already (its last deferred
		// call returned): nothing is left to unwind, the path ends.
		return p
	}
	e.chainPanic(s, p)
	f := s.top()
	f.panic, f.unwinding = p, true
	return e.unwind(s)
}

// chainPanic records in p where the chain of panics it joins started: the
// nearest frame below that unwinds a panic, or whose deferred call
// recovered one and has not returned yet.
func (e *Executor) chainPanic(s *State, p *panicked) {
	if p.first != nil {
		return
	}
	for i := len(s.frames) - 1; i >= 0; i-- {
		f := s.frames[i]
		if f.recoveredAt != nil {
			p.first = f.recoveredAt
			return
		}
		if f.unwinding && f.panic != nil && f.panic != p {
			p.first = f.panic.origin()
			return
		}
	}
}

// unwind goes on with the unwinding top frame: its next deferred call, or
// its end (a recovered return, or the panic passed to its caller).
func (e *Executor) unwind(s *State) error {
	for {
		f := s.top()
		if n := len(f.defers); n > 0 {
			d := f.defers[n-1]
			f.defers = f.defers[:n-1]
			err := e.runDeferred(s, d)
			if p, ok := err.(*panicked); ok {
				if p.instr == nil {
					p.instr = d.in
				}
				e.chainPanic(s, p)
				f.panic = p
				continue
			}
			if err != nil || s.top() != f {
				return err // an error, or a deferred function is running
			}
			continue
		}
		f.unwinding = false
		if f.panic == nil {
			return e.recovered(s, f)
		}
		p := f.panic
		s.frames = s.frames[:len(s.frames)-1]
		if len(s.frames) == 0 {
			return p
		}
		c := s.top()
		c.panic, c.unwinding = p, true
	}
}

// recovered returns from frame f after a recovered panic.
func (e *Executor) recovered(s *State, f *frame) error {
	if f.fn.Recover == nil {
		z, err := e.zero(f.fn.Signature.Results())
		if err != nil {
			return err
		}
		if f.fn.Signature.Results().Len() == 1 {
			z = z.(Struct)[0]
		} else if f.fn.Signature.Results().Len() == 0 {
			z = nil
		}
		return e.retValue(s, z)
	}
	f.prev, f.block, f.pc = nil, f.fn.Recover, 0
	e.cover(f.block)
	return nil
}

// recover is the builtin: called by a deferred function of a panicking
// frame, it stops the panic and returns its value; otherwise nil.
func (e *Executor) recover(s *State) Value {
	n := len(s.frames)
	if n < 2 {
		return IfaceVal{}
	}
	c := s.frames[n-2]
	if c.panic == nil {
		return IfaceVal{}
	}
	p := c.panic
	c.panic = nil
	s.frames[n-1].recoveredAt = p.origin()
	return e.panicValue(p)
}

// panicValue is what recover returns for p: the value given to panic, or a
// runtime.Error for a run-time panic.
func (e *Executor) panicValue(p *panicked) Value {
	if iv, ok := p.val.(IfaceVal); ok && iv.T != nil {
		return iv
	}
	msg := p.msg
	if p.val != nil {
		msg = "panic called with nil argument (use -d=panicnil=1 to revert)"
	}
	return IfaceVal{T: e.prog.runtimeError, V: Struct{e.constString(msg)}}
}
