package symex

import (
	"fmt"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// Input is one symbolic parameter of the entry function.
type Input struct {
	Name string
	Type types.Type
	val  Value // the symbolic value, before any state allocates its objects
}

// InputValue is a concrete parameter value read from a model. V is uint64
// (integers, as bits), bool, string, []any (slices and arrays) or []any
// (struct fields in order).
type InputValue struct {
	Name string
	Type types.Type
	V    any
}

// seqInput is a slice parameter before a state gives it a backing object.
type seqInput struct {
	elems term.Term
	n     term.Term
}

// makeInputs builds the symbolic parameters of fn and the constraints on
// their lengths.
func (e *Executor) makeInputs(fn *ssa.Function) ([]term.Term, error) {
	var pcs []term.Term
	e.inputs = nil
	for _, p := range fn.Params {
		v, err := e.symbolic(p.Name(), p.Type(), &pcs)
		if err != nil {
			return nil, fmt.Errorf("parameter %s: %w", p.Name(), err)
		}
		e.inputs = append(e.inputs, &Input{Name: p.Name(), Type: p.Type(), val: v})
	}
	return pcs, nil
}

func (e *Executor) symbolic(name string, t types.Type, pcs *[]term.Term) (Value, error) {
	maxLen := e.idx(e.opts.MaxLen)
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			bs := e.st.ArraySort(e.idxSort(), e.st.BitVecSort(8))
			n := e.st.Var(name+".len", e.idxSort())
			e.modelTerms_ = append(e.modelTerms_, n)
			*pcs = append(*pcs, e.ule(n, maxLen))
			a := e.st.Var(name, bs)
			e.addSelects(a, e.opts.MaxLen)
			return StringVal{Bytes: a, Off: e.idx(0), Len: n, Max: e.opts.MaxLen}, nil
		}
		srt, err := e.sortOf(u)
		if err != nil {
			return nil, err
		}
		if x, ok := e.opts.Fixed[name]; ok && u.Info()&types.IsInteger != 0 {
			return e.st.ConstUint64(e.st.Width(srt), uint64(x)), nil
		}
		if x, ok := e.opts.Fixed[name]; ok && e.st.IsFloat(srt) { // the float's encoding
			return floatFromBits(e.st, e.st.FloatFormat(srt), uint64(x)), nil
		}
		v := e.st.Var(name, srt)
		e.modelTerms_ = append(e.modelTerms_, v)
		return v, nil
	case *types.Slice:
		el, err := e.liftedVar(name, u.Elem(), e.opts.MaxLen, pcs)
		if err != nil {
			return nil, err
		}
		n := e.st.Var(name+".len", e.idxSort())
		e.modelTerms_ = append(e.modelTerms_, n)
		*pcs = append(*pcs, e.ule(n, maxLen))
		return SliceVal{Obj: -1, Off: e.idx(0), Len: n, Cap: n, Max: e.opts.MaxLen, elemsInit: el}, nil
	case *types.Array:
		el, err := e.liftedVar(name, u.Elem(), int(u.Len()), pcs)
		if err != nil {
			return nil, err
		}
		return ArrayVal{Elems: el, Len: int(u.Len())}, nil
	case *types.Struct:
		out := make(Struct, u.NumFields())
		for i := range out {
			v, err := e.symbolic(name+"."+u.Field(i).Name(), u.Field(i).Type(), pcs)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	}
	return nil, fmt.Errorf("inputs of type %s are not modelled", t)
}

// liftedVar is an array of n fresh symbolic elements of type t: lifted, or
// a Vec of symbolic values.
func (e *Executor) liftedVar(name string, t types.Type, n int, pcs *[]term.Term) (Value, error) {
	if !liftable(t) {
		v := make(Vec, n)
		for i := range v {
			x, err := e.symbolic(fmt.Sprintf("%s[%d]", name, i), t, pcs)
			if err != nil {
				return nil, err
			}
			v[i] = x
		}
		return v, nil
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		srt, err := e.sortOf(u)
		if err != nil {
			return nil, err
		}
		a := e.st.Var(name, e.st.ArraySort(e.idxSort(), srt))
		e.addSelects(a, n)
		return a, nil
	case *types.Struct:
		out := make(Struct, u.NumFields())
		for i := range out {
			v, err := e.liftedVar(name+"."+u.Field(i).Name(), u.Field(i).Type(), n, pcs)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	}
	return nil, fmt.Errorf("elements of type %s are not modelled", t)
}

func (e *Executor) addSelects(a term.Term, n int) {
	for i := 0; i < n; i++ {
		e.modelTerms_ = append(e.modelTerms_, e.mk(term.OpSelect, a, e.idx(i)))
	}
}

// modelTerms are the scalar terms whose values determine a concrete input:
// what a pipe solver is asked with get-value.
func (e *Executor) modelTerms() []term.Term { return e.modelTerms_ }

// bindInputs gives slice inputs their backing objects in s and returns the
// parameter values. With merging on, each backing object is recorded as
// its parameter's (merge.VarID's Site, for QHV's taint): it is allocated
// before the entry function runs its first instruction.
func (e *Executor) bindInputs(s *State, vals []Value, params []*ssa.Parameter) []Value {
	out := make([]Value, len(vals))
	for i, v := range vals {
		before := len(s.mem)
		out[i] = e.bindValue(s, v)
		if e.sites != nil && i < len(params) && len(s.mem) > before {
			for id := range s.mem {
				if _, ok := e.sites.params[id]; !ok && e.sites.siteOf(id) != nil {
					e.sites.params[id] = params[i]
				}
			}
		}
	}
	return out
}

func (e *Executor) bindValue(s *State, v Value) Value {
	switch x := v.(type) {
	case SliceVal:
		if x.Obj == -1 {
			x.Obj = s.alloc(Backing{Elems: e.bindValue(s, x.elemsInit)})
			x.elemsInit = nil
		}
		return x
	case Struct:
		out := make(Struct, len(x))
		for i := range x {
			out[i] = e.bindValue(s, x[i])
		}
		return out
	case Vec:
		out := make(Vec, len(x))
		for i := range x {
			out[i] = e.bindValue(s, x[i])
		}
		return out
	case ArrayVal:
		return ArrayVal{Elems: e.bindValue(s, x.Elems), Len: x.Len}
	}
	return v
}

// concreteInputs reads every input's value from model m.
func (e *Executor) concreteInputs(m *term.Model) ([]InputValue, error) {
	out := make([]InputValue, len(e.inputs))
	for i, in := range e.inputs {
		c, err := e.readValue(in.val, in.Type, m)
		if err != nil {
			return nil, err
		}
		out[i] = InputValue{Name: in.Name, Type: in.Type, V: c}
	}
	return out, nil
}

func (e *Executor) evalUint(t term.Term, m *term.Model) (uint64, error) {
	v, err := e.eval(t, m)
	if err != nil {
		return 0, err
	}
	x, _ := v.BV.Uint64()
	return x, nil
}

// eval evaluates t under m (modelEval).
func (e *Executor) eval(t term.Term, m *term.Model) (term.Value, error) {
	return e.modelEval(m).Eval(t)
}

// modelEval returns an evaluator under m. It keeps what it computed while
// it is asked about the same model: a path's model evaluates the path's
// branch conditions one after another, and then its inputs, and these
// share most of their subterms. Models are never changed once made, and
// the evaluator holds m, so its address cannot be reused by another.
func (e *Executor) modelEval(m *term.Model) *term.Evaluator {
	if e.modelEv == nil {
		e.modelEv = term.NewEvaluator(e.st, m)
	} else if e.modelEvOf != m {
		e.modelEv.Reset(m)
	}
	e.modelEvOf = m
	return e.modelEv
}

func (e *Executor) readValue(v Value, t types.Type, m *term.Model) (any, error) {
	switch x := v.(type) {
	case term.Term:
		if e.st.IsBool(e.st.SortOf(x)) {
			b, err := e.eval(x, m)
			return b.Bool, err
		}
		return e.evalUint(x, m)
	case StringVal:
		n, err := e.evalUint(x.Len, m)
		if err != nil {
			return nil, err
		}
		b := make([]byte, n)
		for i := range b {
			c, err := e.evalUint(e.mk(term.OpSelect, x.Bytes, e.add(x.Off, e.idx(i))), m)
			if err != nil {
				return nil, err
			}
			b[i] = byte(c)
		}
		return string(b), nil
	case SliceVal:
		n, err := e.evalUint(x.Len, m)
		if err != nil {
			return nil, err
		}
		return e.readElems(x.elemsInit, int(n), t.Underlying().(*types.Slice).Elem(), m)
	case ArrayVal:
		return e.readElems(x.Elems, x.Len, t.Underlying().(*types.Array).Elem(), m)
	case Struct:
		st := t.Underlying().(*types.Struct)
		out := make([]any, len(x))
		for i := range x {
			c, err := e.readValue(x[i], st.Field(i).Type(), m)
			if err != nil {
				return nil, err
			}
			out[i] = c
		}
		return out, nil
	}
	return nil, fmt.Errorf("cannot read %T", v)
}

func (e *Executor) readElems(el Value, n int, et types.Type, m *term.Model) (any, error) {
	out := make([]any, n)
	for i := range out {
		v, err := e.liftSelect(el, e.idx(i))
		if err != nil {
			return nil, err
		}
		if out[i], err = e.readValue(v, et, m); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// concreteValue turns a concrete input back into an executor value made of
// constant terms, for a concrete re-run.
func (e *Executor) concreteValue(s *State, t types.Type, c any) (Value, error) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			return e.constString(c.(string)), nil
		}
		if b, ok := c.(bool); ok {
			return e.st.Bool(b), nil
		}
		srt, err := e.sortOf(u)
		if err != nil {
			return nil, err
		}
		if e.st.IsFloat(srt) {
			return floatFromBits(e.st, e.st.FloatFormat(srt), c.(uint64)), nil
		}
		return e.st.ConstUint64(e.st.Width(srt), c.(uint64)), nil
	case *types.Slice:
		xs := c.([]any)
		el, err := e.concreteElems(s, u.Elem(), xs)
		if err != nil {
			return nil, err
		}
		n := e.idx(len(xs))
		return SliceVal{Obj: s.alloc(Backing{Elems: el}), Off: e.idx(0), Len: n, Cap: n, Max: len(xs)}, nil
	case *types.Array:
		el, err := e.concreteElems(s, u.Elem(), c.([]any))
		if err != nil {
			return nil, err
		}
		return ArrayVal{Elems: el, Len: int(u.Len())}, nil
	case *types.Struct:
		xs := c.([]any)
		out := make(Struct, len(xs))
		for i := range xs {
			v, err := e.concreteValue(s, u.Field(i).Type(), xs[i])
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	}
	return nil, fmt.Errorf("cannot build a concrete %s", t)
}

func (e *Executor) concreteElems(s *State, et types.Type, xs []any) (Value, error) {
	el, err := e.liftedZero(et, len(xs))
	if err != nil {
		return nil, err
	}
	for i, x := range xs {
		v, err := e.concreteValue(s, et, x)
		if err != nil {
			return nil, err
		}
		if el, err = e.liftStore(el, e.idx(i), v); err != nil {
			return nil, err
		}
	}
	return el, nil
}

// goLiteral writes a concrete value as Go source of type t.
func goLiteral(t types.Type, c any, q types.Qualifier) string {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch x := c.(type) {
		case string:
			return strconv.Quote(x)
		case bool:
			return strconv.FormatBool(x)
		case uint64:
			if u.Info()&types.IsFloat != 0 {
				lit := floatLiteral(u.Kind(), x)
				if types.Unalias(t) != types.Typ[u.Kind()] && strings.HasPrefix(lit, "math.") {
					lit = types.TypeString(t, q) + "(" + lit + ")"
				}
				return lit
			}
			if u.Info()&types.IsUnsigned != 0 {
				return strconv.FormatUint(x, 10)
			}
			w := map[types.BasicKind]uint{types.Int8: 8, types.Int16: 16, types.Int32: 32}[u.Kind()]
			if w == 0 {
				return strconv.FormatInt(int64(x), 10)
			}
			return strconv.FormatInt(int64(x<<(64-w))>>(64-w), 10)
		}
	case *types.Slice, *types.Array:
		var et types.Type
		if sl, ok := u.(*types.Slice); ok {
			et = sl.Elem()
		} else {
			et = u.(*types.Array).Elem()
		}
		xs := c.([]any)
		parts := make([]string, len(xs))
		for i, x := range xs {
			parts[i] = goLiteral(et, x, q)
		}
		return types.TypeString(t, q) + "{" + strings.Join(parts, ", ") + "}"
	case *types.Struct:
		xs := c.([]any)
		parts := make([]string, len(xs))
		for i, x := range xs {
			parts[i] = u.Field(i).Name() + ": " + goLiteral(u.Field(i).Type(), x, q)
		}
		return types.TypeString(t, q) + "{" + strings.Join(parts, ", ") + "}"
	}
	return fmt.Sprintf("%v", c)
}

// ResultValue is what a returning path's input makes one result of the
// entry function be: a concrete value of a basic type (as InputValue.V),
// or only whether a reference (pointer, slice, map, function, interface)
// is nil. Kind is "value", "nil", "non-nil" or "" when neither is known.
type ResultValue struct {
	Kind string
	V    any
}

// concreteResults reads the entry function's results from model m.
func (e *Executor) concreteResults(ret Value, m *term.Model) []ResultValue {
	res := e.prog.Fn.Signature.Results()
	vals := []Value{ret}
	if res.Len() != 1 {
		st, _ := ret.(Struct)
		vals = st
	}
	out := make([]ResultValue, res.Len())
	for i := range out {
		if i >= len(vals) {
			break
		}
		out[i] = e.resultValue(vals[i], res.At(i).Type(), m)
	}
	return out
}

func (e *Executor) resultValue(v Value, t types.Type, m *term.Model) ResultValue {
	nilness := func(isNil bool) ResultValue {
		if isNil {
			return ResultValue{Kind: "nil"}
		}
		return ResultValue{Kind: "non-nil"}
	}
	switch x := v.(type) {
	case term.Term, StringVal:
		if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&(types.IsInteger|types.IsFloat|types.IsBoolean|types.IsString) != 0 {
			if c, err := e.readValue(x, t, m); err == nil {
				return ResultValue{Kind: "value", V: c}
			}
		}
	case PtrVal:
		return nilness(x.Obj == 0)
	case SliceVal:
		return nilness(x.Obj == 0)
	case FuncVal:
		return nilness(x.Fn == nil)
	case IfaceVal:
		return nilness(x.T == nil)
	}
	return ResultValue{}
}
