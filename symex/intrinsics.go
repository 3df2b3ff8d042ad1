package symex

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// intrinsic answers a call of one of the models' functions without a body
// (symex/models/intrinsics.go).
func (e *Executor) intrinsic(s *State, in ssa.Instruction, cl callee) (Value, error) {
	switch cl.fn.Name() {
	case "sift_comparable":
		iv, ok := cl.args[0].(IfaceVal)
		if !ok {
			return nil, e.unsup(in, "sift_comparable of %T", cl.args[0])
		}
		return e.st.Bool(iv.T != nil && types.Comparable(iv.T)), nil
	case "sift_kind", "sift_int", "sift_uint", "sift_bool", "sift_string", "sift_bytes", "sift_typestring":
		iv, ok := cl.args[0].(IfaceVal)
		if !ok {
			return nil, e.unsup(in, "%s of %T", cl.fn.Name(), cl.args[0])
		}
		return e.operand(in, cl.fn.Name(), iv)
	case "sift_nilptr":
		iv, ok := cl.args[0].(IfaceVal)
		if !ok {
			return nil, e.unsup(in, "sift_nilptr of %T", cl.args[0])
		}
		if _, isPtr := types.Unalias(iv.T).(*types.Pointer); !isPtr {
			return e.st.False(), nil
		}
		p, ok := iv.V.(PtrVal)
		if !ok {
			return nil, e.unsup(in, "sift_nilptr of a merged pointer")
		}
		return e.st.Bool(p.Obj == 0), nil
	case "sift_len", "sift_swap":
		return e.sliceIntrinsic(s, in, cl.fn.Name(), cl.args)
	case "sift_indexbyte", "sift_countbyte":
		sv, ok := cl.args[0].(StringVal)
		c, isByte := cl.args[1].(term.Term)
		if !ok || !isByte {
			return nil, e.unsup(in, "%s of %T, %T", cl.fn.Name(), cl.args[0], cl.args[1])
		}
		if cl.fn.Name() == "sift_indexbyte" {
			return e.indexByteTerm(sv, c), nil
		}
		return e.countByteTerm(sv, c), nil
	case "sift_unsupported":
		msg, _ := e.concreteString(cl.args[0].(StringVal))
		return nil, e.unsup(in, "%s", msg)
	}
	return nil, e.unsup(in, "unknown intrinsic %s", cl.fn.Name())
}

// operand answers fmt's intrinsics about an interface operand: its kind by
// underlying type, its value as a basic type, its type's name.
func (e *Executor) operand(in ssa.Instruction, name string, iv IfaceVal) (Value, error) {
	// The kinds are models/fmt.go's constants kindOther, kindBool, ….
	kind := "kindOther"
	if iv.T == nil {
		kind = "kindNil"
	} else {
		switch u := iv.T.Underlying().(type) {
		case *types.Basic:
			switch {
			case u.Info()&types.IsBoolean != 0:
				kind = "kindBool"
			case u.Info()&types.IsInteger != 0 && isSigned(u):
				kind = "kindInt"
			case u.Info()&types.IsInteger != 0:
				kind = "kindUint"
			case u.Info()&types.IsString != 0:
				kind = "kindString"
			}
		case *types.Slice:
			if isByte(u.Elem()) {
				kind = "kindBytes"
			}
		}
	}
	switch name {
	case "sift_kind":
		c, ok := e.prog.modelPkg.Members[kind].(*ssa.NamedConst)
		if !ok {
			return nil, e.unsup(in, "no model constant %s", kind)
		}
		n, _ := constant.Uint64Val(c.Value.Value)
		return e.st.ConstUint64(64, n), nil
	case "sift_typestring":
		if iv.T == nil {
			return e.constString("<nil>"), nil
		}
		return e.constString(types.TypeString(iv.T, func(p *types.Package) string { return p.Name() })), nil
	case "sift_int", "sift_uint":
		x, ok := iv.V.(term.Term)
		if !ok || (kind != "kindInt" && kind != "kindUint") {
			return nil, e.unsup(in, "%s of a %s", name, iv.T)
		}
		return e.resize(x, 64, kind == "kindInt"), nil
	}
	want := map[string]string{"sift_bool": "kindBool", "sift_string": "kindString", "sift_bytes": "kindBytes"}[name]
	if kind != want {
		return nil, e.unsup(in, "%s of a %s", name, iv.T)
	}
	return iv.V, nil
}

// native handles calls the executor answers itself: unique.Make, and
// reflect's API (reflect.go). ok is false for every other function.
func (e *Executor) native(s *State, in ssa.Instruction, cl callee) (v Value, ok bool, err error) {
	fn := cl.fn
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Pkg == nil {
		return nil, false, nil
	}
	switch fn.Pkg.Pkg.Path() + "." + fn.Name() {
	case "unique.Make":
		v, err = e.uniqueMake(s, in, cl.fn.TypeArgs()[0], cl.args[0])
		return v, true, err
	}
	if p := fn.Pkg.Pkg.Path(); p == "reflect" || p == "internal/reflectlite" {
		return e.reflectCall(s, in, cl)
	}
	return nil, false, nil
}

// uniqueMake is unique.Make[T](v): a Handle{value *T} whose pointer is the
// same for equal values. Each T has an intern table, a map object from
// values to pointers, which every state starts from (an initial object like
// a global's). Packages that import unique intern values in their
// initializers, so those initializers all run before the first Make of a
// path: a table a path has copied would not see later ones.
func (e *Executor) uniqueMake(s *State, in ssa.Instruction, t types.Type, v Value) (Value, error) {
	e.initUniqueUsers()
	key := types.TypeString(t, nil)
	id, ok := e.uniqueIDs[key]
	if !ok {
		id = e.reserveID()
		e.uniqueIDs[key] = id
		e.initObjs[id] = MapObj{}
	}
	table := PtrVal{Obj: id}
	m, tid, err := e.mapObj(s, table)
	if err != nil {
		return nil, err
	}
	j, err := e.mapFind(s, m, v)
	if err != nil {
		return nil, err
	}
	if j >= 0 {
		return Struct{m.Entries[j].V}, nil
	}
	p := PtrVal{Obj: s.alloc(v)}
	if err := e.mapInsert(s, tid, m, -1, v, p); err != nil {
		return nil, err
	}
	return Struct{p}, nil
}

// initUniqueUsers runs the initializers of every package that imports
// unique, once.
func (e *Executor) initUniqueUsers() {
	if e.uniqueReady {
		return
	}
	e.uniqueReady = true
	for _, pkg := range e.prog.Prog.AllPackages() {
		for _, imp := range pkg.Pkg.Imports() {
			if imp.Path() == "unique" {
				e.ensureInit(pkg)
			}
		}
	}
}
