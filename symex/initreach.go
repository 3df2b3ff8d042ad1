package symex

import (
	"golang.org/x/tools/go/ssa"
)

// What a skipped initializer call could have changed. skipFailed makes
// Opaque the objects the failed call did change; the objects it would
// have changed after the failing instruction still hold what they held
// before the call (protobuf's message tables, made by one statement and
// filled by the next), so they too must not read as exact. They are
// approximated by reach: every object reachable from the call's operands
// or from a global of the initializer's package that the callee's code
// names, itself or through the functions of that package it names
// (static calls, closures, method values). Not followed: calls through
// interfaces and other packages' code, so an object only they reach (a
// registry of another package, say) keeps its value.

// namedGlobals are the globals of fn's package that fn's code names, with
// the code of every function of the package it names, transitively
// (memoized per function in e).
func (e *Executor) namedGlobals(fn *ssa.Function) []*ssa.Global {
	if gs, ok := e.initGlobals[fn]; ok {
		return gs
	}
	seen := map[*ssa.Function]bool{}
	have := map[*ssa.Global]bool{}
	var out []*ssa.Global
	work := []*ssa.Function{fn}
	var ops []*ssa.Value
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		if f == nil || seen[f] || f.Pkg != fn.Pkg {
			continue
		}
		seen[f] = true
		work = append(work, f.AnonFuncs...)
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				ops = in.Operands(ops[:0])
				for _, op := range ops {
					if op == nil {
						continue
					}
					switch x := (*op).(type) {
					case *ssa.Global:
						if x.Pkg == fn.Pkg && !have[x] {
							have[x] = true
							out = append(out, x)
						}
					case *ssa.Function:
						work = append(work, x)
					}
				}
			}
		}
	}
	if e.initGlobals == nil {
		e.initGlobals = map[*ssa.Function][]*ssa.Global{}
	}
	e.initGlobals[fn] = out
	return out
}

// callReach are the objects a top-level call of an initializer (in
// state s) could change: those reachable from its operands and from the
// globals of its package that its callee names.
func (e *Executor) callReach(s *State, call *ssa.Call) map[int]bool {
	var roots []Value
	for _, a := range call.Call.Args {
		if v, err := e.value(s, a); err == nil {
			roots = append(roots, v)
		}
	}
	var fns []*ssa.Function
	if call.Call.IsInvoke() {
		if v, err := e.value(s, call.Call.Value); err == nil {
			roots = append(roots, v)
		}
	} else {
		switch x := call.Call.Value.(type) {
		case *ssa.Function:
			fns = append(fns, x)
		case *ssa.MakeClosure:
			fns = append(fns, x.Fn.(*ssa.Function))
			for _, b := range x.Bindings {
				if v, err := e.value(s, b); err == nil {
					roots = append(roots, v)
				}
			}
		default:
			if v, err := e.value(s, x); err == nil {
				roots = append(roots, v)
			}
		}
	}
	for _, fn := range fns {
		for _, g := range e.namedGlobals(fn) {
			roots = append(roots, PtrVal{Obj: e.globalID(g)})
		}
	}
	reach := map[int]bool{}
	var walk func(v Value)
	obj := func(id int) {
		if id == 0 || reach[id] {
			return
		}
		reach[id] = true
		if x, ok := s.mem[id]; ok {
			walk(x)
		} else if x, ok := e.initObjs[id]; ok {
			walk(x)
		}
	}
	walk = func(v Value) {
		switch x := v.(type) {
		case PtrVal:
			obj(x.Obj)
		case SliceVal:
			obj(x.Obj)
			walk(x.elemsInit)
		case Struct:
			for _, f := range x {
				walk(f)
			}
		case Vec:
			for _, f := range x {
				walk(f)
			}
		case ArrayVal:
			walk(x.Elems)
		case Backing:
			walk(x.Elems)
		case IfaceVal:
			walk(x.V)
		case FuncVal:
			for _, b := range x.Bindings {
				walk(b)
			}
		case MapObj:
			for _, en := range x.Entries {
				walk(en.K)
				walk(en.V)
			}
		case ChanObj:
			for _, b := range x.Buf {
				walk(b)
			}
		}
	}
	for _, r := range roots {
		walk(r)
	}
	return reach
}
