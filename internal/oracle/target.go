package oracle

import (
	"fmt"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/symex"
)

// Target is one function to compare: where to load it from, the bound on
// its string and slice inputs, and the integer parameters held fixed.
type Target struct {
	Dir     string           // directory to load from (the module's)
	Pkg     string           // package pattern, relative to Dir
	Func    string           // a plain function of the package
	MaxLen  int              // bound on string and slice lengths, both sides
	Fixed   map[string]int64 // parameters held at a value, both sides
	OwnCode bool             // the package is the oracle's or the tests': every function of it counts for coverage
}

func (t Target) String() string {
	pkg := t.Pkg
	if strings.HasPrefix(pkg, ".") {
		pkg = filepath.Base(filepath.Join(t.Dir, pkg))
	}
	return pkg + "." + t.Func
}

// paramKind is what the oracle can enumerate and pass to a parameter.
type paramKind int

const (
	kindString paramKind = iota
	kindBytes
	kindBool
	kindInt  // a signed integer of width bits
	kindUint // an unsigned one
)

// param is one parameter of the target as the harness passes it.
type param struct {
	name  string
	typ   types.Type
	kind  paramKind
	width int // of kindInt and kindUint
}

// loaded is a target with its SSA: the program symex explores and the
// parameters the harness fills.
type loaded struct {
	Target
	prog   *symex.Program
	params []param
	dir    string // the package's source directory
}

// params reads fn's parameters; a type the oracle cannot enumerate is an
// error naming it.
func params(fn *ssa.Function) ([]param, error) {
	if fn.Signature.Recv() != nil {
		return nil, fmt.Errorf("%s: methods are not compared", fn)
	}
	var out []param
	for i := 0; i < fn.Signature.Params().Len(); i++ {
		v := fn.Signature.Params().At(i)
		p := param{name: v.Name(), typ: v.Type()}
		var ok bool
		if p.kind, p.width, ok = kindOf(v.Type()); !ok {
			return nil, fmt.Errorf("%s: parameter %s of type %s", fn, v.Name(), v.Type())
		}
		out = append(out, p)
	}
	return out, nil
}

// kindOf is how the oracle passes a value of type t (ok false: it does
// not).
func kindOf(t types.Type) (paramKind, int, bool) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Kind() == types.String:
			return kindString, 0, true
		case u.Kind() == types.Bool:
			return kindBool, 0, true
		case u.Info()&types.IsUnsigned != 0:
			return kindUint, int(symex.IntBits(u)), true
		case u.Info()&types.IsInteger != 0:
			return kindInt, int(symex.IntBits(u)), true
		}
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Uint8 {
			return kindBytes, 0, true
		}
	}
	return 0, 0, false
}

// load loads t's package (or reuses base, a program of the same package)
// and checks its parameters.
func load(t Target, base *symex.Program) (*loaded, error) {
	var p *symex.Program
	var err error
	if base != nil {
		p, err = base.WithFunc(t.Func)
	} else {
		p, err = symex.Load(t.Dir, t.Pkg, t.Func)
	}
	if err != nil {
		return nil, err
	}
	if len(p.Fn.Blocks) == 0 {
		return nil, fmt.Errorf("%s has no body", p.Fn)
	}
	ps, err := params(p.Fn)
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(p.Prog.Fset.Position(p.Fn.Pos()).Filename)
	return &loaded{Target: t, prog: p, params: ps, dir: dir}, nil
}

// supportedFunc reports whether obj is a plain, non-generic function whose
// parameters the oracle passes (and at least one of them).
func supportedFunc(obj types.Object) bool {
	fn, ok := obj.(*types.Func)
	if !ok || fn.Name() == "init" || fn.Name() == "main" {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil || sig.TypeParams().Len() > 0 || sig.Variadic() || sig.Params().Len() == 0 {
		return false
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if _, _, ok := kindOf(sig.Params().At(i).Type()); !ok {
			return false
		}
	}
	return true
}
