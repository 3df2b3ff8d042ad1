package symex

import (
	"cmp"
	"errors"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// Entries are the package's exported functions and the exported methods
// (value and pointer receivers) declared on its exported named types, in
// source order: what package mode explores. Interfaces' methods have no
// body to run and are left out; generic ones are listed (Explorable says
// why they are not explored).
func (p *Program) Entries() []*ssa.Function {
	var out []*ssa.Function
	scope := p.Pkg.Pkg.Scope()
	for _, name := range scope.Names() {
		switch obj := scope.Lookup(name).(type) {
		case *types.Func:
			if obj.Exported() {
				out = append(out, p.Prog.FuncValue(obj))
			}
		case *types.TypeName:
			named, ok := obj.Type().(*types.Named)
			if !ok || !obj.Exported() || obj.IsAlias() || types.IsInterface(named) {
				continue
			}
			for m := range named.Methods() {
				if m.Exported() {
					out = append(out, p.Prog.FuncValue(m))
				}
			}
		}
	}
	fset := p.Prog.Fset
	slices.SortStableFunc(out, func(a, b *ssa.Function) int {
		pa, pb := fset.Position(a.Pos()), fset.Position(b.Pos())
		return cmp.Or(cmp.Compare(pa.Filename, pb.Filename), cmp.Compare(pa.Offset, pb.Offset))
	})
	return out
}

// Explorable reports why fn cannot be explored, nil when it can: a generic
// function (only its instantiations run), a function without a Go body
// (assembly), or parameters the input builder cannot make (InputsError).
func (p *Program) Explorable(fn *ssa.Function) error {
	switch {
	case generic(fn):
		return errors.New("generic: explore a plain function that calls an instantiation of it")
	case len(fn.Blocks) == 0:
		return errors.New("no Go body (assembly or go:linkname)")
	}
	return p.InputsError(fn)
}

// InputsError reports whether the executor can make symbolic inputs for
// fn's parameters (a method's receiver first), nil when it can and why
// not otherwise. It asks the one input builder (makeInputs, inputs.go),
// on a scratch store and with inputs of length 1, so every input kind the
// builder learns is one package mode explores.
func (p *Program) InputsError(fn *ssa.Function) error {
	e := &Executor{prog: p.withEntry(fn), st: term.NewStore(), opts: Options{MaxLen: 1}}
	if _, err := e.makeInputs(fn); err != nil {
		return err
	}
	return nil
}
