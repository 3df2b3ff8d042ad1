package symex

import (
	"cmp"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// A receiver (or a parameter) whose type has unexported fields is,
// outside its package, only ever a value that one of the package's
// functions made: a caller writes NewSmartypantsRenderer(flags).Process(…)
// or Parse(text, parser.NewWithExtensions(ext)), never a literal of the
// unexported fields. Such an input is built by running that constructor
// on symbolic arguments before the entry: the constructors' frames run
// first, on top of the entry's, and each result becomes its input. The
// generated test writes the calls.

// ctorInput is an input built by a constructor: fn on the symbolic
// arguments args (inputs, not yet bound to a state).
type ctorInput struct {
	fn   *ssa.Function
	args []Value
}

// ctorPending is a constructor call bound to a state, waiting to run:
// the entry frame's input until startConstructors pushes its frame.
type ctorPending struct {
	fn   *ssa.Function
	args []Value
}

// CtorCall is the concrete value (InputValue.V) of an input built by a
// constructor: the call of Fn on Args.
type CtorCall struct {
	Fn   *ssa.Function
	Args []InputValue
}

// constructorOf is the function that builds inputs of type t, nil when
// there is none: t is T or *T for a named struct type T with an
// unexported field, of a package a test of the entry's may import, and
// the constructor an exported, non-generic function of T's package named
// New… whose one result has type t. Of several, the one named New+T wins,
// then the one with the most parameters (symbolic, they range over what
// the others fix), then by name.
func (e *Executor) constructorOf(t types.Type) *ssa.Function {
	named, _ := types.Unalias(t).(*types.Named)
	if p, ok := t.(*types.Pointer); ok {
		named, _ = types.Unalias(p.Elem()).(*types.Named)
	}
	if named == nil || named.Obj().Pkg() == nil || !hasUnexportedField(named) || e.prog.Fn.Pkg == nil {
		return nil
	}
	pkg := e.prog.Prog.Package(named.Obj().Pkg())
	if pkg == nil || !importable(pkg.Pkg.Path(), e.prog.Fn.Pkg.Pkg.Path()) {
		return nil
	}
	var cands []*ssa.Function
	for _, m := range pkg.Members {
		fn, ok := m.(*ssa.Function)
		if !ok || fn.Object() == nil || !fn.Object().Exported() || !strings.HasPrefix(fn.Name(), "New") || generic(fn) || len(fn.Blocks) == 0 {
			continue
		}
		res := fn.Signature.Results()
		if res.Len() == 1 && types.Identical(res.At(0).Type(), t) {
			cands = append(cands, fn)
		}
	}
	if len(cands) == 0 {
		return nil
	}
	own := "New" + named.Obj().Name()
	return slices.MinFunc(cands, func(a, b *ssa.Function) int {
		return cmp.Or(cmp.Compare(b2i(a.Name() != own), b2i(b.Name() != own)),
			cmp.Compare(len(b.Params), len(a.Params)), cmp.Compare(a.Name(), b.Name()))
	})
}

// hasUnexportedField reports whether named is a struct type with an
// unexported field.
func hasUnexportedField(named *types.Named) bool {
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if !f.Exported() {
			return true
		}
	}
	return false
}

// ctorArg builds the input named name of type t by its constructor;
// false when t has none, its arguments cannot be built or another input
// of the entry is built by one (the input is then built from its fields).
func (e *Executor) ctorArg(name string, t types.Type, pcs *[]term.Term) (Value, bool) {
	for _, in := range e.inputs {
		if _, ok := in.val.(ctorInput); ok {
			return nil, false
		}
	}
	ctor := e.constructorOf(t)
	if ctor == nil {
		return nil, false
	}
	flags, funcs, priv := len(e.nilFlags), len(e.nilFuncs), len(e.privZero)
	args := make([]Value, len(ctor.Params))
	for i, p := range ctor.Params {
		v, err := e.symbolic(name+"."+p.Name(), p.Type(), pcs)
		if err != nil && ctor.Signature.Variadic() && i == len(ctor.Params)-1 {
			v, err = SliceVal{Off: e.idx(0), Len: e.idx(0), Cap: e.idx(0)}, nil
		}
		if err != nil {
			e.nilFlags, e.nilFuncs, e.privZero = e.nilFlags[:flags], e.nilFuncs[:funcs], e.privZero[:priv]
			return nil, false
		}
		args[i] = v
	}
	return ctorInput{fn: ctor, args: args}, true
}

// startConstructors pushes the frame of s's input's constructor, when an
// input has one (one input at most: its result goes to the frame below,
// the entry's), and the entry frame resumes at its first instruction once
// it has returned (retValue advances it from -1).
func (e *Executor) startConstructors(s *State) {
	entry := s.frames[0]
	for _, p := range entry.fn.Params {
		c, ok := entry.env[p].(ctorPending)
		if !ok {
			continue
		}
		delete(entry.env, p)
		entry.pc = -1
		nf := &frame{fn: c.fn, block: c.fn.Blocks[0], env: make(map[ssa.Value]Value, len(c.args)),
			call: p, stack: e.callerStack(entry)}
		for i, q := range c.fn.Params {
			nf.env[q] = c.args[i]
		}
		s.frames = append(s.frames, nf)
		e.cover(nf.block)
		return
	}
}

// readCtor reads a constructor receiver's concrete arguments from m.
func (e *Executor) readCtor(x ctorInput, m *term.Model) (any, error) {
	args := make([]InputValue, len(x.args))
	for i, p := range x.fn.Params {
		c, err := e.readValue(x.args[i], p.Type(), m)
		if err != nil {
			return nil, err
		}
		args[i] = InputValue{Name: p.Name(), Type: p.Type(), V: c}
	}
	return CtorCall{Fn: x.fn, Args: args}, nil
}

// concreteCtor is a constructor receiver's concrete call bound to s.
func (e *Executor) concreteCtor(s *State, c CtorCall) (Value, error) {
	args := make([]Value, len(c.Args))
	for i, a := range c.Args {
		v, err := e.concreteValue(s, a.Type, a.V)
		if err != nil {
			return nil, err
		}
		args[i] = v
	}
	return ctorPending{fn: c.Fn, args: args}, nil
}

// ctorLiteral is Go source of the call c.
func ctorLiteral(c CtorCall, q types.Qualifier) string {
	name := ctorName(c.Fn, q)
	args := make([]string, len(c.Args))
	for i, a := range c.Args {
		args[i] = goLiteral(a.Type, a.V, q)
	}
	if c.Fn.Signature.Variadic() && len(args) > 0 {
		args[len(args)-1] += "..."
	}
	return name + "(" + strings.Join(args, ", ") + ")"
}

// ctorName is constructor fn as Go source qualified by q (by its
// package's name when q is nil).
func ctorName(fn *ssa.Function, q types.Qualifier) string {
	p := fn.Pkg.Pkg.Name()
	if q != nil {
		p = q(fn.Pkg.Pkg)
	}
	if p == "" {
		return fn.Name()
	}
	return p + "." + fn.Name()
}
