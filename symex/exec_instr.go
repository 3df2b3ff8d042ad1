package symex

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// exec runs one instruction. advance reports whether the frame's pc moves
// to the next instruction (calls, returns and jumps move it themselves).
func (e *Executor) exec(s *State, instr ssa.Instruction) (advance bool, err error) {
	f := s.top()
	set := func(v Value, err error) (bool, error) {
		if err != nil {
			return false, err
		}
		f.env[instr.(ssa.Value)] = v
		return true, nil
	}
	switch in := instr.(type) {
	case *ssa.DebugRef, *ssa.Phi:
		return true, nil
	case *ssa.Jump:
		return false, e.jump(s, in.Block().Succs[0])
	case *ssa.If:
		c, err := e.scalar(s, in.Cond)
		if err != nil {
			return false, err
		}
		d, err := e.branchAt(s, c, siteIf)
		if err != nil {
			return false, err
		}
		if d {
			return false, e.jump(s, in.Block().Succs[0])
		}
		return false, e.jump(s, in.Block().Succs[1])
	case *ssa.Return:
		return false, e.ret(s, in)
	case *ssa.Panic:
		v, err := e.value(s, in.X)
		if err != nil {
			return false, err
		}
		return false, &panicked{instr: in, msg: panicMessage(e, v), val: v}
	case *ssa.RunDefers:
		return e.runDefers(s)
	case *ssa.Defer:
		return true, e.deferCall(s, in)
	case *ssa.BinOp:
		return set(e.binop(s, in))
	case *ssa.UnOp:
		return set(e.unop(s, in))
	case *ssa.Convert:
		if fn, arg, ok := e.convertByModel(s, in); ok {
			return false, e.enter(s, in, callee{fn: fn, args: []Value{arg}}, false)
		}
		return set(e.convert(s, in))
	case *ssa.ChangeType:
		return set(e.value(s, in.X))
	case *ssa.ChangeInterface:
		return set(e.value(s, in.X))
	case *ssa.MakeInterface:
		v, err := e.value(s, in.X)
		return set(IfaceVal{T: in.X.Type(), V: v}, err)
	case *ssa.TypeAssert:
		return set(e.typeAssert(s, in))
	case *ssa.Extract:
		v, err := e.value(s, in.Tuple)
		if err != nil {
			return false, err
		}
		return set(v.(Struct)[in.Index], nil)
	case *ssa.MakeClosure:
		b := make([]Value, len(in.Bindings))
		for i, x := range in.Bindings {
			v, err := e.value(s, x)
			if err != nil {
				return false, err
			}
			b[i] = v
		}
		return set(FuncVal{Fn: in.Fn.(*ssa.Function), Bindings: b}, nil)
	case *ssa.Alloc:
		z, err := e.zero(in.Type().(*types.Pointer).Elem())
		if err != nil {
			return false, err
		}
		return set(PtrVal{Obj: s.alloc(z)}, nil)
	case *ssa.Store:
		p, err := e.value(s, in.Addr)
		if err != nil {
			return false, err
		}
		v, err := e.value(s, in.Val)
		if err != nil {
			return false, err
		}
		return true, e.storeAt(s, p, v)
	case *ssa.Field:
		v, err := e.value(s, in.X)
		if err != nil {
			return false, err
		}
		if o, ok := v.(Opaque); ok {
			return set(o, nil)
		}
		return set(v.(Struct)[in.Field], nil)
	case *ssa.FieldAddr:
		p, err := e.value(s, in.X)
		if err != nil {
			return false, err
		}
		return set(e.stepPtr(s, p, PathStep{Field: in.Field}))
	case *ssa.Index:
		return set(e.index(s, in))
	case *ssa.IndexAddr:
		return set(e.indexAddr(s, in))
	case *ssa.Slice:
		return set(e.slice(s, in))
	case *ssa.MakeSlice:
		return set(e.makeSlice(s, in))
	case *ssa.Lookup:
		if _, ok := in.X.Type().Underlying().(*types.Basic); ok {
			return set(e.stringIndex(s, in.X, in.Index))
		}
		return set(e.mapLookup(s, in))
	case *ssa.MakeMap:
		return set(PtrVal{Obj: s.alloc(MapObj{})}, nil)
	case *ssa.MapUpdate:
		return true, e.mapUpdate(s, in)
	case *ssa.Range:
		switch in.X.Type().Underlying().(type) {
		case *types.Basic, *types.Map:
		default:
			return false, e.unsup(in, "range over %s is not modelled", in.X.Type())
		}
		v, err := e.value(s, in.X)
		if err != nil {
			return false, err
		}
		return set(PtrVal{Obj: s.alloc(Struct{v, e.idx(0)})}, nil)
	case *ssa.Next:
		return e.next(s, in)
	case *ssa.Call:
		return e.call(s, in)
	case *ssa.MakeChan:
		return set(e.makeChan(s, in))
	case *ssa.Send:
		return true, e.chanSend(s, in)
	case *ssa.Select:
		return set(e.selectChan(s, in))
	}
	return false, e.unsup(instr, "instruction %T (%s) is not modelled", instr, instr)
}

func appendPath(p []PathStep, step PathStep) []PathStep {
	return append(append([]PathStep(nil), p...), step)
}

// jump moves the top frame to block to, evaluating to's phis together.
func (e *Executor) jump(s *State, to *ssa.BasicBlock) error {
	f := s.top()
	from := f.block
	if exit, ok, err := e.iteEnter(s, from, to); err != nil {
		return err
	} else if ok {
		from, to = exit, f.block // the loop ran: the frame is past its exit
	} else {
		n, err := e.phis(s, from, to)
		if err != nil {
			return err
		}
		f.prev, f.block, f.pc = from, to, n
		e.cover(to)
		if e.sides != nil {
			f.countTurn(to)
		}
	}
	if e.tracking() && e.forking() {
		e.enterBlock(s, f, from, to)
	}
	if fo := e.follow; fo != nil && fo.s == s {
		return fo.entered(f, from, to)
	}
	return nil
}

// phis binds the phis of to on the edge from→to in s's top frame and
// returns their number.
func (e *Executor) phis(s *State, from, to *ssa.BasicBlock) (int, error) {
	pred := -1
	for i, p := range to.Preds {
		if p == from {
			pred = i
			break
		}
	}
	var vals []Value
	for _, instr := range to.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		if pred < 0 {
			return 0, e.unsup(phi, "phi without the incoming edge")
		}
		v, err := e.value(s, phi.Edges[pred])
		if err != nil {
			return 0, err
		}
		vals = append(vals, v)
	}
	f := s.top()
	for i, v := range vals {
		f.env[to.Instrs[i].(*ssa.Phi)] = v
	}
	return len(vals), nil
}

// value is the current value of an SSA operand.
func (e *Executor) value(s *State, v ssa.Value) (Value, error) {
	switch v := v.(type) {
	case *ssa.Const:
		return e.constValue(v)
	case *ssa.Function:
		return FuncVal{Fn: v}, nil
	case *ssa.Global:
		return PtrVal{Obj: e.globalID(v)}, nil
	case *ssa.Builtin:
		return v, nil
	}
	x, ok := s.top().env[v]
	if !ok {
		return nil, e.unsup(nil, "value %s (%T) has no binding", v.Name(), v)
	}
	return x, nil
}

// scalar is the term of a scalar operand.
func (e *Executor) scalar(s *State, v ssa.Value) (term.Term, error) {
	x, err := e.value(s, v)
	if err != nil {
		return term.NoTerm, err
	}
	t, ok := x.(term.Term)
	if !ok {
		if o, ok := x.(Opaque); ok {
			return term.NoTerm, e.unsup(nil, "use of %s", o.What)
		}
		return term.NoTerm, e.unsup(nil, "operand %s is %T, not a scalar", v.Name(), x)
	}
	return t, nil
}

// pointer is a non-nil pointer operand, made concrete; nil panics.
func (e *Executor) pointer(s *State, v ssa.Value) (PtrVal, error) {
	x, err := e.value(s, v)
	if err != nil {
		return PtrVal{}, err
	}
	return e.derefable(s, x)
}

func (e *Executor) constValue(c *ssa.Const) (Value, error) {
	if c.Value == nil {
		return e.zero(c.Type())
	}
	b, ok := c.Type().Underlying().(*types.Basic)
	if !ok {
		return Opaque{What: "constant of type " + c.Type().String()}, nil
	}
	switch {
	case b.Info()&types.IsBoolean != 0:
		return e.st.Bool(constant.BoolVal(c.Value)), nil
	case b.Info()&types.IsString != 0:
		return e.constString(constant.StringVal(c.Value)), nil
	case b.Info()&types.IsInteger != 0:
		srt, err := e.sortOf(b)
		if err != nil {
			return nil, err
		}
		var u uint64
		if x, ok := constant.Uint64Val(c.Value); ok {
			u = x
		} else {
			x, _ := constant.Int64Val(c.Value)
			u = uint64(x)
		}
		return e.st.ConstUint64(e.st.Width(srt), u), nil
	case b.Info()&types.IsFloat != 0:
		return floatConst(e.st, b, c.Value), nil
	}
	return Opaque{What: "constant " + c.Value.String()}, nil
}

// constString is a string constant: a store chain over a zero array.
func (e *Executor) constString(str string) StringVal {
	if v, ok := e.strCache[str]; ok {
		return v
	}
	bs := e.st.ArraySort(e.idxSort(), e.st.BitVecSort(8))
	a, _ := e.st.ConstArray(bs, e.st.ConstUint64(8, 0))
	for i := 0; i < len(str); i++ {
		a = e.st.MustMake(term.OpStore, nil, a, e.idx(i), e.st.ConstUint64(8, uint64(str[i])))
	}
	v := StringVal{Bytes: a, Off: e.idx(0), Len: e.idx(len(str)), Max: len(str)}
	e.strCache[str] = v
	return v
}

func panicMessage(e *Executor, v Value) string {
	if iv, ok := v.(IfaceVal); ok {
		v = iv.V
	}
	if sv, ok := v.(StringVal); ok {
		if str, ok := e.concreteString(sv); ok {
			return str
		}
	}
	if iv, ok := v.(IfaceVal); ok && iv.T != nil {
		return "value of type " + iv.T.String()
	}
	return "explicit panic"
}

// concreteString returns the text of a string whose terms are all constant.
func (e *Executor) concreteString(sv StringVal) (string, bool) {
	n, ok := e.constInt(sv.Len)
	if !ok {
		return "", false
	}
	var b []byte
	for i := 0; i < int(n) && i < 4096; i++ {
		c := e.st.MustMake(term.OpSelect, nil, sv.Bytes, e.add(sv.Off, e.idx(i)))
		x, ok := e.constInt(c)
		if !ok {
			return "", false
		}
		b = append(b, byte(x))
	}
	return string(b), true
}

func (e *Executor) constInt(t term.Term) (uint64, bool) {
	if !e.st.IsConst(t) || e.st.Op(t) != term.OpBVConst {
		return 0, false
	}
	return e.st.Value(t).Uint64()
}
