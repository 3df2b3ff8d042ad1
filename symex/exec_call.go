package symex

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

const maxFrames = 512

// callee is a resolved call: a function with its closure bindings and its
// arguments (the receiver first for methods), or a builtin with its
// arguments and their static types.
type callee struct {
	fn       *ssa.Function
	bindings []Value
	args     []Value
	builtin  *ssa.Builtin
	types    []types.Type // of args, for builtins
}

const msgNilDeref = "runtime error: invalid memory address or nil pointer dereference"

// resolve evaluates the function and the arguments of a call, as a call
// does and as a defer statement does when it runs.
func (e *Executor) resolve(s *State, in ssa.Instruction, c *ssa.CallCommon) (callee, error) {
	var cl callee
	if c.IsInvoke() {
		rv, err := e.value(s, c.Value)
		if err != nil {
			return cl, err
		}
		iv, ok := rv.(IfaceVal)
		if !ok {
			return cl, e.unsup(in, "method call on %T", rv)
		}
		if iv.T == nil {
			return cl, &panicked{instr: in, msg: msgNilDeref}
		}
		cl.fn = e.prog.Prog.LookupMethod(iv.T, c.Method.Pkg(), c.Method.Name())
		if cl.fn == nil {
			return cl, e.unsup(in, "no method %s on %s", c.Method.Name(), iv.T)
		}
		cl.args = append(cl.args, iv.V)
	} else {
		fv, err := e.value(s, c.Value)
		if err != nil {
			return cl, err
		}
		switch f := fv.(type) {
		case *ssa.Builtin:
			cl.builtin = f
			for _, a := range c.Args {
				cl.types = append(cl.types, a.Type())
			}
		case FuncVal:
			if f.Fn == nil {
				return cl, &panicked{instr: in, msg: msgNilDeref}
			}
			cl.fn, cl.bindings = f.Fn.(*ssa.Function), f.Bindings
		default:
			return cl, e.unsup(in, "call of %T", fv)
		}
	}
	for _, a := range c.Args {
		v, err := e.value(s, a)
		if err != nil {
			return cl, err
		}
		cl.args = append(cl.args, v)
	}
	if cl.fn != nil {
		if m := e.prog.model(cl.fn); m != nil {
			cl.fn = m
		}
	}
	return cl, nil
}

func (e *Executor) call(s *State, in *ssa.Call) (bool, error) {
	cl, err := e.resolve(s, in, in.Common())
	if err != nil {
		return false, err
	}
	if cl.builtin != nil {
		v, err := e.builtin(s, in, cl)
		if err != nil {
			return false, err
		}
		s.top().env[in] = v
		return true, nil
	}
	if e.prog.intrinsic(cl.fn) {
		v, err := e.intrinsic(s, in, cl)
		if err != nil {
			return false, err
		}
		s.top().env[in] = v
		return true, nil
	}
	fn := cl.fn
	if fn.Pkg != nil && fn == fn.Pkg.Func("init") {
		// Package initializers run lazily, on the first use of a global.
		// Only the package's own init: a method named init is a plain call
		// (its Signature.Params leaves the receiver out, so a test on the
		// name and the parameters took x/text's scanner.init for one).
		return true, nil
	}
	if fo := e.follow; fo != nil {
		if v, ok, err := fo.intercept(cl); ok || err != nil {
			if err != nil {
				return false, err
			}
			s.top().env[in] = v
			return true, nil
		}
	}
	if v, ok, err := e.mathCall(s, in, cl); ok || err != nil {
		if err != nil {
			return false, err
		}
		s.top().env[in] = v
		return true, nil
	}
	if v, ok, err := e.native(s, in, cl); ok || err != nil {
		if err != nil {
			return false, err
		}
		s.top().env[in] = v
		return true, nil
	}
	return false, e.enter(s, in, cl, false)
}

// enter pushes a frame running cl.fn. Its result goes to the caller's
// Call instruction in, or, for a deferred call, nowhere: its return goes
// on with the caller's RunDefers or unwinding.
func (e *Executor) enter(s *State, in ssa.Instruction, cl callee, deferCall bool) error {
	fn := cl.fn
	if len(fn.Blocks) == 0 {
		return e.unsup(in, "call to %s, which has no Go body", fn)
	}
	if len(s.frames) >= maxFrames {
		return &cut{why: "call depth limit"}
	}
	nf := &frame{fn: fn, block: fn.Blocks[0], env: make(map[ssa.Value]Value, len(cl.args)+len(cl.bindings)),
		deferCall: deferCall, stack: e.callerStack(s.top())}
	if v, ok := in.(ssa.Value); ok && !deferCall {
		nf.call = v // a Call, or a Convert run by a model
	}
	for i, p := range fn.Params {
		nf.env[p] = cl.args[i]
	}
	for i, fv := range fn.FreeVars {
		nf.env[fv] = cl.bindings[i]
	}
	s.frames = append(s.frames, nf)
	e.cover(nf.block)
	return nil
}

func (e *Executor) ret(s *State, in *ssa.Return) error {
	var v Value
	switch len(in.Results) {
	case 0:
	case 1:
		x, err := e.value(s, in.Results[0])
		if err != nil {
			return err
		}
		v = x
	default:
		t := make(Struct, len(in.Results))
		for i, r := range in.Results {
			x, err := e.value(s, r)
			if err != nil {
				return err
			}
			t[i] = x
		}
		v = t
	}
	return e.retValue(s, v)
}

// retValue pops the top frame, handing v to its caller.
func (e *Executor) retValue(s *State, v Value) error {
	done := s.top()
	s.frames = s.frames[:len(s.frames)-1]
	if len(s.frames) == 0 {
		s.ret = v
		return nil
	}
	caller := s.top()
	if it := done.iter; it != nil {
		r := v.(Struct)
		caller.env[it.in] = Struct{e.st.True(), it.k, r[0]}
		caller.pc++
		return e.store(s, it.itp, Struct{it.sv, r[1]})
	}
	if done.deferCall {
		if caller.unwinding {
			return e.unwind(s)
		}
		return nil // RunDefers runs again
	}
	if done.call != nil {
		caller.env[done.call] = v
	}
	caller.pc++
	return nil
}
