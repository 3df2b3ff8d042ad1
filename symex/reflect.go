package symex

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// reflect, enough for decoders. The executor answers reflect's API itself
// (calls from outside package reflect): a reflect.Value is the Struct of
// reflect.Value's three fields holding {its type's token, a pointer to
// the location of its value, its flags}, and a reflect.Type is an
// interface holding a *reflect.rtype whose value is the type's token (a
// number per type, typeToken). The zero reflect.Value (a nil first field) is the invalid Value.
// Values of concrete types hold symbolic contents like any location.
// Every other function and method of reflect's API ends the path as
// unsupported. Inside package initializers the same Values and Types are
// made and answered (tables of reflect types, like encoding/json's and
// yaml's, compare with the decoder's), and reflect's other functions run
// their own code (reflectOwnValues).

// Flags of a reflect.Value.
const (
	reflectSettable = 1 << iota // addressable, not through an unexported field
	reflectReadOnly             // obtained through an unexported field
	// reflectEmbedRO: the Value is an unexported embedded field, read-only
	// itself, while its exported fields are not (reflect's flagEmbedRO).
	reflectEmbedRO
	reflectRO = reflectReadOnly | reflectEmbedRO
)

// reflectValue is a decoded reflect.Value: t nil for the invalid Value.
type reflectValue struct {
	t     types.Type
	loc   PtrVal
	flags uint64
}

func (e *Executor) makeReflectValue(v reflectValue) Value {
	if v.t == nil {
		return Struct{PtrVal{}, PtrVal{}, e.idx(0)}
	}
	return Struct{e.typeToken(v.t), v.loc, e.st.ConstUint64(64, v.flags)}
}

// typeToken is the number that stands for type t in reflect's values: one
// per type up to identity, so that Types compare as reflect's do (== on
// the tokens) whatever t's comparability.
func (e *Executor) typeToken(t types.Type) term.Term {
	id, ok := e.reflectIDs.At(t).(int)
	if !ok {
		id = len(e.reflectTypes) + 1
		e.reflectIDs.Set(t, id)
		e.reflectTypes = append(e.reflectTypes, t)
	}
	return e.st.ConstUint64(64, uint64(id))
}

// tokenType is the type a token stands for, nil for a term that is none.
func (e *Executor) tokenType(v Value) types.Type {
	x, ok := v.(term.Term)
	if !ok {
		return nil
	}
	id, ok := e.constInt(x)
	if !ok || id == 0 || id > uint64(len(e.reflectTypes)) {
		return nil
	}
	return e.reflectTypes[id-1]
}

func (e *Executor) decodeReflectValue(in ssa.Instruction, v Value) (reflectValue, error) {
	x, ok := v.(Struct)
	if !ok || len(x) != 3 {
		return reflectValue{}, e.unsup(in, "a reflect.Value held as %T", v)
	}
	if p, ok := x[0].(PtrVal); ok && p.Obj == 0 {
		return reflectValue{}, nil
	}
	if t := e.tokenType(x[0]); t != nil {
		loc, ok1 := x[1].(PtrVal)
		fl, ok2 := e.constInt(x[2].(term.Term))
		if ok1 && ok2 {
			return reflectValue{t: t, loc: loc, flags: fl}, nil
		}
	}
	return reflectValue{}, e.unsup(in, "a reflect.Value the executor did not make")
}

// reflectKinds are reflect.Kind's values by basic kind.
var reflectKinds = map[types.BasicKind]int{
	types.Bool: 1, types.Int: 2, types.Int8: 3, types.Int16: 4, types.Int32: 5, types.Int64: 6,
	types.Uint: 7, types.Uint8: 8, types.Uint16: 9, types.Uint32: 10, types.Uint64: 11, types.Uintptr: 12,
	types.Float32: 13, types.Float64: 14, types.Complex64: 15, types.Complex128: 16,
	types.String: 24, types.UnsafePointer: 26,
}

// reflectKind is t's reflect.Kind (0, Invalid, for nil).
func reflectKind(t types.Type) int {
	if t == nil {
		return 0
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return reflectKinds[u.Kind()]
	case *types.Array:
		return 17
	case *types.Chan:
		return 18
	case *types.Signature:
		return 19
	case *types.Interface:
		return 20
	case *types.Map:
		return 21
	case *types.Pointer:
		return 22
	case *types.Slice:
		return 23
	case *types.Struct:
		return 25
	}
	return 0
}

var reflectKindNames = []string{"invalid", "bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8",
	"uint16", "uint32", "uint64", "uintptr", "float32", "float64", "complex64", "complex128", "array", "chan",
	"func", "interface", "map", "ptr", "slice", "string", "struct", "unsafe.Pointer"}

// reflectTypeString is t as reflect's Type.String prints it.
func reflectTypeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// reflectCall answers a call of reflect's API from outside package
// reflect; ok is false for calls it leaves to the function's code.
func (e *Executor) reflectCall(s *State, in ssa.Instruction, cl callee) (Value, bool, error) {
	fn := cl.fn
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Pkg == nil {
		return nil, false, nil
	}
	pkg := fn.Pkg.Pkg.Path()
	if pkg != "reflect" && pkg != "internal/reflectlite" {
		return nil, false, nil
	}
	name := fn.Name()
	if recv := fn.Signature.Recv(); recv != nil {
		name = types.TypeString(recv.Type(), func(*types.Package) string { return "" }) + "." + name
	}
	switch name {
	case "Kind.String", "StructTag.Get", "StructTag.Lookup", "(*ValueError).Error", "*ValueError.Error":
		return nil, false, nil // plain Go on plain values
	}
	if len(e.initing) > 0 && (pkg != "reflect" || !reflectOwnValues(name)) {
		// Package initializers make reflect Types and Values (tables like
		// encoding/json's and yaml's, compared with the decoder's later)
		// and use their methods; reflect's other functions run their own
		// code there.
		return nil, false, nil
	}
	if f := s.top().fn; f.Pkg != nil && f.Pkg.Pkg.Path() == pkg {
		return nil, false, nil
	}
	if pkg == "internal/reflectlite" {
		// sort.Slice's and errors.As's use of reflectlite: what the
		// executor answers as reflect's.
		switch name {
		case "ValueOf", "Value.Len", "Value.IsNil", "Value.Kind":
		default:
			return nil, true, e.unsup(in, "internal/reflectlite.%s is not modelled", name)
		}
	}
	for _, a := range cl.args {
		if o, ok := a.(Opaque); ok {
			return nil, true, e.unsup(in, "use of %s", o.What)
		}
	}
	v, err := e.reflectAPI(s, in, name, cl)
	return v, true, err
}

// numMethod is reflect's NumMethod of t: an interface's methods, or the
// exported methods of t's method set.
func numMethod(t types.Type) int {
	if it, ok := t.Underlying().(*types.Interface); ok {
		return it.NumMethods()
	}
	ms, n := types.NewMethodSet(t), 0
	for i := 0; i < ms.Len(); i++ {
		if ms.At(i).Obj().Exported() {
			n++
		}
	}
	return n
}

// reflectOwnValues reports whether reflect's function or method name
// makes or takes the executor's own Values and Types.
func reflectOwnValues(name string) bool {
	switch name {
	case "ValueOf", "TypeOf", "TypeFor", "Indirect", "New", "MakeMap", "MakeSlice", "Zero":
		return true
	}
	return strings.HasPrefix(name, "Value.") || strings.HasPrefix(name, "*rtype.")
}

// reflectPanic is the panic of a reflect.Value method used on a Value of
// the wrong kind.
func reflectPanic(in ssa.Instruction, method string, t types.Type) error {
	kind := "zero"
	if t != nil {
		kind = reflectKindNames[reflectKind(t)]
	}
	return &panicked{instr: in, msg: "reflect: call of reflect.Value." + method + " on " + kind + " Value"}
}

func (e *Executor) reflectAPI(s *State, in ssa.Instruction, name string, cl callee) (Value, error) {
	args := cl.args
	switch name {
	case "ValueOf":
		return e.reflectValueOf(s, args[0].(IfaceVal)), nil
	case "TypeOf":
		return e.reflectType(args[0].(IfaceVal).T)
	case "TypeFor":
		return e.reflectType(cl.fn.TypeArgs()[0])
	case "Indirect":
		v, err := e.decodeReflectValue(in, args[0])
		if err != nil || reflectKind(v.t) != 22 {
			return args[0], err
		}
		return e.reflectElem(s, in, v)
	case "New", "MakeMap", "MakeSlice", "Zero":
		t, err := e.reflectTypeArg(in, args[0])
		if err != nil {
			return nil, err
		}
		return e.reflectMake(s, in, name, t, args[1:])
	}
	if strings.HasPrefix(name, "*rtype.") {
		t, err := e.reflectTypeArg(in, IfaceVal{T: e.reflectRtype(), V: args[0]})
		if err != nil {
			return nil, err
		}
		return e.reflectTypeMethod(s, in, strings.TrimPrefix(name, "*rtype."), t, args[1:])
	}
	method, ok := strings.CutPrefix(name, "Value.")
	if !ok {
		return nil, e.unsup(in, "reflect.%s is not modelled", name)
	}
	v, err := e.decodeReflectValue(in, args[0])
	if err != nil {
		return nil, err
	}
	return e.reflectValueMethod(s, in, method, v, args[1:])
}

// reflectValueOf is reflect.ValueOf(x): a copy of x's value in a new
// location, not settable.
func (e *Executor) reflectValueOf(s *State, x IfaceVal) Value {
	if x.T == nil {
		return e.makeReflectValue(reflectValue{})
	}
	return e.makeReflectValue(reflectValue{t: x.T, loc: PtrVal{Obj: s.alloc(x.V)}})
}

// reflectRtype is the type *reflect.rtype, the dynamic type of every
// reflect.Type the executor makes.
func (e *Executor) reflectRtype() types.Type {
	if e.rtype == nil {
		t := e.reflectNamed("rtype")
		if t == nil {
			return nil
		}
		e.rtype = types.NewPointer(t)
	}
	return e.rtype
}

func (e *Executor) reflectType(t types.Type) (Value, error) {
	if t == nil {
		return IfaceVal{}, nil
	}
	rt := e.reflectRtype()
	if rt == nil {
		return nil, e.unsup(nil, "reflect's rtype is not in the program")
	}
	return IfaceVal{T: rt, V: e.typeToken(t)}, nil
}

// reflectTypeArg is the type a reflect.Type value denotes.
func (e *Executor) reflectTypeArg(in ssa.Instruction, v Value) (types.Type, error) {
	iv, ok := v.(IfaceVal)
	if ok && iv.T == nil {
		return nil, &panicked{instr: in, msg: msgNilDeref}
	}
	if ok && types.Identical(iv.T, e.reflectRtype()) {
		if t := e.tokenType(iv.V); t != nil {
			return t, nil
		}
	}
	return nil, e.unsup(in, "a reflect.Type the executor did not make")
}

// reflectElem is v.Elem() of a pointer or an interface.
func (e *Executor) reflectElem(s *State, in ssa.Instruction, v reflectValue) (Value, error) {
	x, err := e.load(s, v.loc)
	if err != nil {
		return nil, err
	}
	switch u := v.t.Underlying().(type) {
	case *types.Pointer:
		p, ok := x.(PtrVal)
		if !ok {
			var err error
			if p, _, err = e.resolvePtr(s, x); err != nil {
				return nil, err
			}
		}
		if p.Obj == 0 {
			return e.makeReflectValue(reflectValue{}), nil
		}
		return e.makeReflectValue(reflectValue{t: u.Elem(), loc: p, flags: reflectSettable | v.flags&reflectRO}), nil
	case *types.Interface:
		iv, ok := x.(IfaceVal)
		if !ok {
			return nil, e.unsup(in, "an interface held as %T", x)
		}
		out := e.reflectValueOf(s, iv)
		if iv.T != nil && v.flags&reflectRO != 0 {
			rv, _ := e.decodeReflectValue(in, out)
			rv.flags |= reflectReadOnly
			out = e.makeReflectValue(rv)
		}
		return out, nil
	}
	return nil, reflectPanic(in, "Elem", v.t)
}

// settable checks that v can be set (the panic of reflect's Set methods).
func (e *Executor) settable(in ssa.Instruction, method string, v reflectValue) error {
	if v.t == nil {
		return reflectPanic(in, method, nil)
	}
	if v.flags&reflectRO != 0 {
		return &panicked{instr: in, msg: "reflect: reflect.Value." + method + " using value obtained using unexported field"}
	}
	if v.flags&reflectSettable == 0 {
		return &panicked{instr: in, msg: "reflect: reflect.Value." + method + " using unaddressable value"}
	}
	return nil
}

// assignable is x (of type xt) as a value of type t, for Set and
// SetMapIndex: wrapped in an interface when t is one.
func (e *Executor) assignable(in ssa.Instruction, method string, x Value, xt, t types.Type) (Value, error) {
	if !types.AssignableTo(xt, t) {
		return nil, &panicked{instr: in, msg: "reflect.Set: value of type " + reflectTypeString(xt) + " is not assignable to type " + reflectTypeString(t)}
	}
	if types.IsInterface(t) && !types.IsInterface(xt) {
		return IfaceVal{T: xt, V: x}, nil
	}
	return x, nil
}

func (e *Executor) reflectValueMethod(s *State, in ssa.Instruction, method string, v reflectValue, args []Value) (Value, error) {
	kind := reflectKind(v.t)
	switch method {
	case "IsValid":
		return e.st.Bool(v.t != nil), nil
	case "Kind":
		return e.st.ConstUint64(64, uint64(kind)), nil
	case "Type":
		if v.t == nil {
			return nil, reflectPanic(in, "Type", nil)
		}
		return e.reflectType(v.t)
	case "CanSet":
		return e.st.Bool(v.t != nil && v.flags&reflectSettable != 0 && v.flags&reflectRO == 0), nil
	case "CanAddr":
		return e.st.Bool(v.t != nil && v.flags&reflectSettable != 0), nil
	case "CanInterface":
		if v.t == nil {
			return nil, reflectPanic(in, "CanInterface", nil)
		}
		return e.st.Bool(v.flags&reflectRO == 0), nil
	}
	if v.t == nil {
		return nil, reflectPanic(in, method, nil)
	}
	switch method {
	case "NumMethod":
		return e.idx(numMethod(v.t)), nil
	case "Elem":
		return e.reflectElem(s, in, v)
	case "Addr":
		// A pointer to v's location, held in a new one: not itself
		// addressable, read-only when v is.
		if v.flags&reflectSettable == 0 {
			return nil, &panicked{instr: in, msg: "reflect.Value.Addr of unaddressable value"}
		}
		loc := PtrVal{Obj: s.alloc(v.loc)}
		return e.makeReflectValue(reflectValue{t: types.NewPointer(v.t), loc: loc, flags: v.flags & reflectRO}), nil
	case "Interface":
		if v.flags&reflectRO != 0 {
			return nil, &panicked{instr: in, msg: "reflect.Value.Interface: cannot return value obtained from unexported field or method"}
		}
		x, err := e.load(s, v.loc)
		if err != nil {
			return nil, err
		}
		if types.IsInterface(v.t) {
			return x, nil
		}
		return IfaceVal{T: v.t, V: x}, nil
	case "NumField":
		st, ok := v.t.Underlying().(*types.Struct)
		if !ok {
			return nil, reflectPanic(in, method, v.t)
		}
		return e.idx(st.NumFields()), nil
	case "Field":
		st, ok := v.t.Underlying().(*types.Struct)
		if !ok {
			return nil, reflectPanic(in, method, v.t)
		}
		i, ok := e.constInt(args[0].(term.Term))
		if !ok {
			return nil, e.unsup(in, "reflect.Value.Field with a symbolic index")
		}
		if i >= uint64(st.NumFields()) {
			return nil, &panicked{instr: in, msg: "reflect: Field index out of range"}
		}
		f := st.Field(int(i))
		flags := v.flags &^ reflectEmbedRO
		switch {
		case !f.Exported() && f.Embedded():
			flags |= reflectEmbedRO
		case !f.Exported():
			flags |= reflectReadOnly
		}
		return e.makeReflectValue(reflectValue{t: f.Type(), loc: PtrVal{Obj: v.loc.Obj, Path: appendPath(v.loc.Path, PathStep{Field: int(i)})}, flags: flags}), nil
	case "Len", "Index", "IsNil", "IsZero", "String", "Int", "Uint", "Bool", "MapIndex", "MapKeys", "Slice":
		return e.reflectRead(s, in, method, v, args)
	case "SetString", "SetInt", "SetUint", "SetBool", "Set", "SetMapIndex", "SetLen":
		return e.reflectWrite(s, in, method, v, args)
	}
	return nil, e.unsup(in, "reflect.Value.%s is not modelled", method)
}

// reflectRead runs the reflect.Value methods that read v's value.
func (e *Executor) reflectRead(s *State, in ssa.Instruction, method string, v reflectValue, args []Value) (Value, error) {
	x, err := e.load(s, v.loc)
	if err != nil {
		return nil, err
	}
	u := v.t.Underlying()
	b, _ := u.(*types.Basic)
	switch method {
	case "Len":
		switch y := x.(type) {
		case StringVal:
			return y.Len, nil
		case SliceVal:
			return y.Len, nil
		case ArrayVal:
			return e.idx(y.Len), nil
		}
		if _, ok := u.(*types.Map); ok {
			m, _, err := e.mapObj(s, x)
			if err != nil || m == nil {
				return e.idx(0), err
			}
			return e.idx(m.Live), nil
		}
	case "Index":
		i := e.resize(args[0].(term.Term), 64, true)
		switch y := x.(type) {
		case SliceVal:
			if err := e.inBounds(s, in, i, y.Len, "reflect: slice index out of range"); err != nil {
				return nil, err
			}
			p, err := e.elemPtr(s, y, e.add(y.Off, i))
			if err != nil {
				return nil, err
			}
			return e.makeReflectValue(reflectValue{t: u.(*types.Slice).Elem(), loc: p.(PtrVal), flags: reflectSettable | v.flags&reflectRO}), nil
		case ArrayVal:
			if err := e.inBounds(s, in, i, e.idx(y.Len), "reflect: array index out of range"); err != nil {
				return nil, err
			}
			if _, isVec := y.Elems.(Vec); isVec {
				k, _, err := e.concreteIndex(s, i, y.Len)
				if err != nil {
					return nil, err
				}
				i = e.idx(k)
			}
			return e.makeReflectValue(reflectValue{t: u.(*types.Array).Elem(), loc: PtrVal{Obj: v.loc.Obj, Path: appendPath(v.loc.Path, PathStep{Field: -1, Index: i})}, flags: v.flags}), nil
		case StringVal:
			if err := e.inBounds(s, in, i, y.Len, "reflect: string index out of range"); err != nil {
				return nil, err
			}
			c := e.mk(term.OpSelect, y.Bytes, e.add(y.Off, i))
			return e.makeReflectValue(reflectValue{t: types.Typ[types.Uint8], loc: PtrVal{Obj: s.alloc(c)}, flags: v.flags & reflectRO}), nil
		}
	case "IsNil":
		switch y := x.(type) {
		case PtrVal:
			return e.st.Bool(y.Obj == 0), nil
		case SliceVal:
			return e.st.Bool(y.Obj == 0), nil
		case IfaceVal:
			return e.st.Bool(y.T == nil), nil
		case FuncVal:
			return e.st.Bool(y.Fn == nil), nil
		}
	case "IsZero":
		z, err := e.zero(v.t)
		if err != nil {
			return nil, err
		}
		if _, ok := z.(term.Term); ok {
			return e.equal(x, z)
		}
		if sv, ok := x.(StringVal); ok {
			return e.st.Eq(sv.Len, e.idx(0)), nil
		}
		return nil, e.unsup(in, "reflect.Value.IsZero of a %s", v.t)
	case "String":
		if b != nil && b.Info()&types.IsString != 0 {
			return x, nil
		}
		return e.constString("<" + reflectTypeString(v.t) + " Value>"), nil
	case "Int":
		if b != nil && b.Info()&types.IsInteger != 0 && isSigned(b) {
			return e.resize(x.(term.Term), 64, true), nil
		}
	case "Uint":
		if b != nil && b.Info()&types.IsInteger != 0 && !isSigned(b) {
			return e.resize(x.(term.Term), 64, false), nil
		}
	case "Bool":
		if b != nil && b.Info()&types.IsBoolean != 0 {
			return x, nil
		}
	case "MapIndex":
		mt, ok := u.(*types.Map)
		if !ok {
			break
		}
		kv, err := e.reflectOperand(s, in, method, args[0], mt.Key())
		if err != nil {
			return nil, err
		}
		m, _, err := e.mapObj(s, x)
		if err != nil || m == nil {
			return e.makeReflectValue(reflectValue{}), err
		}
		j, err := e.mapFind(s, m, kv)
		if err != nil || j < 0 {
			return e.makeReflectValue(reflectValue{}), err
		}
		return e.makeReflectValue(reflectValue{t: mt.Elem(), loc: PtrVal{Obj: s.alloc(m.Entries[j].V)}, flags: v.flags & reflectRO}), nil
	case "MapKeys":
		return nil, e.unsup(in, "reflect.Value.MapKeys is not modelled")
	case "Slice":
		// A new slice (or string) in a new location, not addressable.
		xt, rt := v.t, v.t
		switch ut := u.(type) {
		case *types.Array:
			if v.flags&reflectSettable == 0 {
				return nil, &panicked{instr: in, msg: "reflect.Value.Slice: slice of unaddressable array"}
			}
			x, xt, rt = v.loc, types.NewPointer(v.t), types.NewSlice(ut.Elem())
		case *types.Slice:
		default:
			if b == nil || b.Info()&types.IsString == 0 {
				return nil, reflectPanic(in, method, v.t)
			}
		}
		lo, hi := e.resize(args[0].(term.Term), 64, true), e.resize(args[1].(term.Term), 64, true)
		out, err := e.sliceValue(s, in, x, xt, lo, hi, term.NoTerm, "reflect.Value.Slice: slice index out of bounds")
		if err != nil {
			return nil, err
		}
		return e.makeReflectValue(reflectValue{t: rt, loc: PtrVal{Obj: s.alloc(out)}, flags: v.flags & reflectRO}), nil
	}
	return nil, reflectPanic(in, method, v.t)
}

// reflectOperand is the value of the reflect.Value arg as a value of type
// t (a map's key or element): the panics of an invalid Value and of a
// type not assignable to t.
func (e *Executor) reflectOperand(s *State, in ssa.Instruction, method string, arg Value, t types.Type) (Value, error) {
	k, err := e.decodeReflectValue(in, arg)
	if err != nil {
		return nil, err
	}
	if k.t == nil {
		return nil, reflectPanic(in, method, nil)
	}
	kv, err := e.load(s, k.loc)
	if err != nil {
		return nil, err
	}
	return e.assignable(in, method, kv, k.t, t)
}

// reflectWrite runs the reflect.Value methods that set v's value.
func (e *Executor) reflectWrite(s *State, in ssa.Instruction, method string, v reflectValue, args []Value) (Value, error) {
	u := v.t.Underlying()
	b, _ := u.(*types.Basic)
	if method == "SetMapIndex" {
		mt, ok := u.(*types.Map)
		if !ok {
			return nil, reflectPanic(in, method, v.t)
		}
		if v.flags&reflectRO != 0 {
			return nil, &panicked{instr: in, msg: "reflect: reflect.Value.SetMapIndex using value obtained using unexported field"}
		}
		kv, err := e.reflectOperand(s, in, method, args[0], mt.Key())
		if err != nil {
			return nil, err
		}
		mv, err := e.load(s, v.loc)
		if err != nil {
			return nil, err
		}
		if el, err := e.decodeReflectValue(in, args[1]); err != nil || el.t == nil {
			if err != nil {
				return nil, err
			}
			return nil, e.mapDelete(s, mv, kv)
		}
		ev, err := e.reflectOperand(s, in, method, args[1], mt.Elem())
		if err != nil {
			return nil, err
		}
		m, id, err := e.mapObj(s, mv)
		if err != nil {
			return nil, err
		}
		if m == nil {
			return nil, &panicked{instr: in, msg: "assignment to entry in nil map"}
		}
		j, err := e.mapFind(s, m, kv)
		if err != nil {
			return nil, err
		}
		return nil, e.mapInsert(s, id, m, j, kv, ev)
	}
	if err := e.settable(in, method, v); err != nil {
		return nil, err
	}
	var x Value
	switch method {
	case "SetString":
		if b == nil || b.Info()&types.IsString == 0 {
			return nil, reflectPanic(in, method, v.t)
		}
		x = args[0]
	case "SetInt", "SetUint":
		if b == nil || b.Info()&types.IsInteger == 0 || isSigned(b) != (method == "SetInt") {
			return nil, reflectPanic(in, method, v.t)
		}
		srt, err := e.sortOf(b)
		if err != nil {
			return nil, err
		}
		x = e.resize(args[0].(term.Term), e.st.Width(srt), false)
	case "SetBool":
		if b == nil || b.Info()&types.IsBoolean == 0 {
			return nil, reflectPanic(in, method, v.t)
		}
		x = args[0]
	case "Set":
		src, err := e.decodeReflectValue(in, args[0])
		if err != nil {
			return nil, err
		}
		if src.t == nil {
			return nil, reflectPanic(in, "Set", nil)
		}
		if src.flags&reflectRO != 0 {
			return nil, &panicked{instr: in, msg: "reflect: reflect.Value.Set using value obtained using unexported field"}
		}
		sv, err := e.load(s, src.loc)
		if err != nil {
			return nil, err
		}
		if x, err = e.assignable(in, method, sv, src.t, v.t); err != nil {
			return nil, err
		}
	case "SetLen":
		return nil, e.unsup(in, "reflect.Value.SetLen is not modelled")
	}
	return nil, e.store(s, v.loc, x)
}

// reflectMake runs reflect.New, MakeMap, MakeSlice and Zero.
func (e *Executor) reflectMake(s *State, in ssa.Instruction, name string, t types.Type, args []Value) (Value, error) {
	switch name {
	case "New":
		z, err := e.zero(t)
		if err != nil {
			return nil, err
		}
		p := PtrVal{Obj: s.alloc(z)}
		return e.makeReflectValue(reflectValue{t: types.NewPointer(t), loc: PtrVal{Obj: s.alloc(p)}}), nil
	case "Zero":
		z, err := e.zero(t)
		if err != nil {
			return nil, err
		}
		return e.makeReflectValue(reflectValue{t: t, loc: PtrVal{Obj: s.alloc(z)}}), nil
	case "MakeMap":
		if _, ok := t.Underlying().(*types.Map); !ok {
			return nil, &panicked{instr: in, msg: "reflect.MakeMapWithSize of non-map type"}
		}
		m := PtrVal{Obj: s.alloc(MapObj{})}
		return e.makeReflectValue(reflectValue{t: t, loc: PtrVal{Obj: s.alloc(m)}}), nil
	case "MakeSlice":
		st, ok := t.Underlying().(*types.Slice)
		if !ok {
			return nil, &panicked{instr: in, msg: "reflect.MakeSlice of non-slice type"}
		}
		n, c := args[0].(term.Term), args[1].(term.Term)
		for _, x := range []term.Term{n, c} {
			neg, err := e.branch(s, e.mk(term.OpBVSlt, x, e.idx(0)))
			if err != nil {
				return nil, err
			}
			if neg {
				return nil, &panicked{instr: in, msg: "reflect.MakeSlice: negative len or cap"}
			}
		}
		ok, err := e.branch(s, e.ule(n, c))
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, &panicked{instr: in, msg: "reflect.MakeSlice: len > cap"}
		}
		sl, err := e.zeroSlice(s, in, st.Elem(), n, c)
		if err != nil {
			return nil, err
		}
		return e.makeReflectValue(reflectValue{t: t, loc: PtrVal{Obj: s.alloc(sl)}}), nil
	}
	return nil, e.unsup(in, "reflect.%s is not modelled", name)
}

// reflectTypeMethod runs the methods of reflect.Type.
func (e *Executor) reflectTypeMethod(s *State, in ssa.Instruction, method string, t types.Type, args []Value) (Value, error) {
	switch method {
	case "Kind":
		return e.st.ConstUint64(64, uint64(reflectKind(t))), nil
	case "Size": // amd64's, the executor's machine
		return e.st.ConstUint64(64, uint64(types.SizesFor("gc", "amd64").Sizeof(t))), nil
	case "String":
		return e.constString(reflectTypeString(t)), nil
	case "Name":
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return e.constString(n.Obj().Name()), nil
		}
		if b, ok := t.(*types.Basic); ok {
			return e.constString(b.Name()), nil
		}
		return e.constString(""), nil
	case "PkgPath":
		// A defined type's package path; "" for the predeclared and
		// unnamed types, as reflect says.
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
			return e.constString(n.Obj().Pkg().Path()), nil
		}
		return e.constString(""), nil
	case "NumField":
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return nil, &panicked{instr: in, msg: "reflect: NumField of non-struct type " + reflectTypeString(t)}
		}
		return e.idx(st.NumFields()), nil
	case "Elem":
		var el types.Type
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			el = u.Elem()
		case *types.Slice:
			el = u.Elem()
		case *types.Array:
			el = u.Elem()
		case *types.Map:
			el = u.Elem()
		case *types.Chan:
			el = u.Elem()
		default:
			return nil, &panicked{instr: in, msg: "reflect: Elem of invalid type " + reflectTypeString(t)}
		}
		return e.reflectType(el)
	case "Key":
		mt, ok := t.Underlying().(*types.Map)
		if !ok {
			return nil, &panicked{instr: in, msg: "reflect: Key of non-map type " + reflectTypeString(t)}
		}
		return e.reflectType(mt.Key())
	case "Len":
		at, ok := t.Underlying().(*types.Array)
		if !ok {
			return nil, &panicked{instr: in, msg: "reflect: Len of non-array type " + reflectTypeString(t)}
		}
		return e.idx(int(at.Len())), nil
	case "Field":
		return e.reflectStructField(s, in, t, args[0])
	case "AssignableTo", "ConvertibleTo", "Implements":
		u, err := e.reflectTypeArg(in, args[0])
		if err != nil {
			return nil, err
		}
		switch method {
		case "AssignableTo":
			return e.st.Bool(types.AssignableTo(t, u)), nil
		case "ConvertibleTo":
			return e.st.Bool(types.ConvertibleTo(t, u)), nil
		}
		iface, ok := u.Underlying().(*types.Interface)
		if !ok {
			return nil, &panicked{instr: in, msg: "reflect: non-interface type passed to Type.Implements"}
		}
		return e.st.Bool(types.Implements(t, iface)), nil
	case "Comparable":
		return e.st.Bool(types.Comparable(t)), nil
	case "NumMethod":
		return e.idx(numMethod(t)), nil
	}
	return nil, e.unsup(in, "reflect.Type.%s is not modelled", method)
}

// reflectStructField is t.Field(i): a reflect.StructField with the
// field's name, package path, type, tag, index and embedding (Offset is
// left 0).
func (e *Executor) reflectStructField(s *State, in ssa.Instruction, t types.Type, iv Value) (Value, error) {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil, &panicked{instr: in, msg: "reflect: Field of non-struct type " + reflectTypeString(t)}
	}
	i, ok := e.constInt(iv.(term.Term))
	if !ok {
		return nil, e.unsup(in, "reflect.Type.Field with a symbolic index")
	}
	if i >= uint64(st.NumFields()) {
		return nil, &panicked{instr: in, msg: "reflect: Field index out of bounds"}
	}
	sfT := e.reflectNamed("StructField")
	if sfT == nil {
		return nil, e.unsup(in, "reflect.StructField is not in the program")
	}
	z, err := e.zero(sfT)
	if err != nil {
		return nil, err
	}
	out, ok := z.(Struct)
	sfs := sfT.Underlying().(*types.Struct)
	if !ok || sfs.NumFields() != 7 {
		return nil, e.unsup(in, "reflect.StructField has an unknown layout")
	}
	f := st.Field(int(i))
	typ, err := e.reflectType(f.Type())
	if err != nil {
		return nil, err
	}
	pkgPath := ""
	if !f.Exported() && f.Pkg() != nil {
		pkgPath = f.Pkg().Path()
	}
	ints, err := e.liftedZero(types.Typ[types.Int], 1)
	if err != nil {
		return nil, err
	}
	ints, err = e.liftStore(ints, e.idx(0), e.idx(int(i)))
	if err != nil {
		return nil, err
	}
	fields := map[string]Value{
		"Name": e.constString(f.Name()), "PkgPath": e.constString(pkgPath), "Type": typ,
		"Tag":       e.constString(st.Tag(int(i))),
		"Index":     SliceVal{Obj: s.alloc(Backing{Elems: ints}), Off: e.idx(0), Len: e.idx(1), Cap: e.idx(1), Max: 1},
		"Anonymous": e.st.Bool(f.Embedded()),
	}
	for k := 0; k < sfs.NumFields(); k++ {
		if v, ok := fields[sfs.Field(k).Name()]; ok {
			out[k] = v
		}
	}
	return out, nil
}

// reflectNamed is reflect's named type name.
func (e *Executor) reflectNamed(name string) types.Type {
	for _, p := range e.prog.Prog.AllPackages() {
		if p.Pkg.Path() == "reflect" {
			if m, ok := p.Members[name].(*ssa.Type); ok {
				return m.Type()
			}
		}
	}
	return nil
}

// sliceIntrinsic answers sift_len(x) and sift_swap(x, i, j) of
// models/sort.go for a slice x in an interface: its length, and the swap
// of two elements (which panics as indexing does when one is out of range).
func (e *Executor) sliceIntrinsic(s *State, in ssa.Instruction, name string, args []Value) (Value, error) {
	iv, ok := args[0].(IfaceVal)
	x, isSlice := iv.V.(SliceVal)
	if !ok || !isSlice {
		if iv.T == nil {
			return nil, &panicked{instr: in, msg: "reflect: call of Swapper on zero Value"}
		}
		return nil, e.unsup(in, "%s of a %s", name, iv.T)
	}
	if name == "sift_len" {
		return x.Len, nil
	}
	var ptrs [2]PtrVal
	var vals [2]Value
	for k, a := range args[1:] {
		i := a.(term.Term)
		if err := e.inBounds(s, in, i, x.Len, "runtime error: index out of range"); err != nil {
			return nil, err
		}
		p, err := e.elemPtr(s, x, e.add(x.Off, i))
		if err != nil {
			return nil, err
		}
		ptrs[k] = p.(PtrVal)
		if vals[k], err = e.load(s, ptrs[k]); err != nil {
			return nil, err
		}
	}
	if err := e.store(s, ptrs[0], vals[1]); err != nil {
		return nil, err
	}
	return nil, e.store(s, ptrs[1], vals[0])
}
