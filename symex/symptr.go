package symex

import (
	"strconv"
	"strings"

	"github.com/sift-solver/sift/term"
)

// Merged pointers. A merge sees a pointer as a location id (a cell) and
// the index terms of its path (cells too): the location names an object
// and the field steps of the path, and locTable numbers locations. Two
// states whose pointers denote different locations merge into a pointer
// whose location is an ite tree over location ids, guarded as every
// merged cell is: a SymPtr. Loads and stores through it are lifted over
// the tree (seed 002's convention C4: no query, no fork); a nil leaf makes
// a dereference branch on the guard under which the pointer is nil, and
// panic there. What cannot be lifted (a map's object, unsafe conversions,
// values of shapes that do not join) forks over the leaves instead
// (resolvePtr), with decisions kept out of the trace as a concrete run
// makes none there.

// SymPtr is a pointer that depends on the path: Loc is a 64-bit ite tree
// whose leaves are location ids (0 is nil), Index the index terms of the
// path's index steps, the same steps for every leaf.
type SymPtr struct {
	Loc   term.Term
	Index []term.Term
}

// locTable numbers locations: an object and the steps of a path with
// the index terms left out. Id 0 is nil.
type locTable struct {
	ids     map[string]int
	entries []locEntry
}

type locEntry struct {
	obj  int
	path []PathStep // Index terms are NoTerm: filled from the pointer's cells
}

func newLocTable() *locTable {
	return &locTable{ids: map[string]int{"0": 0}, entries: []locEntry{{}}}
}

// id is the location of p and the index terms of its path.
func (t *locTable) id(p PtrVal) (int, []term.Term) {
	if p.Obj == 0 {
		return 0, nil
	}
	var key strings.Builder
	key.WriteString(strconv.Itoa(p.Obj))
	var index []term.Term
	for _, step := range p.Path {
		if step.Field < 0 {
			key.WriteString(",i")
			index = append(index, step.Index)
		} else {
			key.WriteString(",")
			key.WriteString(strconv.Itoa(step.Field))
		}
	}
	id, ok := t.ids[key.String()]
	if !ok {
		id = len(t.entries)
		t.ids[key.String()] = id
		path := make([]PathStep, len(p.Path))
		for i, step := range p.Path {
			path[i] = PathStep{Field: step.Field}
		}
		t.entries = append(t.entries, locEntry{obj: p.Obj, path: path})
	}
	return id, index
}

// ptr is the pointer to location id with the given index terms.
func (t *locTable) ptr(id int, index []term.Term) PtrVal {
	if id <= 0 || id >= len(t.entries) {
		return PtrVal{}
	}
	ent := t.entries[id]
	p := PtrVal{Obj: ent.obj, Path: make([]PathStep, len(ent.path))}
	k := 0
	for i, step := range ent.path {
		p.Path[i] = step
		if step.Field < 0 && k < len(index) {
			p.Path[i].Index = index[k]
			k++
		}
	}
	if len(ent.path) == 0 {
		p.Path = nil
	}
	return p
}

// extend is the location of id's path followed by step (its index, if
// any, goes to the pointer's Index).
func (t *locTable) extend(id int, step PathStep) int {
	ent := t.entries[id]
	path := append(append([]PathStep(nil), ent.path...), PathStep{Field: step.Field, Index: step.Index})
	n, _ := t.id(PtrVal{Obj: ent.obj, Path: path})
	return n
}

// pointerValue is the pointer with location term loc and index terms
// index: a PtrVal when loc is constant, else a SymPtr.
func (e *Executor) pointerValue(loc term.Term, index []term.Term) Value {
	if id, ok := e.constInt(loc); ok {
		return e.locs.ptr(int(id), index)
	}
	return SymPtr{Loc: loc, Index: index}
}

// locLeaves lists the distinct location ids at the leaves of loc's ite
// tree, in order of first appearance; ok is false when a leaf is not a
// constant (a strategy that built something else than ite chains).
func (e *Executor) locLeaves(loc term.Term) (ids []int, ok bool) {
	seen := map[int]bool{}
	visited := map[term.Term]bool{} // the tree is a DAG: each node once
	var walk func(t term.Term) bool
	walk = func(t term.Term) bool {
		if visited[t] {
			return true
		}
		visited[t] = true
		if e.st.Op(t) == term.OpIte {
			return walk(e.st.Arg(t, 1)) && walk(e.st.Arg(t, 2))
		}
		id, ok := e.constInt(t)
		if !ok || id >= uint64(len(e.locs.entries)) {
			return false
		}
		if !seen[int(id)] {
			seen[int(id)] = true
			ids = append(ids, int(id))
		}
		return true
	}
	return ids, walk(loc)
}

// locIs is the condition under which loc is id.
func (e *Executor) locIs(loc term.Term, id int) term.Term {
	memo := map[term.Term]term.Term{} // the tree is a DAG: each node once
	var walk func(t term.Term) term.Term
	walk = func(t term.Term) term.Term {
		if c, ok := memo[t]; ok {
			return c
		}
		var c term.Term
		if e.st.Op(t) == term.OpIte {
			c = e.st.Ite(e.st.Arg(t, 0), walk(e.st.Arg(t, 1)), walk(e.st.Arg(t, 2)))
		} else {
			n, _ := e.constInt(t)
			c = e.st.Bool(n == uint64(id))
		}
		memo[t] = c
		return c
	}
	return walk(loc)
}

// mapLoc replaces every leaf of loc by f's id; a leaf f drops is replaced
// by its sibling's subtree (it is infeasible where it is used). ok is
// false when every leaf is dropped.
func (e *Executor) mapLoc(loc term.Term, f func(id int) (int, bool)) (term.Term, bool) {
	type res struct {
		t  term.Term
		ok bool
	}
	memo := map[term.Term]res{} // the tree is a DAG: each node once
	var walk func(t term.Term) (term.Term, bool)
	walk = func(t term.Term) (term.Term, bool) {
		if r, ok := memo[t]; ok {
			return r.t, r.ok
		}
		var r res
		if e.st.Op(t) == term.OpIte {
			a, okA := walk(e.st.Arg(t, 1))
			b, okB := walk(e.st.Arg(t, 2))
			switch {
			case okA && okB:
				r = res{e.st.Ite(e.st.Arg(t, 0), a, b), true}
			case okA:
				r = res{a, true}
			case okB:
				r = res{b, true}
			default:
				r = res{term.NoTerm, false}
			}
		} else {
			id, _ := e.constInt(t)
			if n, ok := f(int(id)); ok {
				r = res{e.st.ConstUint64(64, uint64(n)), true}
			}
		}
		memo[t] = r
		return r.t, r.ok
	}
	return walk(loc)
}

// nonNil is p once it is known not to be nil: when a leaf is nil, it
// branches on p being nil and panics on that side; the pointer returned
// has no nil leaf.
func (e *Executor) nonNil(s *State, p SymPtr) (SymPtr, error) {
	ids, ok := e.locLeaves(p.Loc)
	if !ok {
		return p, e.unsup(nil, "a merged pointer whose location is not an ite over locations")
	}
	hasNil := false
	for _, id := range ids {
		hasNil = hasNil || id == 0
	}
	if !hasNil {
		return p, nil
	}
	nonNil, err := e.branchAt(s, e.st.Not(e.locIs(p.Loc, 0)), siteBound)
	if err != nil {
		return p, err
	}
	if !nonNil {
		return p, &panicked{msg: msgNilDeref}
	}
	loc, _ := e.mapLoc(p.Loc, func(id int) (int, bool) { return id, id != 0 })
	return SymPtr{Loc: loc, Index: p.Index}, nil
}

// resolvePtr makes a pointer concrete: a merged one forks over its
// locations (untraced decisions), each path going on with one.
func (e *Executor) resolvePtr(s *State, v Value) (PtrVal, bool, error) {
	switch p := v.(type) {
	case PtrVal:
		return p, true, nil
	case SymPtr:
		ids, ok := e.locLeaves(p.Loc)
		if !ok {
			return PtrVal{}, true, e.unsup(nil, "a merged pointer whose location is not an ite over locations")
		}
		for _, id := range ids[:len(ids)-1] {
			is, err := e.branchAt(s, e.locIs(p.Loc, id), siteBound)
			if err != nil {
				return PtrVal{}, true, err
			}
			if is {
				return e.locs.ptr(id, p.Index), true, nil
			}
		}
		return e.locs.ptr(ids[len(ids)-1], p.Index), true, nil
	}
	return PtrVal{}, false, nil
}

// liftLoc is f lifted over loc's ite tree: f at each leaf, the results
// joined by joinValues under the tree's conditions. ok is false when two
// results do not join (the caller then forks).
func (e *Executor) liftLoc(loc term.Term, f func(id int) (Value, error)) (Value, bool, error) {
	memo := map[term.Term]Value{}
	var walk func(t term.Term) (Value, bool, error)
	walk = func(t term.Term) (Value, bool, error) {
		if v, ok := memo[t]; ok {
			return v, true, nil
		}
		var v Value
		if e.st.Op(t) == term.OpIte {
			a, ok, err := walk(e.st.Arg(t, 1))
			if err != nil || !ok {
				return nil, ok, err
			}
			b, ok, err := walk(e.st.Arg(t, 2))
			if err != nil || !ok {
				return nil, ok, err
			}
			if v, ok = e.joinValues(e.st.Arg(t, 0), a, b); !ok {
				return nil, false, nil
			}
		} else {
			id, _ := e.constInt(t)
			var err error
			if v, err = f(int(id)); err != nil {
				return nil, false, err
			}
		}
		memo[t] = v
		return v, true, nil
	}
	return walk(loc)
}

// loadAt is *p for a pointer value: lifted over a merged pointer's
// locations, forking only when the values there do not join.
func (e *Executor) loadAt(s *State, v Value) (Value, error) {
	sp, ok := v.(SymPtr)
	if !ok {
		p, err := e.derefable(s, v)
		if err != nil {
			return nil, err
		}
		return e.load(s, p)
	}
	sp, err := e.nonNil(s, sp)
	if err != nil {
		return nil, err
	}
	out, joined, err := e.liftLoc(sp.Loc, func(id int) (Value, error) { return e.load(s, e.locs.ptr(id, sp.Index)) })
	if err != nil || joined {
		return out, err
	}
	p, _, err := e.resolvePtr(s, sp)
	if err != nil {
		return nil, err
	}
	return e.load(s, p)
}

// storeAt is *p = x for a pointer value: through a merged pointer, every
// object it may denote gets ite(p is there, updated, unchanged); when the
// two do not join, it forks over the locations instead.
func (e *Executor) storeAt(s *State, v Value, x Value) error {
	sp, ok := v.(SymPtr)
	if !ok {
		p, err := e.derefable(s, v)
		if err != nil {
			return err
		}
		return e.store(s, p, x)
	}
	sp, err := e.nonNil(s, sp)
	if err != nil {
		return err
	}
	ids, _ := e.locLeaves(sp.Loc)
	updated := map[int]Value{}
	joined := true
	for _, id := range ids {
		if len(s.views) > 0 && s.viewed(e.locs.ptr(id, sp.Index).Obj) {
			joined = false // one location at a time, so that store checks the views
			break
		}
		p, err := e.concretePath(s, e.locs.ptr(id, sp.Index))
		if err != nil {
			return err
		}
		old, ok := updated[p.Obj]
		if !ok {
			if old, err = e.object(s, p.Obj); err != nil {
				return err
			}
		}
		nv, err := e.update(old, p.Path, x)
		if err != nil {
			return err
		}
		if updated[p.Obj], joined = e.joinValues(e.locIs(sp.Loc, id), nv, old); !joined {
			break
		}
	}
	if !joined {
		p, _, err := e.resolvePtr(s, sp)
		if err != nil {
			return err
		}
		return e.store(s, p, x)
	}
	for obj, nv := range updated {
		s.setMem(obj, nv)
	}
	return nil
}

// derefable is a pointer operand that is about to be dereferenced: not
// nil (nil panics) and concrete.
func (e *Executor) derefable(s *State, v Value) (PtrVal, error) {
	switch p := v.(type) {
	case PtrVal:
		if p.Obj == 0 {
			return p, &panicked{msg: msgNilDeref}
		}
		return p, nil
	case SymPtr:
		sp, err := e.nonNil(s, p)
		if err != nil {
			return PtrVal{}, err
		}
		q, _, err := e.resolvePtr(s, sp)
		return q, err
	case Opaque:
		return PtrVal{}, e.unsup(nil, "use of %s", p.What)
	}
	return PtrVal{}, e.unsup(nil, "operand is %T, not a pointer", v)
}

// stepPtr is &p.field or &p[i] for a pointer value, without a fork for a
// merged pointer: its locations get the step. A nil pointer panics.
func (e *Executor) stepPtr(s *State, v Value, step PathStep) (Value, error) {
	sp, ok := v.(SymPtr)
	if !ok {
		p, err := e.derefable(s, v)
		if err != nil {
			return nil, err
		}
		return PtrVal{Obj: p.Obj, Path: appendPath(p.Path, step)}, nil
	}
	sp, err := e.nonNil(s, sp)
	if err != nil {
		return nil, err
	}
	loc, _ := e.mapLoc(sp.Loc, func(id int) (int, bool) { return e.locs.extend(id, step), true })
	index := sp.Index
	if step.Field < 0 {
		index = append(append([]term.Term(nil), index...), step.Index)
	}
	return e.pointerValue(loc, index), nil
}

// ptrEqual is p == q for pointer values, merged or not: equal locations
// and equal index terms.
func (e *Executor) ptrEqual(a, b Value) (term.Term, bool) {
	loc := func(v Value) (term.Term, []term.Term, bool) {
		switch p := v.(type) {
		case PtrVal:
			id, index := e.locs.id(p)
			return e.st.ConstUint64(64, uint64(id)), index, true
		case SymPtr:
			return p.Loc, p.Index, true
		}
		return term.NoTerm, nil, false
	}
	la, ia, okA := loc(a)
	lb, ib, okB := loc(b)
	if !okA || !okB {
		return term.NoTerm, false
	}
	if len(ia) != len(ib) {
		// Locations with different numbers of index steps never coincide,
		// except that nil equals nil.
		return e.st.And(e.locIs(la, 0), e.locIs(lb, 0)), true
	}
	cs := []term.Term{e.st.Eq(la, lb)}
	for i := range ia {
		cs = append(cs, e.st.Eq(ia[i], ib[i]))
	}
	return e.st.And(cs...), true
}
