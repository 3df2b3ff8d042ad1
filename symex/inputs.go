package symex

import (
	"fmt"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/smtlib"
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
// (struct fields in order). A pointer's V is its pointee's (nil for a nil
// pointer), a reader's what it reads: a string for a *strings.Reader, a
// []any of bytes for the others.
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

// ptrInput is a pointer parameter (or field) before a state allocates
// what it points to. isNil, when not term.NoTerm, is the Bool variable
// that says the pointer is nil: a pointer inside an input (a field, an
// element) is nil in some starting states and not in the others
// (startStates). A pointer parameter (a receiver, say) is never nil.
type ptrInput struct {
	elem  Value
	isNil term.Term
}

// maxNilCases bounds the pointers inside inputs that are nil in some
// starting states (2^maxNilCases states at most); the pointers after them
// are never nil.
const maxNilCases = 4

// maxPointerDepth bounds the pointers an input is built of: a pointer
// parameter and the pointer fields of what it points to point to symbolic
// values; the pointers in these are nil (recursive types end there).
const maxPointerDepth = 2

// CanBuildInputs reports whether Explore can build symbolic inputs for fn's
// parameters (a method's receiver first): nil, or why not.
func CanBuildInputs(fn *ssa.Function) error {
	if fn.TypeParams().Len() > 0 {
		return fmt.Errorf("generic; wrap an instantiation of it in a plain function")
	}
	if len(fn.Blocks) == 0 {
		return fmt.Errorf("no Go body")
	}
	e := &Executor{prog: &Program{Prog: fn.Prog, Fn: fn}, st: term.NewStore(), opts: Options{MaxLen: 1},
		strCache: map[string]StringVal{}}
	_, err := e.makeInputs(fn)
	return err
}

// makeInputs builds the symbolic parameters of fn and the constraints on
// their lengths.
func (e *Executor) makeInputs(fn *ssa.Function) ([]term.Term, error) {
	var pcs []term.Term
	e.inputs, e.nilFlags, e.privZero, e.nilFuncs, e.choices = nil, nil, nil, nil, nil
	for i, p := range fn.Params {
		flags := len(e.nilFlags)
		if !fn.Signature.Variadic() || i < len(fn.Params)-1 {
			if v, ok := e.ctorArg(p.Name(), p.Type(), &pcs); ok {
				e.inputs = append(e.inputs, &Input{Name: p.Name(), Type: p.Type(), val: v})
				continue
			}
		}
		var v Value
		err := errFuncOptions
		if !fn.Signature.Variadic() || i < len(fn.Params)-1 || !funcOptions(p.Type()) {
			// Functional options (opts ...Option, a func type) get
			// none: the only ones it could make are nil, which no
			// caller passes.
			v, err = e.symbolic(p.Name(), p.Type(), &pcs)
		}
		if err != nil && fn.Signature.Variadic() && i == len(fn.Params)-1 {
			// A variadic parameter of elements it cannot build gets
			// none: the call without them (opts ...Option, say).
			v, err = SliceVal{Off: e.idx(0), Len: e.idx(0), Cap: e.idx(0)}, nil
			e.nilFlags = e.nilFlags[:flags]
		}
		if err != nil {
			return nil, fmt.Errorf("parameter %s: %w", p.Name(), err)
		}
		e.inputs = append(e.inputs, &Input{Name: p.Name(), Type: p.Type(), val: v})
	}
	return pcs, nil
}

func (e *Executor) symbolic(name string, t types.Type, pcs *[]term.Term) (Value, error) {
	e.inputNest++
	defer func() { e.inputNest-- }()
	maxLen := e.idx(e.opts.MaxLen)
	if k := readerKindOf(t, e.prog.Prog); k != notReader {
		data, err := e.symbolic(name, k.dataType(), pcs)
		if err != nil {
			return nil, err
		}
		v, err := e.readerValue(t, k, data)
		if err != nil {
			return nil, err
		}
		return readerInput{kind: k, data: data, v: v}, nil
	}
	if it, ok := t.Underlying().(*types.Interface); ok && it.Empty() && e.inputNest == 1 {
		return e.destParam(name)
	}
	if v, ok, err := e.sinkValue(t); ok || err != nil {
		return v, err
	}
	if it, ok := t.Underlying().(*types.Interface); ok {
		if v, ok, err := e.ifaceValue(name, t, it, pcs); ok || err != nil {
			return v, err
		}
		// Only the loaded program's types are candidates (inputs_iface.go).
		return nil, fmt.Errorf("inputs of type %s are not modelled: no type of the loaded program that a test here can name implements it", t)
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		if !pointerLiteral(u) {
			break
		}
		if e.ptrDepth == maxPointerDepth {
			return PtrVal{}, nil // below the bound pointers are nil
		}
		e.ptrDepth++
		v, err := e.symbolic(name, u.Elem(), pcs)
		e.ptrDepth--
		if err != nil {
			return nil, err
		}
		p := ptrInput{elem: v, isNil: term.NoTerm}
		if e.inputNest > 1 && len(e.nilFlags) < maxNilCases {
			p.isNil = e.st.Var(name+".nil", e.st.BoolSort())
			e.nilFlags = append(e.nilFlags, p.isNil)
			e.modelTerms_ = append(e.modelTerms_, p.isNil)
		}
		return p, nil
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			bs := e.st.ArraySort(e.idxSort(), e.st.BitVecSort(8))
			n := e.st.Var(name+".len", e.idxSort())
			e.modelTerms_ = append(e.modelTerms_, n)
			*pcs = append(*pcs, e.ule(n, maxLen))
			a := e.st.Var(name, bs)
			e.addSelects(a, e.opts.MaxLen)
			if e.stringInputs == nil {
				e.stringInputs = map[term.Term]bool{}
			}
			e.stringInputs[a] = true
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
	case *types.Signature:
		if e.inputNest > 1 {
			// A func-typed field (or element) of an input: nil, said in
			// the summary (nil_funcs); a run with it is exhaustive over
			// the inputs whose func fields are nil.
			if len(e.nilFuncs) == 0 || e.nilFuncs[len(e.nilFuncs)-1] != funcFieldName(name) {
				e.nilFuncs = append(e.nilFuncs, funcFieldName(name))
			}
			return FuncVal{}, nil
		}
	case *types.Struct:
		if foreignOpaque(t, e.prog.Fn.Pkg.Pkg) {
			// Only its own package can set its unexported fields; a test
			// elsewhere can write its zero value (a sync.Mutex, say).
			return e.zero(t)
		}
		out := make(Struct, u.NumFields())
		for i := range out {
			private := !u.Field(i).Exported() && !e.inPrivate
			e.inPrivate = e.inPrivate || private
			v, err := e.symbolic(name+"."+u.Field(i).Name(), u.Field(i).Type(), pcs)
			if private {
				e.inPrivate = false
			}
			if err != nil {
				return nil, err
			}
			if private { // unexported.go
				e.privZero = append(e.privZero, e.unexportedZero(v))
			}
			out[i] = v
		}
		return out, nil
	}
	return nil, fmt.Errorf("inputs of type %s are not modelled", t)
}

// errFuncOptions marks a variadic parameter of functional options, which
// gets no arguments.
var errFuncOptions = fmt.Errorf("functional options")

// funcOptions reports whether slice type t has elements of a func type.
func funcOptions(t types.Type) bool {
	sl, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	_, ok = sl.Elem().Underlying().(*types.Signature)
	return ok
}

// funcFieldName is an input's name without its element indices, which
// name a func-typed field once for all its elements.
func funcFieldName(name string) string {
	if i := strings.IndexByte(name, '['); i >= 0 {
		return name[:i] + "[…]"
	}
	return name
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
func (e *Executor) bindInputs(s *State, vals []Value, params []*ssa.Parameter, nils map[term.Term]bool) []Value {
	out := make([]Value, len(vals))
	for i, v := range vals {
		before := len(s.mem)
		out[i] = e.bindValue(s, v, nils)
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

// bindValue allocates the objects of input value v in s; nils says which
// nilable pointers are nil in s.
func (e *Executor) bindValue(s *State, v Value, nils map[term.Term]bool) Value {
	switch x := v.(type) {
	case ptrInput:
		if x.isNil != term.NoTerm && nils[x.isNil] {
			return PtrVal{}
		}
		return PtrVal{Obj: s.alloc(e.bindValue(s, x.elem, nils))}
	case readerInput:
		return e.bindValue(s, x.v, nils)
	case ifaceInput:
		return e.bindIface(s, x, nils)
	case ctorInput:
		args := make([]Value, len(x.args))
		for i := range x.args {
			args[i] = e.bindValue(s, x.args[i], nils)
		}
		return ctorPending{fn: x.fn, args: args}
	case sinkInput:
		return e.bindValue(s, x.v, nils)
	case destInput:
		return e.bindDest(s, x, nils)
	case IfaceVal:
		return IfaceVal{T: x.T, V: e.bindValue(s, x.V, nils)}
	case SliceVal:
		if x.Obj == -1 {
			x.Obj = s.alloc(Backing{Elems: e.bindValue(s, x.elemsInit, nils)})
			x.elemsInit = nil
		}
		return x
	case Struct:
		out := make(Struct, len(x))
		for i := range x {
			out[i] = e.bindValue(s, x[i], nils)
		}
		return out
	case Vec:
		out := make(Vec, len(x))
		for i := range x {
			out[i] = e.bindValue(s, x[i], nils)
		}
		return out
	case ArrayVal:
		return ArrayVal{Elems: e.bindValue(s, x.Elems, nils), Len: x.Len}
	}
	return v
}

// startStates are the states an exploration of fn starts from, each with
// a model: one for every case of the nilable pointers (nil or not), each
// with the parameters bound and the input constraints pcs.
func (e *Executor) startStates(fn *ssa.Function, pcs []term.Term) ([]*State, error) {
	vals := make([]Value, len(e.inputs))
	for i, in := range e.inputs {
		vals[i] = in.val
	}
	var out []*State
	combos := e.choiceCombos()
	for n := 0; n < combos<<len(e.nilFlags); n++ {
		mask, cases := n&(1<<len(e.nilFlags)-1), e.choiceLits(n>>len(e.nilFlags))
		s := e.entryState(fn)
		nils := map[term.Term]bool{}
		for i, f := range e.nilFlags {
			nils[f] = mask&(1<<i) != 0
		}
		for _, c := range cases {
			nils[c] = true
		}
		for i, v := range e.bindInputs(s, vals, fn.Params, nils) {
			s.frames[0].env[fn.Params[i]] = v
		}
		e.startConstructors(s)
		for _, c := range pcs {
			e.addLit(s, c)
		}
		for _, f := range e.nilFlags {
			if nils[f] {
				e.addLit(s, f)
			} else {
				e.addLit(s, e.mk(term.OpNot, f))
			}
		}
		for _, c := range cases {
			e.addLit(s, c)
		}
		st, m, err := e.check(s, e.st.True())
		if err != nil {
			return nil, err
		}
		if st != smtlib.Sat {
			return nil, fmt.Errorf("symex: the input constraints are %s", st)
		}
		s.model = m
		out = append(out, s)
	}
	return out, nil
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
	case readerInput:
		return e.readValue(x.data, x.kind.dataType(), m)
	case ctorInput:
		return e.readCtor(x, m)
	case ifaceInput:
		return e.readIface(x, m)
	case sinkInput:
		return x.kind, nil
	case destInput:
		return e.readDest(x, m)
	case PtrVal:
		return nil, nil // a nil pointer below maxPointerDepth
	case FuncVal:
		return nil, nil // a func field, nil (Result.NilFuncs)
	case ptrInput:
		if x.isNil != term.NoTerm {
			if b, err := e.eval(x.isNil, m); err != nil || b.Bool {
				return nil, err
			}
		}
		return e.readValue(x.elem, t.Underlying().(*types.Pointer).Elem(), m)
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
	if c, ok := c.(CtorCall); ok {
		return e.concreteCtor(s, c)
	}
	if c, ok := c.(IfaceCase); ok {
		v, err := e.concreteValue(s, c.T, c.V)
		return IfaceVal{T: c.T, V: v}, err
	}
	if k, ok := c.(Sink); ok {
		v, _, err := e.sinkValue(t)
		if k.Dest {
			v, err = e.destValue(k.Shape)
		}
		if err != nil {
			return nil, err
		}
		return e.bindValue(s, v, nil), nil
	}
	if k := readerKindOf(t, e.prog.Prog); k != notReader {
		data, err := e.concreteValue(s, k.dataType(), c)
		if err != nil {
			return nil, err
		}
		v, err := e.readerValue(t, k, data)
		if err != nil {
			return nil, err
		}
		return e.bindValue(s, v, nil), nil
	}
	switch u := t.Underlying().(type) {
	case *types.Signature:
		return FuncVal{}, nil // nil: the only func input (Result.NilFuncs)
	case *types.Pointer:
		if c == nil {
			return PtrVal{}, nil
		}
		v, err := e.concreteValue(s, u.Elem(), c)
		if err != nil {
			return nil, err
		}
		return PtrVal{Obj: s.alloc(v)}, nil
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

// foreignOpaque reports whether t is a struct type of a package other
// than own with unexported fields: an input of it is its zero value.
func foreignOpaque(t types.Type, own *types.Package) bool {
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg() == own {
		return false
	}
	st := n.Underlying().(*types.Struct)
	for i := 0; i < st.NumFields(); i++ {
		if !st.Field(i).Exported() {
			return true
		}
	}
	return false
}

// pointerLiteral reports whether pointers of type p are inputs: they point
// to a struct or an array, which a generated test writes as &T{…}.
func pointerLiteral(p *types.Pointer) bool {
	switch p.Elem().Underlying().(type) {
	case *types.Struct, *types.Array:
		return true
	}
	return false
}

// goLiteral writes a concrete value as Go source of type t.
func goLiteral(t types.Type, c any, q types.Qualifier) string {
	if k, ok := c.(Sink); ok {
		return sinkLiteral(k, q)
	}
	if c, ok := c.(CtorCall); ok {
		return ctorLiteral(c, q)
	}
	if c, ok := c.(IfaceCase); ok {
		return goLiteral(c.T, c.V, q)
	}
	if k := builtReaderKind(t); k != notReader && c != nil {
		return readerLiteral(t, k, c, q)
	}
	switch u := t.Underlying().(type) {
	case *types.Signature:
		return "nil"
	case *types.Pointer:
		if c == nil {
			return "nil"
		}
		return "&" + goLiteral(u.Elem(), c, q)
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
		nils := 0
		for i, x := range xs {
			if parts[i] = goLiteral(et, x, q); parts[i] == "nil" {
				nils++
			}
		}
		if _, isArray := u.(*types.Array); isArray && nils == len(xs) {
			parts = nil // an array of nils is the zero array
		}
		return types.TypeString(t, q) + "{" + strings.Join(parts, ", ") + "}"
	case *types.Struct:
		xs := c.([]any)
		var parts []string
		for i, x := range xs {
			f := u.Field(i)
			if !f.Exported() && q != nil && q(f.Pkg()) != "" {
				continue // zero: a foreign struct's unexported fields are (foreignOpaque)
			}
			parts = append(parts, f.Name()+": "+goLiteral(f.Type(), x, q))
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
