package symex

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

const msgIndex = "runtime error: index out of range"
const msgSlice = "runtime error: slice bounds out of range"

// sliceElems is the element array (lifted or Vec) of the array a non-nil
// slice is into.
func (e *Executor) sliceElems(s *State, x SliceVal) (Value, error) {
	arr, err := e.load(s, PtrVal{Obj: x.Obj, Path: x.At})
	if err != nil {
		return nil, err
	}
	return elemsOf(arr)
}

// setSliceElems replaces the element array of the array x is into.
func (e *Executor) setSliceElems(s *State, x SliceVal, el Value) error {
	p := PtrVal{Obj: x.Obj, Path: x.At}
	arr, err := e.load(s, p)
	if err != nil {
		return err
	}
	return e.store(s, p, replaceElems(arr, el))
}

// elemsOf is the lifted element array of a slice's or array's object.
func elemsOf(obj Value) (Value, error) {
	switch o := obj.(type) {
	case Backing:
		return o.Elems, nil
	case ArrayVal:
		return o.Elems, nil
	case Opaque:
		return nil, fmt.Errorf("use of %s", o.What)
	}
	return nil, fmt.Errorf("slice into a %T object", obj)
}

// inBounds branches on i < n (unsigned) and panics on the other side.
func (e *Executor) inBounds(s *State, in ssa.Instruction, i, n term.Term, msg string) error {
	ok, err := e.branch(s, e.ult(i, n))
	if err != nil {
		return err
	}
	if !ok {
		return &panicked{instr: in, msg: msg}
	}
	return nil
}

func (e *Executor) index(s *State, in *ssa.Index) (Value, error) {
	if b, ok := in.X.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
		return e.stringIndex(s, in.X, in.Index)
	}
	xv, err := e.value(s, in.X)
	if err != nil {
		return nil, err
	}
	a, ok := xv.(ArrayVal)
	if !ok {
		return nil, e.unsup(in, "index of %T", xv)
	}
	i, err := e.index64(s, in.Index)
	if err != nil {
		return nil, err
	}
	if err := e.inBounds(s, in, i, e.idx(a.Len), msgIndex); err != nil {
		return nil, err
	}
	if i, err = e.vecConcrete(s, a.Elems, i); err != nil {
		return nil, err
	}
	return e.liftSelect(a.Elems, i)
}

// elemPtr is a pointer to element at of the array slice x is into.
func (e *Executor) elemPtr(s *State, x SliceVal, at term.Term) (Value, error) {
	el, err := e.sliceElems(s, x)
	if err != nil {
		return nil, err
	}
	if at, err = e.vecConcrete(s, el, at); err != nil {
		return nil, err
	}
	return PtrVal{Obj: x.Obj, Path: appendPath(x.At, PathStep{Field: -1, Index: at})}, nil
}

// vecConcrete makes index i concrete when elems is a Vec; the caller has
// checked i against the bounds, which lie within the Vec.
func (e *Executor) vecConcrete(s *State, elems Value, i term.Term) (term.Term, error) {
	v, ok := elems.(Vec)
	if !ok {
		return i, nil
	}
	k, in, err := e.concreteIndex(s, i, len(v))
	if err != nil {
		return i, err
	}
	if !in {
		return i, e.unsup(nil, "index beyond the modelled extent %d of an array", len(v))
	}
	return e.idx(k), nil
}

// concreteIndex makes the index t concrete by a binary search that forks on
// t < mid, so each path continues with one value k (in is false on the
// path where t >= bound). The decisions stay out of the trace: a concrete
// run, where t is constant, makes none of them.
func (e *Executor) concreteIndex(s *State, t term.Term, bound int) (k int, in bool, err error) {
	if c, ok := e.constInt(t); ok {
		return int(c), c < uint64(bound), nil
	}
	if in, err = e.branchAt(s, e.ult(t, e.idx(bound)), siteBound); err != nil || !in {
		return 0, false, err
	}
	lo, hi := 0, bound
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		below, err := e.branchAt(s, e.ult(t, e.idx(mid)), siteBound)
		if err != nil {
			return 0, false, err
		}
		if below {
			hi = mid
		} else {
			lo = mid
		}
	}
	return lo, true, nil
}

func (e *Executor) stringIndex(s *State, x, index ssa.Value) (Value, error) {
	xv, err := e.value(s, x)
	if err != nil {
		return nil, err
	}
	sv := xv.(StringVal)
	i, err := e.index64(s, index)
	if err != nil {
		return nil, err
	}
	if err := e.inBounds(s, nil, i, sv.Len, msgIndex); err != nil {
		return nil, err
	}
	return e.liftSelect(sv.Bytes, e.add(sv.Off, i))
}

func (e *Executor) indexAddr(s *State, in *ssa.IndexAddr) (Value, error) {
	xv, err := e.value(s, in.X)
	if err != nil {
		return nil, err
	}
	i, err := e.index64(s, in.Index)
	if err != nil {
		return nil, err
	}
	switch x := xv.(type) {
	case SliceVal:
		if err := e.inBounds(s, in, i, x.Len, msgIndex); err != nil {
			return nil, err
		}
		return e.elemPtr(s, x, e.add(x.Off, i))
	case PtrVal:
		if x.Obj == 0 {
			return nil, &panicked{instr: in, msg: "runtime error: invalid memory address or nil pointer dereference"}
		}
		at, ok := in.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array)
		if !ok {
			return nil, e.unsup(in, "index of %s", in.X.Type())
		}
		if err := e.inBounds(s, in, i, e.idx(int(at.Len())), msgIndex); err != nil {
			return nil, err
		}
		if _, isConst := e.constInt(i); !liftable(at.Elem()) && !isConst {
			k, ok, err := e.classIndex(s, in, x, i, int(at.Len()))
			if err == nil && !ok {
				k, _, err = e.concreteIndex(s, i, int(at.Len()))
			}
			if err != nil {
				return nil, err
			}
			i = e.idx(k)
		}
		return PtrVal{Obj: x.Obj, Path: appendPath(x.Path, PathStep{Field: -1, Index: i})}, nil
	}
	return nil, e.unsup(in, "index address of %T", xv)
}

// slice implements x[lo:hi:max] on strings, slices and pointers to arrays,
// with one bounds check 0 <= lo <= hi <= max <= cap.
func (e *Executor) slice(s *State, in *ssa.Slice) (Value, error) {
	xv, err := e.value(s, in.X)
	if err != nil {
		return nil, err
	}
	bound := func(v ssa.Value) (term.Term, error) {
		if v == nil {
			return term.NoTerm, nil
		}
		return e.index64(s, v)
	}
	var b [3]term.Term
	for i, v := range []ssa.Value{in.Low, in.High, in.Max} {
		if b[i], err = bound(v); err != nil {
			return nil, err
		}
	}
	return e.sliceValue(s, in, xv, in.X.Type(), b[0], b[1], b[2], msgSlice)
}

// sliceValue is x[lo:hi:mx] of x of type xt (a string, a slice or a
// pointer to an array); a bound term.NoTerm is the default one. Bounds out of
// range panic with msg.
func (e *Executor) sliceValue(s *State, in ssa.Instruction, xv Value, xt types.Type, lo, hi, mx term.Term, msg string) (Value, error) {
	var length, capacity term.Term
	var out func(lo, hi, mx term.Term) Value
	switch x := xv.(type) {
	case StringVal:
		length, capacity = x.Len, x.Len
		out = func(lo, hi, _ term.Term) Value {
			n := e.span(hi, lo)
			return StringVal{Bytes: x.Bytes, Off: e.add(x.Off, lo), Len: n, Max: e.lenMax(n, x.Max)}
		}
	case SliceVal:
		length, capacity = x.Len, x.Cap
		out = func(lo, hi, mx term.Term) Value {
			if x.Obj == 0 {
				return x
			}
			off, c := e.add(x.Off, lo), e.sub(mx, lo)
			return SliceVal{Obj: x.Obj, At: x.At, Off: off, Len: e.span(hi, lo), Cap: c, Data: e.slicedData(x.dataIndex(), off, c), Max: x.Max}
		}
	case PtrVal:
		at, ok := xt.Underlying().(*types.Pointer).Elem().Underlying().(*types.Array)
		if !ok || x.Obj == 0 {
			return nil, e.unsup(in, "slice of %s", xt)
		}
		n := int(at.Len())
		length, capacity = e.idx(n), e.idx(n)
		out = func(lo, hi, mx term.Term) Value {
			c := e.sub(mx, lo)
			return SliceVal{Obj: x.Obj, At: x.Path, Off: lo, Len: e.span(hi, lo), Cap: c, Data: e.slicedData(e.idx(0), lo, c), Max: n}
		}
	default:
		return nil, e.unsup(in, "slice of %T", xv)
	}
	if lo == term.NoTerm {
		lo = e.idx(0)
	}
	if hi == term.NoTerm {
		hi = length
	}
	if mx == term.NoTerm {
		mx = capacity
	}
	ok, err := e.branch(s, e.st.And(e.ule(lo, hi), e.ule(hi, mx), e.ule(mx, capacity)))
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &panicked{instr: in, msg: msg}
	}
	return out(lo, hi, mx), nil
}

// slicedData is the data index of a slice expression's result at offset
// off with capacity c, whose operand's data index is from: the pointer
// does not move where c is zero (Go never makes a pointer past the end of
// an array); NoTerm where it is off.
func (e *Executor) slicedData(from, off, c term.Term) term.Term {
	if from == off {
		return term.NoTerm
	}
	if z, ok := e.constInt(c); ok && z != 0 {
		return term.NoTerm
	}
	d := e.st.Ite(e.st.Eq(c, e.idx(0)), from, off)
	if d == off {
		return term.NoTerm
	}
	return d
}

// capBound is a concrete bound on a symbolic length: paths on which it may
// be exceeded end as unsupported, so the bound is never silently wrong.
func (e *Executor) capBound(s *State, in ssa.Instruction, n term.Term) (int, error) {
	if x, ok := e.constInt(n); ok && x <= 1<<20 {
		return int(x), nil
	}
	b := 4*e.opts.MaxLen + 16
	ok, err := e.branchAt(s, e.ule(n, e.idx(b)), siteBound)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, e.unsup(in, "length above the modelled bound %d", b)
	}
	return b, nil
}

func (e *Executor) makeSlice(s *State, in *ssa.MakeSlice) (Value, error) {
	n, err := e.index64(s, in.Len)
	if err != nil {
		return nil, err
	}
	c, err := e.index64(s, in.Cap)
	if err != nil {
		return nil, err
	}
	ok, err := e.branch(s, e.ule(n, c))
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &panicked{instr: in, msg: "runtime error: makeslice: len out of range"}
	}
	return e.zeroSlice(s, in, in.Type().Underlying().(*types.Slice).Elem(), n, c)
}

// zeroSlice is a new slice of n zero elements of type elem and capacity
// c (n <= c).
func (e *Executor) zeroSlice(s *State, in ssa.Instruction, elem types.Type, n, c term.Term) (SliceVal, error) {
	mx, err := e.capBound(s, in, c)
	if err != nil {
		return SliceVal{}, err
	}
	z, err := e.liftedZero(elem, mx)
	if err != nil {
		return SliceVal{}, e.unsup(in, "%v", err)
	}
	return SliceVal{Obj: s.alloc(Backing{Elems: z}), Off: e.idx(0), Len: n, Cap: c, Max: mx}, nil
}

func (e *Executor) stringBinop(in *ssa.BinOp, x, y StringVal) (Value, error) {
	switch in.Op {
	case token.ADD:
		return e.concat(x, y), nil
	case token.EQL:
		return e.stringEq(x, y), nil
	case token.NEQ:
		return e.st.Not(e.stringEq(x, y)), nil
	case token.LSS:
		return e.stringLess(x, y), nil
	case token.GTR:
		return e.stringLess(y, x), nil
	case token.LEQ:
		return e.st.Not(e.stringLess(y, x)), nil
	case token.GEQ:
		return e.st.Not(e.stringLess(x, y)), nil
	}
	return nil, e.unsup(in, "string operator %s is not modelled", in.Op)
}

// stringLess is x < y in Go's bytewise lexicographic order, built from the
// last position down: at position i, a string that has ended is less when
// the other has not, and otherwise the first differing byte decides.
func (e *Executor) stringLess(x, y StringVal) term.Term {
	n := min(x.Max, y.Max)
	// Past the common bound one of them has ended: x < y iff len(x) < len(y).
	acc := e.ult(x.Len, y.Len)
	for i := n - 1; i >= 0; i-- {
		at := e.idx(i)
		xEnded, yEnded := e.ule(x.Len, at), e.ule(y.Len, at)
		bx := e.mk(term.OpSelect, x.Bytes, e.add(x.Off, at))
		by := e.mk(term.OpSelect, y.Bytes, e.add(y.Off, at))
		here := e.st.Ite(e.st.Eq(bx, by), acc, e.ult(bx, by))
		acc = e.st.Ite(e.st.Or(xEnded, yEnded), e.ult(x.Len, y.Len), here)
	}
	return acc
}

// stringEq: equal lengths and equal bytes below the length.
func (e *Executor) stringEq(x, y StringVal) term.Term {
	cs := []term.Term{e.st.Eq(x.Len, y.Len)}
	for i := 0; i < min(x.Max, y.Max); i++ {
		in := e.ult(e.idx(i), x.Len)
		bx := e.mk(term.OpSelect, x.Bytes, e.add(x.Off, e.idx(i)))
		by := e.mk(term.OpSelect, y.Bytes, e.add(y.Off, e.idx(i)))
		cs = append(cs, e.st.Implies(in, e.st.Eq(bx, by)))
	}
	return e.st.And(cs...)
}

func (e *Executor) concat(x, y StringVal) StringVal {
	a := e.shifted(x.Bytes, x.Off, x.Max)
	for j := 0; j < y.Max; j++ {
		a = e.mk(term.OpStore, a, e.add(x.Len, e.idx(j)), e.mk(term.OpSelect, y.Bytes, e.add(y.Off, e.idx(j))))
	}
	return StringVal{Bytes: a, Off: e.idx(0), Len: e.add(x.Len, y.Len), Max: x.Max + y.Max}
}

// next is one step of range over a string: ASCII bytes inline, other bytes
// through the decodeRune model.
func (e *Executor) next(s *State, in *ssa.Next) (bool, error) {
	itp, err := e.pointer(s, in.Iter)
	if err != nil {
		return false, err
	}
	itv, err := e.load(s, itp)
	if err != nil {
		return false, err
	}
	it := itv.(Struct)
	if !in.IsString {
		v, err := e.mapNext(s, in, itp, it)
		if err != nil {
			return false, err
		}
		s.top().env[in] = v
		return true, nil
	}
	sv, k := it[0].(StringVal), it[1].(term.Term)
	more, err := e.branch(s, e.ult(k, sv.Len))
	if err != nil {
		return false, err
	}
	f := s.top()
	if !more {
		f.env[in] = Struct{e.st.False(), e.idx(0), e.st.ConstUint64(32, 0)}
		return true, nil
	}
	b := e.mk(term.OpSelect, sv.Bytes, e.add(sv.Off, k))
	ascii, err := e.branch(s, e.ult(b, e.st.ConstUint64(8, 0x80)))
	if err != nil {
		return false, err
	}
	if ascii {
		f.env[in] = Struct{e.st.True(), k, e.resize(b, 32, false)}
		return true, e.store(s, itp, Struct{sv, e.add(k, e.idx(1))})
	}
	decode := e.prog.decode
	nf := &frame{fn: decode, block: decode.Blocks[0], env: map[ssa.Value]Value{
		decode.Params[0]: sv, decode.Params[1]: k,
	}, iter: &rangeReturn{in: in, itp: itp, sv: sv, k: k}, stack: e.callerStack(f)}
	s.frames = append(s.frames, nf)
	e.cover(nf.block)
	return false, nil
}
