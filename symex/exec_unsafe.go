package symex

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// unsafe, where the layout is known. An unsafe.Pointer is a PtrVal like any
// pointer: converting *T to it and back is the identity, and converting it
// to *U is allowed when the value it points to has U's shape (fits), when
// its first field (at any depth) has (firstField), or when U is made of
// the same machine words (reinterpret.go: a string's or
// a slice's header read as the other, as reflect.StringHeader or
// SliceHeader, or as a struct of a pointer and lengths). unsafe.SliceData,
// unsafe.String, unsafe.StringData and unsafe.Slice move between slices,
// strings and pointers into the element arrays of objects; a string made
// of an array's bytes is a view of them (views.go). Pointer arithmetic
// (uintptr, unsafe.Add) moves within arrays (unsafeaddr.go).

func isUnsafePointer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
}

// convertPointer converts between pointer types and unsafe.Pointer; ok is
// false when the conversion is not between pointers.
func (e *Executor) convertPointer(s *State, in *ssa.Convert, v Value) (Value, bool, error) {
	if v, ok, err := e.convertAddr(in, v); ok {
		return v, true, err
	}
	from, to := in.X.Type(), in.Type()
	_, fromPtr := from.Underlying().(*types.Pointer)
	toPtr, isToPtr := to.Underlying().(*types.Pointer)
	switch {
	case fromPtr && isUnsafePointer(to), isUnsafePointer(from) && isUnsafePointer(to):
		return v, true, nil
	case isUnsafePointer(from) && isToPtr:
		if a, ok := v.(AddrVal); ok {
			q, err := e.addrAt(s, in, a, toPtr.Elem())
			if err != nil {
				return nil, true, err
			}
			v = q
		}
		p, ok := v.(PtrVal)
		if !ok {
			return nil, true, e.unsup(in, "unsafe.Pointer holds %T", v)
		}
		if p.Obj == 0 {
			return p, true, nil
		}
		x, err := e.load(s, p)
		if err != nil {
			return nil, true, err
		}
		if !e.fits(x, toPtr.Elem()) {
			if q, ok := e.firstField(p, x, toPtr.Elem()); ok {
				return q, true, nil
			}
			if err := e.reinterpretable(x, toPtr.Elem()); err != nil {
				return nil, true, e.unsup(in, "unsafe.Pointer to %s: %v", to, err)
			}
			if _, iface := x.(IfaceVal); iface && !wordFields(toPtr.Elem()) {
				// walk steps into an interface's words by field index.
				return nil, true, e.unsup(in, "unsafe.Pointer to %s: an interface read as fields other than words is not modelled", to)
			}
		}
		return p, true, nil
	}
	return nil, false, nil
}

// fits reports whether v has the shape of a value of type t.
func (e *Executor) fits(v Value, t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			_, ok := v.(StringVal)
			return ok
		case u.Kind() == types.UnsafePointer:
			_, ok := v.(PtrVal)
			return ok
		}
		x, ok := v.(term.Term)
		if !ok {
			return false
		}
		srt, err := e.sortOf(u)
		return err == nil && srt == e.st.SortOf(x)
	case *types.Struct:
		x, ok := v.(Struct)
		if !ok || len(x) != u.NumFields() {
			return false
		}
		for i := range x {
			if !e.fits(x[i], u.Field(i).Type()) {
				return false
			}
		}
		return true
	case *types.Array:
		x, ok := v.(ArrayVal)
		if !ok || x.Len != int(u.Len()) {
			return false
		}
		if x.Len == 0 {
			return true
		}
		el, err := e.liftSelect(x.Elems, e.idx(0))
		return err == nil && e.fits(el, u.Elem())
	case *types.Slice:
		_, ok := v.(SliceVal)
		return ok
	case *types.Pointer, *types.Map:
		_, ok := v.(PtrVal)
		return ok
	case *types.Signature:
		_, ok := v.(FuncVal)
		return ok
	case *types.Interface:
		_, ok := v.(IfaceVal)
		return ok
	}
	return false
}

// unsafeBuiltin runs unsafe.SliceData, String, StringData, Slice and Add.
func (e *Executor) unsafeBuiltin(s *State, in ssa.Instruction, name string, args []Value, ts []types.Type) (Value, error) {
	switch name {
	case "Add":
		return e.addBytes(in, args[0], e.resize(args[1].(term.Term), 64, isSigned(ts[1])))
	case "SliceData":
		x := args[0].(SliceVal)
		if x.Obj == 0 {
			return PtrVal{}, nil
		}
		return e.elemPtr(s, x, x.dataIndex())
	case "StringData":
		x := args[0].(StringVal)
		p, err := e.stringBytes(s, x)
		return p, err
	case "String", "Slice":
		p := args[0].(PtrVal)
		n := e.resize(args[1].(term.Term), 64, isSigned(ts[1]))
		neg, err := e.branch(s, e.mk(term.OpBVSlt, n, e.idx(0)))
		if err != nil {
			return nil, err
		}
		if neg {
			return nil, &panicked{instr: in, msg: "unsafe." + name + ": len out of range"}
		}
		if p.Obj == 0 {
			zero, err := e.branch(s, e.st.Eq(n, e.idx(0)))
			if err != nil {
				return nil, err
			}
			if !zero {
				return nil, &panicked{instr: in, msg: "unsafe." + name + ": ptr is nil and len is not zero"}
			}
			if name == "String" {
				return e.constString(""), nil
			}
			return SliceVal{Off: e.idx(0), Len: e.idx(0), Cap: e.idx(0)}, nil
		}
		mx, err := e.capBound(s, in, n)
		if err != nil {
			return nil, err
		}
		if name == "Slice" {
			return e.sliceAt(in, p, n, n, mx)
		}
		return e.stringAt(s, in, p, n, mx)
	}
	return nil, e.unsup(in, "unsafe.%s is not modelled", name)
}

// sliceAt is the slice of length n and capacity c (at most mx) whose data
// pointer is p, a pointer into an array.
func (e *Executor) sliceAt(in ssa.Instruction, p PtrVal, n, c term.Term, mx int) (SliceVal, error) {
	last := len(p.Path) - 1
	if last < 0 || p.Path[last].Field >= 0 {
		return SliceVal{}, e.unsup(in, "a slice whose data pointer is not into an array")
	}
	return SliceVal{Obj: p.Obj, At: p.Path[:last:last], Off: p.Path[last].Index, Len: n, Cap: c, Max: mx}, nil
}

// stringAt is the string of the n bytes (at most mx) at p, a pointer into
// a byte array: a view of them, so a later write to them ends the path
// (views.go).
func (e *Executor) stringAt(s *State, in ssa.Instruction, p PtrVal, n term.Term, mx int) (Value, error) {
	x, err := e.sliceAt(in, p, n, n, mx)
	if err != nil {
		return nil, err
	}
	el, err := e.sliceElems(s, x)
	if err != nil {
		return nil, err
	}
	bytes, ok := el.(term.Term)
	if !ok || !e.st.IsBitVec(e.st.ElemSort(e.st.SortOf(bytes))) || e.st.Width(e.st.ElemSort(e.st.SortOf(bytes))) != 8 {
		return nil, e.unsup(in, "a string of the memory of a %T array", el)
	}
	s.views = append(s.views, byteView{obj: x.Obj, at: x.At, off: x.Off, n: n, max: mx})
	return StringVal{Bytes: e.shifted(bytes, x.Off, mx), Off: e.idx(0), Len: n, Max: mx}, nil
}

// stringBytes is unsafe.StringData(x): a pointer to the first byte of a
// new array holding x's bytes, which the string shares. Writing to a
// string's bytes is not allowed in Go, and a write to them ends the path
// (views.go).
func (e *Executor) stringBytes(s *State, x StringVal) (PtrVal, error) {
	id := s.alloc(Backing{Elems: e.shifted(x.Bytes, x.Off, x.Max)})
	s.views = append(s.views, byteView{obj: id, off: e.idx(0), n: x.Len, max: x.Max})
	return PtrVal{Obj: id, Path: []PathStep{{Field: -1, Index: e.idx(0)}}}, nil
}

// firstField is p moved to the first field of the struct x it points to
// (recursively) whose value has t's shape: a struct's first field is at
// its address, so (*T)(unsafe.Pointer(&s)) with T the first field's type
// (protobuf's messages and their state) points to that field; a shape
// it does not fit is reinterpretable's.
func (e *Executor) firstField(p PtrVal, x Value, t types.Type) (PtrVal, bool) {
	for {
		st, ok := x.(Struct)
		if !ok || len(st) == 0 {
			return PtrVal{}, false
		}
		p = PtrVal{Obj: p.Obj, Path: appendPath(p.Path, PathStep{Field: 0})}
		x = st[0]
		if e.fits(x, t) {
			return p, true
		}
	}
}
