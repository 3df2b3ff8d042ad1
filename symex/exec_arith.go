package symex

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

func (e *Executor) mk(op term.Op, args ...term.Term) term.Term {
	return e.st.MustMake(op, nil, args...)
}
func (e *Executor) add(a, b term.Term) term.Term { return e.addSub(a, b, false) }
func (e *Executor) sub(a, b term.Term) term.Term { return e.addSub(a, b, true) }
func (e *Executor) ult(a, b term.Term) term.Term { return e.mk(term.OpBVUlt, a, b) }

// span is hi-lo, the length of a slice expression: n itself where hi is
// lo+n, as in s[i:i+n], so that value sets see the length they know
// rather than (c+n)-c.
func (e *Executor) span(hi, lo term.Term) term.Term {
	if e.st.Op(hi) == term.OpBVAdd && e.st.NumArgs(hi) == 2 {
		switch lo {
		case e.st.Arg(hi, 0):
			return e.st.Arg(hi, 1)
		case e.st.Arg(hi, 1):
			return e.st.Arg(hi, 0)
		}
	}
	return e.sub(hi, lo)
}
func (e *Executor) ule(a, b term.Term) term.Term { return e.mk(term.OpBVUle, a, b) }

// resize converts bit-vector x to width w as a Go integer conversion does.
func (e *Executor) resize(x term.Term, w uint32, signed bool) term.Term {
	return resize(e.st, x, w, signed)
}

// index64 widens an index operand to a 64-bit term; a negative signed index
// becomes a huge unsigned one, so one unsigned comparison checks both bounds.
func (e *Executor) index64(s *State, v ssa.Value) (term.Term, error) {
	t, err := e.scalar(s, v)
	if err != nil {
		return t, err
	}
	return e.resize(t, 64, isSigned(v.Type())), nil
}

func (e *Executor) binop(s *State, in *ssa.BinOp) (Value, error) {
	xv, err := e.value(s, in.X)
	if err != nil {
		return nil, err
	}
	yv, err := e.value(s, in.Y)
	if err != nil {
		return nil, err
	}
	if o, ok := yv.(Opaque); ok {
		// Either side may be what a failed initializer left (issue 31).
		return nil, e.unsup(in, "use of %s", o.What)
	}
	if v, ok, err := e.addrArith(in, xv, yv); ok { // pointer arithmetic (unsafeaddr.go)
		return v, err
	}
	switch x := xv.(type) {
	case StringVal:
		if !isStringType(in.X.Type()) { // a header's data word (reinterpret.go)
			return e.dataWordOp(s, in, xv, yv)
		}
		return e.stringBinop(in, x, yv.(StringVal))
	case PtrVal, SymPtr, SliceVal, FuncVal, IfaceVal, Struct, ArrayVal:
		if p, ok := xv.(PtrVal); ok && isUintptr(in.X.Type()) {
			if q, ok := yv.(PtrVal); ok { // data words read as uintptr (reinterpret.go)
				return e.ptrWordOp(s, in, p, q)
			}
		}
		if in.Op == token.EQL || in.Op == token.NEQ {
			eq, err := e.equal(xv, yv)
			if u, ok := err.(uncomparable); ok {
				return nil, &panicked{instr: in, msg: u.Error()}
			}
			if err != nil {
				return nil, e.unsup(in, "%v", err)
			}
			return e.negIf(in, eq), nil
		}
	case Opaque:
		return nil, e.unsup(in, "use of %s", x.What)
	}
	x, ok1 := xv.(term.Term)
	y, ok2 := yv.(term.Term)
	if !ok1 || !ok2 {
		return nil, e.unsup(in, "operands %T %T", xv, yv)
	}
	if x, err = e.floatOperand(s, x); err != nil {
		return nil, err
	}
	if y, err = e.floatOperand(s, y); err != nil {
		return nil, err
	}
	if ok, msg := opCheck(e.st, in.Op, in.X.Type(), in.Y.Type(), y); ok != term.NoTerm {
		at := siteDiv
		if in.Op == token.SHL || in.Op == token.SHR {
			at = siteShift
		}
		runs, err := e.branchAt(s, ok, at)
		if err != nil {
			return nil, err
		}
		if !runs {
			return nil, &panicked{instr: in, msg: msg}
		}
	}
	v, err := binop(e.st, in.Op, in.X.Type(), x, y)
	if err != nil {
		return nil, e.unsup(in, "%v", err)
	}
	return v, nil
}

func (e *Executor) unop(s *State, in *ssa.UnOp) (Value, error) {
	if in.Op == token.MUL {
		p, err := e.value(s, in.X)
		if err != nil {
			return nil, err
		}
		v, err := e.loadAt(s, p)
		if err != nil {
			return nil, err
		}
		return e.loadAs(s, in, v, in.Type())
	}
	if in.Op == token.ARROW {
		return e.chanRecv(s, in)
	}
	x, err := e.scalar(s, in.X)
	if err != nil {
		return nil, err
	}
	if x, err = e.floatOperand(s, x); err != nil {
		return nil, err
	}
	v, err := unop(e.st, in.Op, x)
	if err != nil {
		return nil, e.unsup(in, "%v", err)
	}
	return v, nil
}

func (e *Executor) convert(s *State, in *ssa.Convert) (Value, error) {
	v, err := e.value(s, in.X)
	if err != nil {
		return nil, err
	}
	if pv, ok, err := e.convertPointer(s, in, v); ok {
		return pv, err
	}
	if o, ok := v.(Opaque); ok {
		return nil, e.unsup(in, "use of %s", o.What)
	}
	from, to := in.X.Type().Underlying(), in.Type().Underlying()
	fb, fok := from.(*types.Basic)
	tb, tok := to.(*types.Basic)
	switch {
	case fok && tok && fb.Info()&(types.IsInteger|types.IsFloat) != 0 && tb.Info()&(types.IsInteger|types.IsFloat) != 0:
		x, err := e.floatOperand(s, v.(term.Term))
		if tb.Info()&types.IsFloat != 0 && fb.Info()&types.IsInteger != 0 {
			x, err = e.floatSource(s, x)
		}
		if err != nil {
			return nil, err
		}
		r, err := convertScalar(e.st, x, fb, tb)
		if err != nil {
			return nil, e.unsup(in, "%v", err)
		}
		return r, nil
	case fok && tok && fb.Info()&types.IsString != 0 && tb.Info()&types.IsString != 0:
		return v, nil
	case fok && fb.Info()&types.IsString != 0:
		if sl, ok := to.(*types.Slice); ok && isByte(sl.Elem()) {
			sv := v.(StringVal)
			bytes := e.shifted(sv.Bytes, sv.Off, sv.Max)
			return SliceVal{Obj: s.alloc(Backing{Elems: bytes}), Off: e.idx(0), Len: sv.Len, Cap: sv.Len, Max: sv.Max}, nil
		}
	case tok && tb.Info()&types.IsString != 0:
		if sl, ok := from.(*types.Slice); ok && isByte(sl.Elem()) {
			return e.bytesToString(s, in, v.(SliceVal))
		}
	}
	return nil, e.unsup(in, "conversion from %s to %s is not modelled", in.X.Type(), in.Type())
}

// convertByModel picks the model function that runs conversion in:
// string([]rune), []rune(string), and string(x) of an integer x.
func (e *Executor) convertByModel(s *State, in *ssa.Convert) (*ssa.Function, Value, bool) {
	from, to := in.X.Type().Underlying(), in.Type().Underlying()
	isRunes := func(t types.Type) bool {
		sl, ok := t.(*types.Slice)
		if !ok {
			return false
		}
		b, ok := sl.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Int32
	}
	v, err := e.value(s, in.X)
	if err != nil {
		return nil, nil, false
	}
	switch {
	case isStringType(to) && isRunes(from):
		return e.prog.modelPkg.Func("runesToString"), v, true
	case isRunes(to) && isStringType(from):
		return e.prog.modelPkg.Func("stringToRunes"), v, true
	case isStringType(to):
		fb, ok := from.(*types.Basic)
		x, isTerm := v.(term.Term)
		// Constants too: a concrete re-run must take the model's branches.
		if ok && isTerm && fb.Info()&types.IsInteger != 0 {
			return e.prog.modelPkg.Func("runeToString"), e.resize(x, 64, isSigned(fb)), true
		}
	}
	return nil, nil, false
}

func isByte(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && (b.Kind() == types.Uint8)
}

// shifted is the array a read from offset off: element i is a[off+i] for
// i < max. It is a itself when off is the constant 0.
func (e *Executor) shifted(a, off term.Term, max int) term.Term {
	if off == e.idx(0) {
		return a
	}
	out, _ := e.st.ConstArray(e.st.SortOf(a), e.zeroOfElem(a))
	for i := 0; i < max; i++ {
		out = e.mk(term.OpStore, out, e.idx(i), e.mk(term.OpSelect, a, e.add(off, e.idx(i))))
	}
	return out
}

func (e *Executor) zeroOfElem(a term.Term) term.Term {
	z, _ := e.zeroScalar(e.st.ElemSort(e.st.SortOf(a)))
	return z
}

func (e *Executor) bytesToString(s *State, in ssa.Instruction, sl SliceVal) (Value, error) {
	if sl.Obj == 0 {
		return e.constString(""), nil
	}
	elems, err := e.sliceElems(s, sl)
	if err != nil {
		return nil, e.unsup(in, "%v", err)
	}
	t, ok := elems.(term.Term)
	if !ok {
		return nil, e.unsup(in, "bytes backing is %T", elems)
	}
	mx := e.lenMax(sl.Len, sl.Max)
	return StringVal{Bytes: e.shifted(t, sl.Off, mx), Off: e.idx(0), Len: sl.Len, Max: mx}, nil
}

func (e *Executor) negIf(in *ssa.BinOp, t term.Term) term.Term {
	if in.Op == token.NEQ {
		return e.st.Not(t)
	}
	return t
}

func (e *Executor) pathsEqual(a, b []PathStep) (term.Term, error) {
	if len(a) != len(b) {
		return e.st.False(), nil
	}
	var cs []term.Term
	for i := range a {
		if a[i].Field != b[i].Field {
			return e.st.False(), nil
		}
		if a[i].Field < 0 {
			cs = append(cs, e.st.Eq(a[i].Index, b[i].Index))
		}
	}
	return e.st.And(cs...), nil
}

// equal is the term for x == y on two values of one comparable type.
// Slices, maps and functions are compared only with nil, as Go allows. When
// the comparison reaches two interfaces holding the same uncomparable type,
// the error is uncomparable: the run-time panic.
func (e *Executor) equal(x, y Value) (term.Term, error) {
	if o, ok := y.(Opaque); ok {
		return term.NoTerm, fmt.Errorf("use of %s", o.What)
	}
	switch a := x.(type) {
	case term.Term:
		if e.st.IsFloat(e.st.SortOf(a)) {
			return e.mk(term.OpFPEq, a, y.(term.Term)), nil // NaN != NaN, -0 == +0
		}
		return e.st.Eq(a, y.(term.Term)), nil
	case StringVal:
		return e.stringEq(a, y.(StringVal)), nil
	case Struct:
		b := y.(Struct)
		cs := make([]term.Term, len(a))
		for i := range a {
			c, err := e.equal(a[i], b[i])
			if err != nil {
				return term.NoTerm, err
			}
			cs[i] = c
		}
		return e.st.And(cs...), nil
	case ArrayVal:
		b := y.(ArrayVal)
		var cs []term.Term
		for i := 0; i < a.Len; i++ {
			ea, err := e.liftSelect(a.Elems, e.idx(i))
			if err != nil {
				return term.NoTerm, err
			}
			eb, err := e.liftSelect(b.Elems, e.idx(i))
			if err != nil {
				return term.NoTerm, err
			}
			c, err := e.equal(ea, eb)
			if err != nil {
				return term.NoTerm, err
			}
			cs = append(cs, c)
		}
		return e.st.And(cs...), nil
	case SymPtr:
		if eq, ok := e.ptrEqual(a, y); ok {
			return eq, nil
		}
	case PtrVal:
		b, ok := y.(PtrVal)
		if !ok {
			if eq, ok := e.ptrEqual(a, y); ok {
				return eq, nil
			}
			break
		}
		if a.Obj != b.Obj {
			return e.st.False(), nil
		}
		return e.pathsEqual(a.Path, b.Path)
	case SliceVal:
		return e.st.Bool(a.Obj == y.(SliceVal).Obj), nil // one side is nil
	case FuncVal:
		return e.st.Bool(a.Fn == y.(FuncVal).Fn), nil // one side is nil
	case IfaceVal:
		b := y.(IfaceVal)
		if a.T == nil || b.T == nil {
			return e.st.Bool(a.T == nil && b.T == nil), nil
		}
		if !types.Identical(a.T, b.T) {
			return e.st.False(), nil
		}
		if !types.Comparable(a.T) {
			return term.NoTerm, uncomparable{a.T}
		}
		return e.equal(a.V, b.V)
	case Opaque:
		return term.NoTerm, fmt.Errorf("use of %s", a.What)
	}
	return term.NoTerm, fmt.Errorf("comparison of %T values is not modelled", x)
}

// uncomparable is the run-time panic of == on interfaces holding values of
// the same uncomparable type.
type uncomparable struct{ t types.Type }

func (u uncomparable) Error() string {
	return "runtime error: comparing uncomparable type " + u.t.String()
}
