package symex

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Calls in ite loops: a loop that calls a function without effects (the
// closure sort.Search probes, a comparison of a table entry with the key)
// is walked as one without calls is. The walk summarizes each call where
// it happens: it walks every path of the callee to its returns without
// forking (the callee's own loops and calls included) and joins the
// results into one ite term, so the loop's tree splits on the callee's
// result, not on each of the callee's branches, and a binary search over
// a table of n entries has n+1 leaves whatever the comparison does.
// x/text's language tags are looked up this way (tag.Index: sort.Search
// over a closure calling cmp), where forking made one path per table
// entry.
//
// A callee is pure when its instructions are those an ite loop runs, its
// returns, slicing (no allocation: a view of the same memory) and calls
// of pure functions; anything else (a store, an allocation, a model or
// intrinsic that the executor runs natively) ends the walk, and the loop
// runs path by path.

// maxIteCalls bounds the nesting of summarized calls below the loop.
const maxIteCalls = 8

// maxIteCallLeaves bounds the leaves of a loop whose walk summarized
// calls: a larger tree (a lookup in a table of a thousand entries) is a
// term every later query of the path carries, dearer to the solver than
// the paths forking makes.
const maxIteCallLeaves = 256

// builtinCall reports whether call is of a builtin the walk runs as an
// operator.
func builtinCall(call *ssa.Call) bool {
	b, ok := call.Call.Value.(*ssa.Builtin)
	if !ok || call.Call.IsInvoke() {
		return false
	}
	switch b.Name() {
	case "len", "cap", "min", "max":
		return true
	}
	return false
}

// pureCall reports whether call may be run by a walk: a builtin it runs
// as an operator, or a call of a function (not an interface method) that
// is checked when the walk enters it.
func pureCall(call *ssa.Call) bool {
	if call.Call.IsInvoke() {
		return false
	}
	if _, ok := call.Call.Value.(*ssa.Builtin); ok {
		return builtinCall(call)
	}
	return true
}

// pureFunc reports whether fn has no effects: every instruction is one a
// walk runs, and every function it calls statically is pure. A cycle of
// calls counts as impure (fn is marked so while its callees are checked).
func (e *Executor) pureFunc(fn *ssa.Function) bool {
	if ok, done := e.pureFns[fn]; done {
		return ok
	}
	if e.pureFns == nil {
		e.pureFns = map[*ssa.Function]bool{}
	}
	e.pureFns[fn] = false
	ok := len(fn.Blocks) > 0 && fn.Recover == nil
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if !ok {
				break
			}
			switch in := instr.(type) {
			case *ssa.Phi, *ssa.If, *ssa.Jump, *ssa.BinOp, *ssa.IndexAddr, *ssa.FieldAddr,
				*ssa.Index, *ssa.Field, *ssa.ChangeType, *ssa.Extract, *ssa.DebugRef, *ssa.Return, *ssa.Slice:
			case *ssa.UnOp:
				ok = in.Op != token.ARROW
			case *ssa.Lookup:
				_, isMap := in.X.Type().Underlying().(*types.Map)
				ok = !isMap
			case *ssa.Convert:
				ok = numeric(in.Type()) && numeric(in.X.Type())
			case *ssa.Call:
				ok = pureCall(in)
				if callee := in.Call.StaticCallee(); ok && callee != nil {
					ok = e.pureFunc(callee)
				}
			default:
				ok = false
			}
		}
	}
	e.pureFns[fn] = ok
	return ok
}

// summarize runs the call whose callee's frame the walk's state has just
// entered: every path of the callee is walked to its returns, their
// results joined, and the frame popped with the caller past the call.
func (w *iteWalk) summarize() error {
	e, s := w.e, w.s
	callee := s.top()
	if len(s.frames) > w.base+maxIteCalls || !e.pureFunc(callee.fn) {
		return errIteGiveUp
	}
	w.called = true
	inCall, lits, onModel, leaves := w.inCall, w.lits, w.onModel, w.leaves
	sets, parts := s.sets, s.parts
	w.inCall, w.leaves = len(s.frames), 0
	w.visit(callee.block)
	root, err := w.walk(onModel)
	w.inCall, w.lits, w.onModel, w.leaves = inCall, lits, onModel, leaves
	s.sets, s.parts = sets, parts
	if err != nil {
		return err
	}
	_, vals, has, ok := e.iteFold(root, nil)
	if !has || !ok || len(vals) != 1 {
		return errIteGiveUp
	}
	s.frames = s.frames[:len(s.frames)-1]
	caller := s.top()
	if callee.call != nil {
		caller.env[callee.call] = vals[0]
	}
	caller.pc++
	return nil
}

// returned ends one path of a summarized callee at its Return in: a leaf
// whose one value is the call's result (a tuple as a Struct, as ret
// makes it).
func (w *iteWalk) returned(in *ssa.Return) (*iteNode, error) {
	if w.inCall == 0 || len(w.s.frames) != w.inCall {
		return nil, errIteGiveUp
	}
	if w.leaves++; w.leaves > maxIteLeaves {
		return nil, errIteGiveUp
	}
	var v Value
	switch len(in.Results) {
	case 0:
	case 1:
		x, err := w.e.value(w.s, in.Results[0])
		if err != nil {
			return nil, err
		}
		v = x
	default:
		t := make(Struct, len(in.Results))
		for i, r := range in.Results {
			x, err := w.e.value(w.s, r)
			if err != nil {
				return nil, err
			}
			t[i] = x
		}
		v = t
	}
	return &iteNode{from: in.Block(), vals: []Value{v}}, nil
}
