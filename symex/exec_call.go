package symex

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

const maxFrames = 512

func (e *Executor) call(s *State, in *ssa.Call) (bool, error) {
	c := in.Common()
	args := make([]Value, 0, len(c.Args)+1)
	var fn *ssa.Function
	var bindings []Value
	if c.IsInvoke() {
		rv, err := e.value(s, c.Value)
		if err != nil {
			return false, err
		}
		iv, ok := rv.(IfaceVal)
		if !ok {
			return false, e.unsup(in, "method call on %T", rv)
		}
		if iv.T == nil {
			return false, &panicked{instr: in, msg: "runtime error: invalid memory address or nil pointer dereference"}
		}
		fn = e.prog.Prog.LookupMethod(iv.T, c.Method.Pkg(), c.Method.Name())
		if fn == nil {
			return false, e.unsup(in, "no method %s on %s", c.Method.Name(), iv.T)
		}
		args = append(args, iv.V)
	} else {
		fv, err := e.value(s, c.Value)
		if err != nil {
			return false, err
		}
		switch f := fv.(type) {
		case *ssa.Builtin:
			return e.builtin(s, in, f)
		case FuncVal:
			if f.Fn == nil {
				return false, &panicked{instr: in, msg: "runtime error: invalid memory address or nil pointer dereference"}
			}
			fn, bindings = f.Fn.(*ssa.Function), f.Bindings
		default:
			return false, e.unsup(in, "call of %T", fv)
		}
	}
	for _, a := range c.Args {
		v, err := e.value(s, a)
		if err != nil {
			return false, err
		}
		args = append(args, v)
	}
	if m := e.prog.model(fn); m != nil {
		fn = m
	}
	if fn.Name() == "init" && fn.Signature.Params().Len() == 0 && fn.Pkg != nil && fn.Parent() == nil {
		// Package initializers run lazily, on the first use of a global.
		return true, nil
	}
	if len(fn.Blocks) == 0 {
		return false, e.unsup(in, "call to %s, which has no Go body", fn)
	}
	if len(s.frames) >= maxFrames {
		return false, &cut{why: "call depth limit"}
	}
	nf := &frame{fn: fn, block: fn.Blocks[0], env: make(map[ssa.Value]Value, len(args)+len(bindings)), call: in,
		stack: e.callerStack(s.top())}
	for i, p := range fn.Params {
		nf.env[p] = args[i]
	}
	for i, fv := range fn.FreeVars {
		nf.env[fv] = bindings[i]
	}
	s.frames = append(s.frames, nf)
	e.cover(nf.block)
	return false, nil
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
	if done.call != nil {
		caller.env[done.call] = v
	}
	caller.pc++
	return nil
}

func (e *Executor) builtin(s *State, in *ssa.Call, b *ssa.Builtin) (bool, error) {
	f := s.top()
	args := in.Call.Args
	val := func(i int) (Value, error) { return e.value(s, args[i]) }
	set := func(v Value, err error) (bool, error) {
		if err != nil {
			return false, err
		}
		f.env[in] = v
		return true, nil
	}
	switch b.Name() {
	case "len", "cap":
		x, err := val(0)
		if err != nil {
			return false, err
		}
		switch x := x.(type) {
		case StringVal:
			return set(x.Len, nil)
		case SliceVal:
			if b.Name() == "len" {
				return set(x.Len, nil)
			}
			return set(x.Cap, nil)
		case ArrayVal:
			return set(e.idx(x.Len), nil)
		case PtrVal:
			if _, ok := args[0].Type().Underlying().(*types.Map); ok {
				m, _, err := e.mapObj(s, x)
				if err != nil || m == nil {
					return set(e.idx(0), err)
				}
				return set(e.idx(m.Live), nil)
			}
			if at, ok := args[0].Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array); ok {
				return set(e.idx(int(at.Len())), nil)
			}
		}
		return false, e.unsup(in, "%s of %s", b.Name(), args[0].Type())
	case "append":
		return set(e.appendSlice(s, in))
	case "copy":
		return set(e.copySlice(s, in))
	case "min", "max":
		acc, err := e.scalar(s, args[0])
		if err != nil {
			return false, err
		}
		bt, ok := args[0].Type().Underlying().(*types.Basic)
		if !ok || bt.Info()&types.IsInteger == 0 {
			return false, e.unsup(in, "%s of %s", b.Name(), args[0].Type())
		}
		for i := 1; i < len(args); i++ {
			y, err := e.scalar(s, args[i])
			if err != nil {
				return false, err
			}
			op := term.OpBVUlt
			if isSigned(bt) {
				op = term.OpBVSlt
			}
			less := e.mk(op, y, acc)
			if b.Name() == "max" {
				less = e.mk(op, acc, y)
			}
			acc = e.st.Ite(less, y, acc)
		}
		return set(acc, nil)
	case "print", "println":
		return true, nil
	case "delete":
		m, err := val(0)
		if err != nil {
			return false, err
		}
		k, err := val(1)
		if err != nil {
			return false, err
		}
		return true, e.mapDelete(s, m, k)
	case "clear":
		return true, e.clear(s, in, args[0])
	case "recover":
		return set(IfaceVal{}, nil)
	}
	return false, e.unsup(in, "builtin %s is not modelled", b.Name())
}

// sequence views a slice or string operand as (elements, offset, length, bound).
func (e *Executor) sequence(s *State, v Value) (elems Value, off, n term.Term, max int, err error) {
	switch x := v.(type) {
	case StringVal:
		return x.Bytes, x.Off, x.Len, x.Max, nil
	case SliceVal:
		if x.Obj == 0 {
			return nil, e.idx(0), e.idx(0), 0, nil
		}
		obj, err := e.object(s, x.Obj)
		if err != nil {
			return nil, off, n, 0, err
		}
		el, err := elemsOf(obj)
		return el, x.Off, x.Len, x.Max, err
	}
	return nil, off, n, 0, e.unsup(nil, "sequence of %T", v)
}

// writeGuarded writes src[soff+j] to dst[doff+j] for j < n (symbolic n <= max).
func (e *Executor) writeGuarded(s *State, dst Value, doff term.Term, src Value, soff, n term.Term, max int) (Value, error) {
	if dv, ok := dst.(Vec); ok {
		return e.writeVec(s, dv, doff, src, soff, n, max)
	}
	for j := 0; j < max; j++ {
		at := e.add(doff, e.idx(j))
		nv, err := e.liftSelect(src, e.add(soff, e.idx(j)))
		if err != nil {
			return nil, err
		}
		g := e.ult(e.idx(j), n)
		if g == e.st.False() {
			break
		}
		if g != e.st.True() {
			old, err := e.liftSelect(dst, at)
			if err != nil {
				return nil, err
			}
			nv, err = e.iteValue(g, nv, old)
			if err != nil {
				return nil, err
			}
		}
		if dst, err = e.liftStore(dst, at, nv); err != nil {
			return nil, err
		}
	}
	return dst, nil
}

// writeVec is writeGuarded for Vec elements, which move at concrete
// positions: the count and both offsets are made concrete first.
func (e *Executor) writeVec(s *State, dst Vec, doff term.Term, src Value, soff, n term.Term, max int) (Value, error) {
	sv, _ := src.(Vec)
	k, in, err := e.concreteIndex(s, n, max+1)
	if err != nil {
		return nil, err
	}
	if !in {
		return nil, e.unsup(nil, "copy of more than the modelled %d elements", max)
	}
	if k == 0 {
		return dst, nil
	}
	d, in1, err := e.concreteIndex(s, doff, len(dst)+1)
	if err != nil {
		return nil, err
	}
	o, in2, err := e.concreteIndex(s, soff, len(sv)+1)
	if err != nil {
		return nil, err
	}
	if !in1 || !in2 || d+k > len(dst) || o+k > len(sv) {
		return nil, e.unsup(nil, "copy beyond the modelled extent of an array")
	}
	out := append(Vec(nil), dst...)
	copy(out[d:d+k], sv[o:o+k])
	return out, nil
}

func (e *Executor) iteValue(c term.Term, a, b Value) (Value, error) {
	switch x := a.(type) {
	case term.Term:
		return e.st.Ite(c, x, b.(term.Term)), nil
	case Struct:
		y := b.(Struct)
		out := make(Struct, len(x))
		for i := range x {
			v, err := e.iteValue(c, x[i], y[i])
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	}
	return nil, e.unsup(nil, "conditional %T", a)
}

func (e *Executor) appendSlice(s *State, in *ssa.Call) (Value, error) {
	xv, err := e.value(s, in.Call.Args[0])
	if err != nil {
		return nil, err
	}
	yv, err := e.value(s, in.Call.Args[1])
	if err != nil {
		return nil, err
	}
	x := xv.(SliceVal)
	yel, yoff, yn, ymax, err := e.sequence(s, yv)
	if err != nil {
		return nil, err
	}
	newLen := e.add(x.Len, yn)
	fits, err := e.branch(s, e.ule(newLen, x.Cap))
	if err != nil {
		return nil, err
	}
	var dst Value
	var obj int
	off, capacity, mx := x.Off, x.Cap, x.Max
	if fits && x.Obj != 0 {
		o, err := e.object(s, x.Obj)
		if err != nil {
			return nil, err
		}
		if dst, err = elemsOf(o); err != nil {
			return nil, e.unsup(in, "%v", err)
		}
		obj = x.Obj
	} else {
		// A new backing array: the old elements, then room to grow.
		off, mx = e.idx(0), 2*x.Max+ymax
		z, err := e.liftedZero(in.Type().Underlying().(*types.Slice).Elem(), mx)
		if err != nil {
			return nil, e.unsup(in, "%v", err)
		}
		dst = z
		if x.Obj != 0 {
			xo, err := e.object(s, x.Obj)
			if err != nil {
				return nil, err
			}
			xel, err := elemsOf(xo)
			if err != nil {
				return nil, e.unsup(in, "%v", err)
			}
			if dst, err = e.writeGuarded(s, dst, e.idx(0), xel, x.Off, x.Len, x.Max); err != nil {
				return nil, err
			}
		}
		twice := e.add(x.Cap, x.Cap)
		capacity = e.st.Ite(e.ule(newLen, twice), twice, newLen)
		obj = -1
	}
	if dst, err = e.writeGuarded(s, dst, e.add(off, x.Len), yel, yoff, yn, ymax); err != nil {
		return nil, err
	}
	if obj == -1 {
		obj = s.alloc(Backing{Elems: dst})
	} else {
		s.mem[obj] = replaceElems(s.mem[obj], dst)
	}
	return SliceVal{Obj: obj, Off: off, Len: newLen, Cap: capacity, Max: mx}, nil
}

func replaceElems(obj Value, el Value) Value {
	if a, ok := obj.(ArrayVal); ok {
		return ArrayVal{Elems: el, Len: a.Len}
	}
	return Backing{Elems: el}
}

func (e *Executor) copySlice(s *State, in *ssa.Call) (Value, error) {
	dv, err := e.value(s, in.Call.Args[0])
	if err != nil {
		return nil, err
	}
	sv, err := e.value(s, in.Call.Args[1])
	if err != nil {
		return nil, err
	}
	d := dv.(SliceVal)
	sel, soff, sn, smax, err := e.sequence(s, sv)
	if err != nil {
		return nil, err
	}
	n := e.st.Ite(e.ult(d.Len, sn), d.Len, sn)
	if d.Obj == 0 || smax == 0 {
		return e.idx(0), nil
	}
	o, err := e.object(s, d.Obj)
	if err != nil {
		return nil, err
	}
	del, err := elemsOf(o)
	if err != nil {
		return nil, e.unsup(in, "%v", err)
	}
	nd, err := e.writeGuarded(s, del, d.Off, sel, soff, n, min(smax, d.Max))
	if err != nil {
		return nil, err
	}
	s.mem[d.Obj] = replaceElems(o, nd)
	return n, nil
}

func (e *Executor) typeAssert(s *State, in *ssa.TypeAssert) (Value, error) {
	xv, err := e.value(s, in.X)
	if err != nil {
		return nil, err
	}
	iv, ok := xv.(IfaceVal)
	if !ok {
		return nil, e.unsup(in, "type assertion on %T", xv)
	}
	var match bool
	var out Value = iv.V
	if it, isIface := in.AssertedType.Underlying().(*types.Interface); isIface {
		match = iv.T != nil && types.Implements(iv.T, it)
		out = iv
	} else {
		match = iv.T != nil && types.Identical(iv.T, in.AssertedType)
	}
	if in.CommaOk {
		if !match {
			z, err := e.zero(in.AssertedType)
			if err != nil {
				return nil, err
			}
			out = z
		}
		return Struct{out, e.st.Bool(match)}, nil
	}
	if !match {
		return nil, &panicked{instr: in, msg: "interface conversion: interface is not " + in.AssertedType.String()}
	}
	return out, nil
}

// clear is the builtin: a map loses its entries, a slice's elements below
// its length become zero.
func (e *Executor) clear(s *State, in *ssa.Call, arg ssa.Value) error {
	v, err := e.value(s, arg)
	if err != nil {
		return err
	}
	if _, ok := arg.Type().Underlying().(*types.Map); ok {
		return e.mapClear(s, v)
	}
	x, ok := v.(SliceVal)
	if !ok {
		return e.unsup(in, "clear of %T", v)
	}
	if x.Obj == 0 {
		return nil
	}
	o, err := e.object(s, x.Obj)
	if err != nil {
		return err
	}
	dst, err := elemsOf(o)
	if err != nil {
		return err
	}
	zeros, err := e.liftedZero(arg.Type().Underlying().(*types.Slice).Elem(), x.Max)
	if err != nil {
		return err
	}
	nd, err := e.writeGuarded(s, dst, x.Off, zeros, e.idx(0), x.Len, x.Max)
	if err != nil {
		return err
	}
	s.mem[x.Obj] = replaceElems(o, nd)
	return nil
}
