package symex

import (
	"fmt"
	"go/types"

	"github.com/sift-solver/sift/fp"
	"github.com/sift-solver/sift/term"
)

// Memory: an object is a Value in State.mem. Pointers name an object and a
// path of fields and indices into it; loads and stores walk the path and
// rebuild the object functionally, so forked states share unchanged parts.
//
// Arrays (Go arrays and slice backings) of a liftable element type (scalars
// and structs of them) are "lifted": an array of T is a value of T's shape
// whose every scalar leaf is an SMT array from 64-bit indices to the leaf's
// sort. Reading element i selects every leaf at i. Arrays of any other
// element type are a Vec of a concrete length, read and written at concrete
// indices.

// idxSort is the sort of indices, lengths and capacities (Go's int on 64-bit).
func (e *Executor) idxSort() term.Sort { return e.st.BitVecSort(64) }

func (e *Executor) idx(n int) term.Term { return e.st.ConstUint64(64, uint64(n)) }

// liftSelect reads element i of a lifted array.
func (e *Executor) liftSelect(a Value, i term.Term) (Value, error) {
	switch a := a.(type) {
	case term.Term:
		if t, ok := e.tableRead(a, i); ok {
			return t, nil
		}
		return e.st.MustMake(term.OpSelect, nil, a, i), nil
	case Struct:
		out := make(Struct, len(a))
		for k, f := range a {
			v, err := e.liftSelect(f, i)
			if err != nil {
				return nil, err
			}
			out[k] = v
		}
		return out, nil
	case Vec:
		k, err := vecIndex(a, i, e)
		if err != nil {
			return nil, err
		}
		return a[k], nil
	case Opaque:
		return a, nil
	}
	return nil, fmt.Errorf("array of %T elements", a)
}

// maxVec bounds the length of a Vec.
const maxVec = 1 << 16

// vecIndex is the concrete index i into a, which callers made concrete
// (concreteIndex) and checked against the bounds of the slice or array.
func vecIndex(a Vec, i term.Term, e *Executor) (int, error) {
	k, ok := e.constInt(i)
	if !ok {
		return 0, fmt.Errorf("symbolic index into an array of non-scalar elements")
	}
	if k >= uint64(len(a)) {
		return 0, fmt.Errorf("index %d beyond the modelled extent %d", k, len(a))
	}
	return int(k), nil
}

// liftStore writes element i of a lifted array.
func (e *Executor) liftStore(a Value, i term.Term, v Value) (Value, error) {
	switch a := a.(type) {
	case term.Term:
		t, ok := v.(term.Term)
		if !ok {
			return nil, fmt.Errorf("storing %T into an array of scalars", v)
		}
		return e.st.MustMake(term.OpStore, nil, a, i, t), nil
	case Struct:
		vs, ok := v.(Struct)
		if !ok || len(vs) != len(a) {
			return nil, fmt.Errorf("storing %T into an array of structs", v)
		}
		out := make(Struct, len(a))
		for k := range a {
			nv, err := e.liftStore(a[k], i, vs[k])
			if err != nil {
				return nil, err
			}
			out[k] = nv
		}
		return out, nil
	case Vec:
		k, err := vecIndex(a, i, e)
		if err != nil {
			return nil, err
		}
		out := append(Vec(nil), a...)
		out[k] = v
		return out, nil
	}
	return nil, fmt.Errorf("array of %T elements", a)
}

// liftable reports whether arrays of t are lifted: t is an integer or
// boolean type or a struct of liftable fields.
func liftable(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsInteger|types.IsBoolean) != 0
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if !liftable(u.Field(i).Type()) {
				return false
			}
		}
		return true
	}
	return false
}

// liftedZero is the array of n zero values of element type t: lifted (n
// then only bounds the indices callers use) or a Vec of length n.
func (e *Executor) liftedZero(t types.Type, n int) (Value, error) {
	if !liftable(t) {
		if n > maxVec {
			return nil, fmt.Errorf("an array of %d elements of type %s is beyond the modelled size %d", n, t, maxVec)
		}
		z, err := e.zero(t)
		if err != nil {
			return nil, err
		}
		v := make(Vec, n)
		for i := range v {
			v[i] = z
		}
		return v, nil
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		s, err := e.sortOf(u)
		if err != nil {
			return nil, err
		}
		z, _ := e.zeroScalar(s)
		a, err := e.st.ConstArray(e.st.ArraySort(e.idxSort(), s), z)
		return a, err
	case *types.Struct:
		out := make(Struct, u.NumFields())
		for k := range out {
			v, err := e.liftedZero(u.Field(k).Type(), n)
			if err != nil {
				return nil, err
			}
			out[k] = v
		}
		return out, nil
	}
	return nil, fmt.Errorf("arrays of %s are not modelled", t)
}

func (e *Executor) zeroScalar(s term.Sort) (term.Term, bool) {
	if e.st.IsBool(s) {
		return e.st.False(), true
	}
	if e.st.IsFloat(s) {
		return e.st.FloatConst(fp.Zero(e.st.FloatFormat(s), false)), true
	}
	return e.st.ConstUint64(e.st.Width(s), 0), true
}

// zero is the zero value of type t.
func (e *Executor) zero(t types.Type) (Value, error) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			return e.constString(""), nil
		}
		if u.Kind() == types.UnsafePointer || u.Kind() == types.UntypedNil {
			return PtrVal{}, nil
		}
		s, err := e.sortOf(u)
		if err != nil {
			// Complex numbers: the path ends where one is used.
			return Opaque{What: "value of type " + t.String()}, nil
		}
		z, _ := e.zeroScalar(s)
		return z, nil
	case *types.Struct:
		out := make(Struct, u.NumFields())
		for k := range out {
			v, err := e.zero(u.Field(k).Type())
			if err != nil {
				return nil, err
			}
			out[k] = v
		}
		return out, nil
	case *types.Array:
		el, err := e.liftedZero(u.Elem(), int(u.Len()))
		if err != nil {
			return nil, err
		}
		return ArrayVal{Elems: el, Len: int(u.Len())}, nil
	case *types.Slice:
		z := e.idx(0)
		return SliceVal{Off: z, Len: z, Cap: z}, nil
	case *types.Pointer, *types.Map, *types.Chan:
		return PtrVal{}, nil
	case *types.Signature:
		return FuncVal{}, nil
	case *types.Interface:
		return IfaceVal{}, nil
	case *types.Tuple:
		out := make(Struct, u.Len())
		for k := range out {
			v, err := e.zero(u.At(k).Type())
			if err != nil {
				return nil, err
			}
			out[k] = v
		}
		return out, nil
	}
	return Opaque{What: "zero value of " + t.String()}, nil
}

// sortOf maps a basic Go type to its SMT sort.
func (e *Executor) sortOf(b *types.Basic) (term.Sort, error) {
	switch b.Kind() {
	case types.Bool, types.UntypedBool:
		return e.st.BoolSort(), nil
	case types.Int8, types.Uint8:
		return e.st.BitVecSort(8), nil
	case types.Int16, types.Uint16:
		return e.st.BitVecSort(16), nil
	case types.Int32, types.Uint32, types.UntypedRune:
		return e.st.BitVecSort(32), nil
	case types.Int, types.Uint, types.Int64, types.Uint64, types.Uintptr, types.UntypedInt:
		return e.st.BitVecSort(64), nil
	case types.Float32, types.Float64, types.UntypedFloat:
		f, _ := floatFormat(b)
		return e.st.FloatSort(f), nil
	}
	return term.NoSort, fmt.Errorf("type %s is not modelled", b)
}

// object returns the current value of object id (a global's initial value
// when the state has not written it).
func (e *Executor) object(s *State, id int) (Value, error) {
	if v, ok := s.mem[id]; ok {
		return v, nil
	}
	if id < 0 {
		return e.globalValue(id)
	}
	return nil, fmt.Errorf("dangling object %d", id)
}

// concretePath makes the indices of p's steps into Vecs concrete, forking
// as concreteIndex does: merged pointers may hold symbolic ones.
func (e *Executor) concretePath(s *State, p PtrVal) (PtrVal, error) {
	symbolic := false
	for _, step := range p.Path {
		symbolic = symbolic || (step.Field < 0 && !e.st.IsConst(step.Index))
	}
	if !symbolic {
		return p, nil
	}
	v, err := e.object(s, p.Obj)
	if err != nil {
		return p, err
	}
	out := PtrVal{Obj: p.Obj, Path: append([]PathStep(nil), p.Path...)}
	for i, step := range out.Path {
		if step.Field < 0 && !e.st.IsConst(step.Index) {
			el, _ := elemsOf(v)
			if vec, ok := el.(Vec); ok {
				k, in, err := e.concreteIndex(s, step.Index, len(vec))
				if err != nil {
					return p, err
				}
				if !in {
					return p, e.unsup(nil, "index beyond the modelled extent %d of an array", len(vec))
				}
				out.Path[i].Index = e.idx(k)
			}
		}
		if v, err = e.walk(v, out.Path[i]); err != nil {
			return p, err
		}
	}
	return out, nil
}

// load reads the value a non-nil pointer denotes.
func (e *Executor) load(s *State, p PtrVal) (Value, error) {
	p, err := e.concretePath(s, p)
	if err != nil {
		return nil, err
	}
	v, err := e.object(s, p.Obj)
	if err != nil {
		return nil, err
	}
	for _, step := range p.Path {
		if v, err = e.walk(v, step); err != nil {
			return nil, err
		}
	}
	return v, nil
}

func (e *Executor) walk(v Value, step PathStep) (Value, error) {
	switch x := v.(type) {
	case Opaque:
		return x, nil
	case Struct:
		if step.Field < 0 || step.Field >= len(x) {
			return nil, fmt.Errorf("bad field step")
		}
		return x[step.Field], nil
	case ArrayVal:
		return e.liftSelect(x.Elems, step.Index)
	case Backing:
		return e.liftSelect(x.Elems, step.Index)
	case StringVal, SliceVal:
		// A header's field, through unsafe (reinterpret.go).
		if h, ok := e.headerStruct(x); ok && step.Field >= 0 && step.Field < len(h) {
			return h[step.Field], nil
		}
	case IfaceVal:
		// An interface's type or data word, through unsafe (a struct of
		// two pointers, or an array of them: reinterpret.go).
		i, ok := step.Field, step.Field >= 0
		if !ok {
			n, isConst := e.constInt(step.Index)
			i, ok = int(n), isConst
		}
		if ws, err := e.ifaceWords(x); ok && err == nil && i >= 0 && i < len(ws) {
			return ws[i].v, nil
		}
	}
	return nil, fmt.Errorf("cannot step into %T", v)
}

// store writes v at the location p denotes.
func (e *Executor) store(s *State, p PtrVal, v Value) error {
	p, err := e.concretePath(s, p)
	if err != nil {
		return err
	}
	obj, err := e.object(s, p.Obj)
	if err != nil {
		return err
	}
	nv, err := e.update(obj, p.Path, v)
	if err != nil {
		return err
	}
	if len(s.views) > 0 {
		if err := e.guardViews(s, p.Obj, obj, nv); err != nil {
			return err
		}
	}
	s.setMem(p.Obj, nv)
	return nil
}

func (e *Executor) update(obj Value, path []PathStep, v Value) (Value, error) {
	if len(path) == 0 {
		return e.overHeader(obj, v)
	}
	step := path[0]
	if h, ok := e.headerStruct(obj); ok && step.Field >= 0 {
		// A header's field, through unsafe: memory keeps its words.
		e.headerWords = true
		obj = h
	}
	switch x := obj.(type) {
	case Struct:
		nv, err := e.update(x[step.Field], path[1:], v)
		if err != nil {
			return nil, err
		}
		out := append(Struct(nil), x...)
		out[step.Field] = nv
		return out, nil
	case ArrayVal, Backing:
		var elems Value
		if a, ok := x.(ArrayVal); ok {
			elems = a.Elems
		} else {
			elems = x.(Backing).Elems
		}
		old, err := e.liftSelect(elems, step.Index)
		if err != nil {
			return nil, err
		}
		nv, err := e.update(old, path[1:], v)
		if err != nil {
			return nil, err
		}
		ne, err := e.liftStore(elems, step.Index, nv)
		if err != nil {
			return nil, err
		}
		if a, ok := x.(ArrayVal); ok {
			return ArrayVal{Elems: ne, Len: a.Len}, nil
		}
		return Backing{Elems: ne}, nil
	case Opaque:
		return nil, fmt.Errorf("store into %s", x.What)
	}
	return nil, fmt.Errorf("cannot store into %T", obj)
}
