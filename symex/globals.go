package symex

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Globals are objects with negative ids. Their initial values come from
// running the package's init function concretely, once, on first use; a
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
	return e.zero(elem)
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
	wasConcrete, wasCover := e.concrete, e.noCover
	e.concrete, e.noCover = true, true
	e.initing[pkg] = true
	defer func() {
		e.concrete, e.noCover = wasConcrete, wasCover
		delete(e.initing, pkg)
	}()
	s := &State{mem: map[int]Value{}, nextID: e.initNext}
	e.initNext += initStride
	s.frames = []*frame{{fn: fn, block: fn.Blocks[0], env: map[ssa.Value]Value{}}}
	saved := e.pending
	e.pending = nil
	err := e.run(s)
	e.pending = saved
	if err != nil {
		e.initFailed[pkg] = err.Error()
		return
	}
	for id, v := range s.mem {
		if id < 0 {
			e.initObjs[id] = v
		}
	}
}
