package symex

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// unsafe, where the layout is known. An unsafe.Pointer is a PtrVal like any
// pointer: converting *T to it and back is the identity, and converting it
// to *U is allowed when the value it points to has U's shape (fits), so a
// round trip through unsafe.Pointer (strings.Builder's copy check) works and
// a reinterpretation of memory ends the path. unsafe.SliceData,
// unsafe.String, unsafe.StringData and unsafe.Slice move between slices,
// strings and pointers into the element arrays of objects. Pointer
// arithmetic (uintptr, unsafe.Add) is not modelled.

func isUnsafePointer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
}

// convertPointer converts between pointer types and unsafe.Pointer; ok is
// false when the conversion is not between pointers.
func (e *Executor) convertPointer(s *State, in *ssa.Convert, v Value) (Value, bool, error) {
	from, to := in.X.Type(), in.Type()
	_, fromPtr := from.Underlying().(*types.Pointer)
	toPtr, isToPtr := to.Underlying().(*types.Pointer)
	switch {
	case fromPtr && isUnsafePointer(to), isUnsafePointer(from) && isUnsafePointer(to):
		return v, true, nil
	case isUnsafePointer(from) && isToPtr:
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
			return nil, true, e.unsup(in, "unsafe.Pointer to %s: the memory does not hold a %s", to, toPtr.Elem())
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

// unsafeBuiltin runs unsafe.SliceData, String, StringData and Slice.
func (e *Executor) unsafeBuiltin(s *State, in ssa.Instruction, name string, args []Value, ts []types.Type) (Value, error) {
	switch name {
	case "SliceData":
		x := args[0].(SliceVal)
		if x.Obj == 0 {
			return PtrVal{}, nil
		}
		return e.elemPtr(s, x, x.Off)
	case "StringData":
		x := args[0].(StringVal)
		return PtrVal{Obj: s.alloc(Backing{Elems: e.shifted(x.Bytes, x.Off, x.Max)}), Path: []PathStep{{Field: -1, Index: e.idx(0)}}}, nil
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
		last := len(p.Path) - 1
		if last < 0 || p.Path[last].Field >= 0 {
			return nil, e.unsup(in, "unsafe.%s of a pointer that is not into an array", name)
		}
		mx, err := e.capBound(s, in, n)
		if err != nil {
			return nil, err
		}
		off := p.Path[last].Index
		x := SliceVal{Obj: p.Obj, At: p.Path[:last:last], Off: off, Len: n, Cap: n, Max: mx}
		if name == "Slice" {
			return x, nil
		}
		el, err := e.sliceElems(s, x)
		if err != nil {
			return nil, err
		}
		bytes, ok := el.(term.Term)
		if !ok {
			return nil, e.unsup(in, "unsafe.String of a %T array", el)
		}
		return StringVal{Bytes: e.shifted(bytes, off, mx), Off: e.idx(0), Len: n, Max: mx}, nil
	}
	return nil, e.unsup(in, "unsafe.%s is not modelled", name)
}
