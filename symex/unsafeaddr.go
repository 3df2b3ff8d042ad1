package symex

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// Pointer arithmetic: uintptr(unsafe.Pointer(p)) + n and unsafe.Add(p, n)
// move a pointer by n bytes, as go-toml's danger.Stride walks an array of
// AST nodes. The executor's memory has no addresses, so the moved pointer
// is its base and a byte offset (AddrVal) until a conversion to *T gives
// the offset a type: within an array of T's, n must be a multiple of T's
// size, and the pointer moves by n/size elements, which must stay inside
// the array (unsafe.Pointer's rules: arithmetic never leaves the
// allocation). Offsets into structs, arrays of unknown extent (a backing
// of scalars) and comparisons of moved pointers end the path as
// unsupported. uintptr(unsafe.Pointer(p)) itself is p, as a header's data
// word is (reinterpret.go's ptrWordOp compares and subtracts those).

// AddrVal is pointer P moved by Off bytes (a 64-bit term), held in a
// uintptr or an unsafe.Pointer.
type AddrVal struct {
	P   PtrVal
	Off term.Term
}

// sizes are the type sizes of the executor's machine (amd64), which the
// loaded program's unsafe.Sizeof constants were computed with.
var sizes = types.SizesFor("gc", "amd64")

// convertAddr converts between unsafe.Pointer and uintptr; ok is false for
// other conversions.
func (e *Executor) convertAddr(in *ssa.Convert, v Value) (Value, bool, error) {
	from, to := in.X.Type(), in.Type()
	switch {
	case isUnsafePointer(from) && isUintptr(to):
		if p, ok := v.(PtrVal); ok && p.Obj == 0 {
			return e.idx(0), true, nil
		}
		return v, true, nil
	case isUintptr(from) && isUnsafePointer(to):
		switch x := v.(type) {
		case PtrVal, AddrVal:
			return x, true, nil
		case term.Term:
			if c, ok := e.constInt(x); ok && c == 0 {
				return PtrVal{}, true, nil
			}
		}
		return nil, true, e.unsup(in, "an unsafe.Pointer made of a %T uintptr (not of a pointer) is not modelled", v)
	}
	return nil, false, nil
}

// addrArith is uintptr arithmetic on a pointer: p + n, n + p and p - n
// move it; ok is false where neither operand is a pointer or both are
// unmoved ones (ptrWordOp's).
func (e *Executor) addrArith(in *ssa.BinOp, xv, yv Value) (Value, bool, error) {
	if !isUintptr(in.X.Type()) {
		return nil, false, nil
	}
	moved := func(v Value) (AddrVal, bool) {
		switch p := v.(type) {
		case PtrVal:
			if p.Obj != 0 {
				return AddrVal{P: p, Off: e.idx(0)}, true
			}
		case AddrVal:
			return p, true
		}
		return AddrVal{}, false
	}
	a, aok := moved(xv)
	b, bok := moved(yv)
	n, nok := yv.(term.Term)
	m, mok := xv.(term.Term)
	_, xa := xv.(AddrVal)
	_, ya := yv.(AddrVal)
	switch {
	case aok && nok && (in.Op == token.ADD || in.Op == token.SUB):
		if in.Op == token.SUB {
			n = e.sub(e.idx(0), n)
		}
		return AddrVal{P: a.P, Off: e.add(a.Off, n)}, true, nil
	case bok && mok && in.Op == token.ADD:
		return AddrVal{P: b.P, Off: e.add(b.Off, m)}, true, nil
	case xa || ya:
		return nil, true, e.unsup(in, "%s on a moved pointer is not modelled", in.Op)
	}
	return nil, false, nil
}

// addBytes is unsafe.Add(p, n).
func (e *Executor) addBytes(in ssa.Instruction, pv Value, n term.Term) (Value, error) {
	switch p := pv.(type) {
	case PtrVal:
		if p.Obj == 0 {
			if c, ok := e.constInt(n); ok && c == 0 {
				return p, nil
			}
			return nil, e.unsup(in, "unsafe.Add on a nil pointer")
		}
		return AddrVal{P: p, Off: n}, nil
	case AddrVal:
		return AddrVal{P: p.P, Off: e.add(p.Off, n)}, nil
	}
	return nil, e.unsup(in, "unsafe.Add on a %T", pv)
}

// addrAt is the pointer to a T (elem) that a moved pointer denotes: an
// element of the array its base points into.
func (e *Executor) addrAt(s *State, in ssa.Instruction, a AddrVal, elem types.Type) (PtrVal, error) {
	if c, ok := e.constInt(a.Off); ok && c == 0 {
		return a.P, nil
	}
	last := len(a.P.Path) - 1
	if last < 0 || a.P.Path[last].Field >= 0 {
		return PtrVal{}, e.unsup(in, "pointer arithmetic outside an array is not modelled")
	}
	size := sizes.Sizeof(elem)
	if size <= 0 {
		return PtrVal{}, e.unsup(in, "pointer arithmetic over %s, of size 0", elem)
	}
	k, err := e.elemsMoved(s, in, a.Off, size)
	if err != nil {
		return PtrVal{}, err
	}
	arr := PtrVal{Obj: a.P.Obj, Path: a.P.Path[:last:last]}
	v, err := e.load(s, arr)
	if err != nil {
		return PtrVal{}, err
	}
	var extent int
	switch o := v.(type) {
	case ArrayVal:
		extent = o.Len
	case Backing:
		vec, ok := o.Elems.(Vec)
		if !ok {
			return PtrVal{}, e.unsup(in, "pointer arithmetic in a slice's backing of scalars is not modelled")
		}
		extent = len(vec)
	default:
		return PtrVal{}, e.unsup(in, "pointer arithmetic in a %T", v)
	}
	i := e.add(a.P.Path[last].Index, k)
	if err := e.headerHolds(s, in, e.ult(i, e.idx(extent)), "pointer arithmetic past its array"); err != nil {
		return PtrVal{}, err
	}
	el, _ := elemsOf(v)
	if i, err = e.vecConcrete(s, el, i); err != nil {
		return PtrVal{}, err
	}
	return PtrVal{Obj: a.P.Obj, Path: appendPath(arr.Path, PathStep{Field: -1, Index: i})}, nil
}

// elemsMoved is off / size for a byte offset off that must be a multiple
// of size: the factor itself where off is size times it, as the offsets
// of strides are.
func (e *Executor) elemsMoved(s *State, in ssa.Instruction, off term.Term, size int64) (term.Term, error) {
	if c, ok := e.constInt(off); ok {
		if int64(c)%size != 0 {
			return term.NoTerm, e.unsup(in, "pointer arithmetic by %d bytes over elements of %d", int64(c), size)
		}
		return e.idx(int(int64(c) / size)), nil
	}
	if e.st.Op(off) == term.OpBVMul && len(e.st.Args(off)) == 2 {
		for i, arg := range e.st.Args(off) {
			if c, ok := e.constInt(arg); ok && int64(c) == size {
				return e.st.Args(off)[1-i], nil
			}
		}
	}
	k := e.mk(term.OpBVSdiv, off, e.idx(int(size)))
	if err := e.headerHolds(s, in, e.st.Eq(e.mk(term.OpBVMul, k, e.idx(int(size))), off), "pointer arithmetic by a part of an element"); err != nil {
		return term.NoTerm, err
	}
	return k, nil
}
