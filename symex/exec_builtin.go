package symex

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// builtin runs a call of a builtin function on resolved arguments (a call
// or a deferred call) and returns its result.
func (e *Executor) builtin(s *State, in ssa.Instruction, cl callee) (Value, error) {
	args, ts := cl.args, cl.types
	name := cl.builtin.Name()
	for _, a := range args {
		if o, ok := a.(Opaque); ok {
			return nil, e.unsup(in, "use of %s", o.What)
		}
	}
	switch name {
	case "len", "cap":
		switch x := args[0].(type) {
		case StringVal:
			return x.Len, nil
		case SliceVal:
			if name == "len" {
				return x.Len, nil
			}
			return x.Cap, nil
		case ArrayVal:
			return e.idx(x.Len), nil
		case PtrVal:
			if _, ok := ts[0].Underlying().(*types.Chan); ok {
				return e.chanLenCap(s, in, x, name == "len")
			}
			if _, ok := ts[0].Underlying().(*types.Map); ok {
				m, _, err := e.mapObj(s, x)
				if err != nil || m == nil {
					return e.idx(0), err
				}
				return e.idx(m.Live), nil
			}
			if pt, ok := ts[0].Underlying().(*types.Pointer); ok {
				if at, ok := pt.Elem().Underlying().(*types.Array); ok {
					return e.idx(int(at.Len())), nil
				}
			}
		}
		if o, ok := args[0].(Opaque); ok {
			return nil, e.unsup(in, "use of %s", o.What)
		}
		return nil, e.unsup(in, "%s of %s", name, ts[0])
	case "append":
		return e.appendSlice(s, in, ts[0], args[0], args[1])
	case "copy":
		return e.copySlice(s, in, args[0], args[1])
	case "min", "max":
		return e.minMax(in, name == "max", args, ts[0])
	case "print", "println":
		return nil, nil
	case "close":
		return nil, e.chanClose(s, in, args[0])
	case "delete":
		return nil, e.mapDelete(s, args[0], args[1])
	case "clear":
		return nil, e.clear(s, in, ts[0], args[0])
	case "recover":
		return e.recover(s), nil
	case "SliceData", "String", "StringData", "Slice", "Add":
		return e.unsafeBuiltin(s, in, name, args, ts)
	case "ssa:deferstack":
		return e.idx(len(s.frames) - 1), nil
	case "ssa:wrapnilchk":
		return e.wrapNilCheck(s, in, args)
	}
	return nil, e.unsup(in, "builtin %s is not modelled", name)
}

// minMax is the builtin min or max over integers and strings.
func (e *Executor) minMax(in ssa.Instruction, isMax bool, args []Value, t types.Type) (Value, error) {
	bt, ok := t.Underlying().(*types.Basic)
	if !ok || bt.Info()&(types.IsInteger|types.IsString) == 0 {
		return nil, e.unsup(in, "min or max of %s", t)
	}
	acc := args[0]
	for _, y := range args[1:] {
		var less term.Term // y is the new pick
		switch a := acc.(type) {
		case term.Term:
			lo, hi := y.(term.Term), a
			if isMax {
				lo, hi = hi, lo
			}
			less, _ = binop(e.st, token.LSS, bt, lo, hi)
		case StringVal:
			less = e.stringLess(y.(StringVal), a)
			if isMax {
				less = e.stringLess(a, y.(StringVal))
			}
		default:
			return nil, e.unsup(in, "min or max of %T", acc)
		}
		v, err := e.iteValue(less, y, acc)
		if err != nil {
			return nil, err
		}
		acc = v
	}
	return acc, nil
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
		el, err := e.sliceElems(s, x)
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
	case StringVal:
		y := b.(StringVal)
		return StringVal{Bytes: e.st.Ite(c, e.shifted(x.Bytes, x.Off, x.Max), e.shifted(y.Bytes, y.Off, y.Max)),
			Off: e.idx(0), Len: e.st.Ite(c, x.Len, y.Len), Max: max(x.Max, y.Max)}, nil
	}
	return nil, e.unsup(nil, "conditional %T", a)
}

func (e *Executor) appendSlice(s *State, in ssa.Instruction, t types.Type, xv, yv Value) (Value, error) {
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
	if fits && x.Obj == 0 {
		return x, nil // nothing appended to a nil slice: still nil
	}
	var dst Value
	off, capacity, mx := x.Off, x.Cap, x.Max
	if fits {
		if dst, err = e.sliceElems(s, x); err != nil {
			return nil, e.unsup(in, "%v", err)
		}
	} else {
		// A new backing array: the old elements, then room to grow.
		off, mx = e.idx(0), 2*x.Max+ymax
		z, err := e.liftedZero(t.Underlying().(*types.Slice).Elem(), mx)
		if err != nil {
			return nil, e.unsup(in, "%v", err)
		}
		dst = z
		if x.Obj != 0 {
			xel, err := e.sliceElems(s, x)
			if err != nil {
				return nil, e.unsup(in, "%v", err)
			}
			if dst, err = e.writeGuarded(s, dst, e.idx(0), xel, x.Off, x.Len, x.Max); err != nil {
				return nil, err
			}
		}
		twice := e.add(x.Cap, x.Cap)
		capacity = e.st.Ite(e.ule(newLen, twice), twice, newLen)
	}
	if dst, err = e.writeGuarded(s, dst, e.add(off, x.Len), yel, yoff, yn, ymax); err != nil {
		return nil, err
	}
	if fits {
		// The same array: the data pointer stays x's (it has not moved when
		// x has no capacity, and then nothing was appended).
		return SliceVal{Obj: x.Obj, At: x.At, Off: off, Len: newLen, Cap: capacity, Data: x.Data, Max: mx}, e.setSliceElems(s, x, dst)
	}
	return SliceVal{Obj: s.alloc(Backing{Elems: dst}), Off: off, Len: newLen, Cap: capacity, Max: mx}, nil
}

func replaceElems(obj Value, el Value) Value {
	if a, ok := obj.(ArrayVal); ok {
		return ArrayVal{Elems: el, Len: a.Len}
	}
	return Backing{Elems: el}
}

func (e *Executor) copySlice(s *State, in ssa.Instruction, dv, sv Value) (Value, error) {
	d := dv.(SliceVal)
	sel, soff, sn, smax, err := e.sequence(s, sv)
	if err != nil {
		return nil, err
	}
	n := e.st.Ite(e.ult(d.Len, sn), d.Len, sn)
	if d.Obj == 0 || smax == 0 {
		return e.idx(0), nil
	}
	del, err := e.sliceElems(s, d)
	if err != nil {
		return nil, e.unsup(in, "%v", err)
	}
	nd, err := e.writeGuarded(s, del, d.Off, sel, soff, n, min(smax, d.Max))
	if err != nil {
		return nil, err
	}
	return n, e.setSliceElems(s, d, nd)
}

// clear is the builtin: a map loses its entries, a slice's elements below
// its length become zero.
func (e *Executor) clear(s *State, in ssa.Instruction, t types.Type, v Value) error {
	if _, ok := t.Underlying().(*types.Map); ok {
		return e.mapClear(s, v)
	}
	x, ok := v.(SliceVal)
	if !ok {
		return e.unsup(in, "clear of %T", v)
	}
	if x.Obj == 0 {
		return nil
	}
	dst, err := e.sliceElems(s, x)
	if err != nil {
		return err
	}
	zeros, err := e.liftedZero(t.Underlying().(*types.Slice).Elem(), x.Max)
	if err != nil {
		return err
	}
	nd, err := e.writeGuarded(s, dst, x.Off, zeros, e.idx(0), x.Len, x.Max)
	if err != nil {
		return err
	}
	return e.setSliceElems(s, x, nd)
}

// wrapNilCheck is ssa:wrapnilchk(p, recv, method), the check of a wrapper
// that calls value method recv.method through a pointer (a method value
// or an interface holding *T): p itself, or the runtime's panic when p is
// nil.
func (e *Executor) wrapNilCheck(s *State, in ssa.Instruction, args []Value) (Value, error) {
	recv, ok1 := e.concreteString(args[1].(StringVal))
	method, ok2 := e.concreteString(args[2].(StringVal))
	if !ok1 || !ok2 {
		return nil, e.unsup(in, "ssa:wrapnilchk with a symbolic name")
	}
	var isNil term.Term
	switch p := args[0].(type) {
	case PtrVal:
		isNil = e.st.Bool(p.Obj == 0)
	case SymPtr:
		isNil = e.locIs(p.Loc, 0)
	default:
		return nil, e.unsup(in, "ssa:wrapnilchk of %T", args[0])
	}
	null, err := e.branch(s, isNil)
	if err != nil {
		return nil, err
	}
	if !null {
		if p, ok := args[0].(SymPtr); ok {
			return e.nonNil(s, p)
		}
		return args[0], nil
	}
	typ := recv[strings.LastIndexByte(recv, '.')+1:]
	return nil, &panicked{instr: in, msg: "value method " + recv + "." + method + " called using nil *" + typ + " pointer"}
}
