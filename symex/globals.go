package symex

import (
	"errors"
	"fmt"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// Globals are objects with negative ids. Their initial values come from
// running the package's init function concretely, once, before the entry
// (initProgram) or on an earlier first use; a
// package whose init the executor cannot run gets Opaque globals, which end
// any path that looks at them.

func (e *Executor) globalID(g *ssa.Global) int {
	if id, ok := e.globalIDs[g]; ok {
		return id
	}
	id := e.reserveID()
	e.globalIDs[g] = id
	e.globalOf[id] = g
	return id
}

// globalValue is the initial value of object id (< 0): a global, or an
// object an initializer allocated.
func (e *Executor) globalValue(id int) (Value, error) {
	if v, ok := e.initObjs[id]; ok {
		return v, nil
	}
	g := e.globalOf[id]
	if g == nil {
		return Opaque{What: "an object of a package initializer"}, nil
	}
	elem := g.Type().(*types.Pointer).Elem()
	if e.initing[g.Pkg] {
		// Inside the package's own initializer globals start at zero.
		return e.zero(elem)
	}
	e.ensureInit(g.Pkg)
	if v, ok := e.initObjs[id]; ok {
		return v, nil
	}
	if e.initFailed[g.Pkg] != "" {
		return Opaque{What: "global " + g.String() + " (initializer not run: " + e.initFailed[g.Pkg] + ")"}, nil
	}
	if why := e.initSkipped[g.Pkg]; why != "" {
		// The skipped call may have been the one to set it.
		return Opaque{What: "global " + g.String() + " (not set by its initializer, which skipped " + why + ")"}, nil
	}
	return e.zero(elem)
}

// A step of an initializer that the executor cannot run does not lose the
// whole package: when a top-level instruction of the init function fails
// (a call into code without a Go body, say), its result becomes Opaque, so
// does every object the failed call changed, and the initializer goes on.
// Globals computed without the failed step keep their exact values; the
// others, and the package's globals the initializer left unset after a
// skipped call (which may have been the one to set them), end a path that
// uses them. A failure that decides control flow
// (an If on an Opaque), a panic or a limit still fails the whole package.

// initSnapshot keeps the memory of an initializer's state before a
// top-level call, for skipFailed.
func (e *Executor) initSnapshot(s *State, instr ssa.Instruction) {
	if _, ok := e.initSnaps[s]; !ok {
		return
	}
	if _, ok := instr.(*ssa.Call); ok {
		e.initSnaps[s] = maps.Clone(s.mem)
	}
}

// skipFailed turns the failed top-level instruction of initializer state s
// into an Opaque result and reports whether the initializer can go on.
func (e *Executor) skipFailed(s *State, err error) bool {
	u, ok := err.(*unsupported)
	if !ok || len(s.frames) == 0 {
		return false
	}
	f := s.frames[0]
	instr := f.block.Instrs[f.pc]
	if st, ok := instr.(*ssa.Store); ok && len(s.frames) == 1 {
		// A store the executor cannot make (an Opaque into a lifted
		// array, say) loses only the object stored into.
		a, err := e.value(s, st.Addr)
		p, ok := a.(PtrVal)
		if err != nil || !ok {
			return false
		}
		s.mem[p.Obj] = Opaque{What: fmt.Sprintf("an object %s in %s could not store into (%s)", instrString(instr), f.fn, u.msg)}
		f.pc++
		return true
	}
	v, isValue := instr.(ssa.Value)
	if !isValue {
		return false
	}
	what := fmt.Sprintf("the result of %s in %s (not run: %s)", instrString(instr), f.fn, u.msg)
	if call, isCall := instr.(*ssa.Call); isCall {
		// Globals of the package it left unset may be ones it would have
		// set: they are not known to be zero (globalValue).
		if e.initSkipped[f.fn.Pkg] == "" {
			e.initSkipped[f.fn.Pkg] = what
		}
		snap := e.initSnaps[s]
		for id, x := range s.mem {
			old, had := snap[id]
			if (had && !sameValue(old, x)) || (!had && id < 0) {
				s.mem[id] = Opaque{What: "an object changed by " + what}
			}
		}
		// What it reached but had not changed yet (initreach.go), its
		// operands read in the initializer's frame.
		s.frames = s.frames[:1]
		for id := range e.callReach(s, call) {
			if _, changed := s.mem[id].(Opaque); !changed {
				s.mem[id] = Opaque{What: "an object " + what + " could change"}
			}
		}
	}
	s.frames = s.frames[:1]
	f.env[v] = Opaque{What: what}
	f.pc++
	return true
}

// sameValue reports whether a and b are the same value: the same terms and
// shapes (values are immutable and share their parts).
func sameValue(a, b Value) bool {
	switch x := a.(type) {
	case term.Term:
		y, ok := b.(term.Term)
		return ok && x == y
	case Struct:
		y, ok := b.(Struct)
		return ok && sameValues(x, y)
	case Vec:
		y, ok := b.(Vec)
		return ok && sameValues(x, y)
	case StringVal:
		y, ok := b.(StringVal)
		return ok && x == y
	case SliceVal:
		y, ok := b.(SliceVal)
		return ok && x.Obj == y.Obj && slices.Equal(x.At, y.At) && x.Off == y.Off && x.Len == y.Len &&
			x.Cap == y.Cap && x.Data == y.Data && x.Max == y.Max && sameValue(x.elemsInit, y.elemsInit)
	case ArrayVal:
		y, ok := b.(ArrayVal)
		return ok && x.Len == y.Len && sameValue(x.Elems, y.Elems)
	case Backing:
		y, ok := b.(Backing)
		return ok && sameValue(x.Elems, y.Elems)
	case PtrVal:
		y, ok := b.(PtrVal)
		return ok && x.Obj == y.Obj && slices.Equal(x.Path, y.Path)
	case FuncVal:
		y, ok := b.(FuncVal)
		return ok && x.Fn == y.Fn && sameValues(x.Bindings, y.Bindings)
	case IfaceVal:
		y, ok := b.(IfaceVal)
		return ok && (x.T == y.T || (x.T != nil && y.T != nil && types.Identical(x.T, y.T))) && sameValue(x.V, y.V)
	case MapObj:
		y, ok := b.(MapObj)
		if !ok || len(x.Entries) != len(y.Entries) {
			return false
		}
		for i := range x.Entries {
			p, q := x.Entries[i], y.Entries[i]
			if p.Dead != q.Dead || !sameValue(p.K, q.K) || !sameValue(p.V, q.V) {
				return false
			}
		}
		return true
	case ChanObj:
		y, ok := b.(ChanObj)
		return ok && x.Cap == y.Cap && x.Closed == y.Closed && sameValues(x.Buf, y.Buf)
	case Opaque:
		y, ok := b.(Opaque)
		return ok && x == y
	case nil:
		return b == nil
	}
	return false
}

func sameValues(a, b []Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sameValue(a[i], b[i]) {
			return false
		}
	}
	return true
}

// initProgram runs the initializers of entry's package and of everything
// it imports, in Go's order (the spec's, since Go 1.21: of the packages
// sorted by import path, repeatedly the first whose imports are all
// initialized), as a Go program does before main. Running them only on the
// first use of a global missed what an initializer does to other packages'
// globals: a package that registers itself in another's map, reached only
// through a blank import, left the map empty and hid a panic from an
// exhausted run (testdata/initorder). A global used before its package's
// turn (by another initializer) still starts its package's initializer
// then.
func (e *Executor) initProgram(entry *ssa.Package) {
	if entry == nil || e.inited[entry] {
		return
	}
	seen := map[*types.Package]bool{}
	var all []*types.Package
	var walk func(p *types.Package)
	walk = func(p *types.Package) {
		if seen[p] {
			return
		}
		seen[p] = true
		all = append(all, p)
		for _, imp := range p.Imports() {
			walk(imp)
		}
	}
	walk(entry.Pkg)
	slices.SortFunc(all, func(a, b *types.Package) int { return strings.Compare(a.Path(), b.Path()) })
	done := map[*types.Package]bool{}
	for len(done) < len(all) {
		progress := false
		for _, p := range all {
			if done[p] || slices.ContainsFunc(p.Imports(), func(q *types.Package) bool { return !done[q] }) {
				continue
			}
			done[p], progress = true, true
			if sp := e.prog.Prog.Package(p); sp != nil {
				e.ensureInit(sp)
			}
			break
		}
		if !progress {
			return // an import cycle: not Go; the rest run lazily
		}
	}
}

// ensureInit runs pkg's initializer unless it ran already.
func (e *Executor) ensureInit(pkg *ssa.Package) {
	if !e.inited[pkg] {
		e.inited[pkg] = true
		e.runInit(pkg)
	}
}

// reserveID is a fresh id for an object every state starts with.
func (e *Executor) reserveID() int {
	e.lastGlobal--
	return e.lastGlobal
}

// initStride is the range of object ids one initializer may allocate: each
// run gets its own, so an initializer that triggers another (by reading
// its globals) never reuses the other's ids.
const initStride = 1 << 40

// runInit runs pkg's init function on a fresh concrete state and keeps the
// objects it leaves behind as everyone's initial memory.
func (e *Executor) runInit(pkg *ssa.Package) {
	fn := pkg.Func("init")
	if fn == nil || len(fn.Blocks) == 0 {
		return
	}
	wasBr, wasCover := e.br, e.noCover
	e.br, e.noCover = replaying{e}, true
	e.initing[pkg] = true
	// An initializer's instructions are no path's: they do not count as
	// the exploration's work (Stats.Steps, which --merge-after measures).
	steps := e.stats.Steps
	defer func() {
		e.br, e.noCover = wasBr, wasCover
		delete(e.initing, pkg)
		e.stats.Steps = steps
	}()
	s := &State{mem: map[int]Value{}, nextID: e.initNext}
	e.initNext += initStride
	s.frames = []*frame{{fn: fn, block: fn.Blocks[0], env: map[ssa.Value]Value{}}}
	e.cover(fn.Blocks[0])
	saved := e.pending
	e.pending = nil
	if e.initSnaps == nil {
		e.initSnaps = map[*State]map[int]Value{}
	}
	e.initSnaps[s] = nil
	var err error
	for {
		if err = e.run(s); err == nil || !e.skipFailed(s, err) {
			break
		}
	}
	delete(e.initSnaps, s)
	e.pending = saved
	if err != nil {
		// Say where: the cause is often far from the global that was used.
		msg := err.Error()
		var u *unsupported
		if errors.As(err, &u) && u.instr != nil {
			msg = fmt.Sprintf("%s at %s", msg, e.pos(u.instr))
		}
		e.initFailed[pkg] = msg
		return
	}
	for id, v := range s.mem {
		if id < 0 {
			e.initObjs[id] = v
		}
	}
}
