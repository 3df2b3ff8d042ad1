package symex

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
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
	case "sift_unsupported":
		msg, _ := e.concreteString(cl.args[0].(StringVal))
		return nil, e.unsup(in, "%s", msg)
	}
	return nil, e.unsup(in, "unknown intrinsic %s", cl.fn.Name())
}

// generic handles calls of generic functions the executor runs natively:
// unique.Make. ok is false for every other function.
func (e *Executor) generic(s *State, in ssa.Instruction, cl callee) (v Value, ok bool, err error) {
	o := cl.fn.Origin()
	if o == nil || o.Pkg == nil || o.Pkg.Pkg.Path() != "unique" || o.Name() != "Make" {
		return nil, false, nil
	}
	v, err = e.uniqueMake(s, in, cl.fn.TypeArgs()[0], cl.args[0])
	return v, true, err
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
	m, _, err := e.mapObj(s, table)
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
	if err := e.mapInsert(s, table, m, -1, v, p); err != nil {
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
