package symex

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// Program is a loaded Go program: its SSA, the entry function and the models
// that stand in for functions the executor cannot run (assembly, unsafe).
type Program struct {
	Prog   *ssa.Program
	Pkg    *ssa.Package
	Fn     *ssa.Function
	models map[string]*ssa.Function // "pkgpath.Name" → model function
	decode *ssa.Function            // the UTF-8 step of range over a string
}

// Load loads the package matched by pattern (relative to dir, "" for the
// current directory) and finds the function called fnName in it. fnName may be
// "Type.Method" for a method with a value or pointer receiver.
func Load(dir, pattern, fnName string) (*Program, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedImports | packages.NeedDeps,
		Dir:   dir,
		Tests: false,
	}
	pkgs, err := packages.Load(cfg, pattern)
	if err != nil {
		return nil, fmt.Errorf("symex: loading %s: %w", pattern, err)
	}
	if len(pkgs) != 1 {
		return nil, fmt.Errorf("symex: pattern %s matches %d packages, want 1", pattern, len(pkgs))
	}
	var errs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			errs = append(errs, e.Error())
		}
	})
	if len(errs) > 0 {
		return nil, fmt.Errorf("symex: %s", strings.Join(errs, "; "))
	}
	prog, ssaPkgs := ssautil.AllPackages(pkgs, ssa.InstantiateGenerics)
	prog.Build()
	p := &Program{Prog: prog, Pkg: ssaPkgs[0]}
	if p.Pkg == nil {
		return nil, fmt.Errorf("symex: no SSA for %s", pattern)
	}
	p.Fn = findFunc(prog, p.Pkg, fnName)
	if p.Fn == nil {
		return nil, fmt.Errorf("symex: no function %s in %s", fnName, p.Pkg.Pkg.Path())
	}
	if p.Fn.TypeParams().Len() > 0 {
		return nil, fmt.Errorf("symex: %s is generic; wrap an instantiation of it in a plain function", fnName)
	}
	if err := p.loadModels(); err != nil {
		return nil, err
	}
	return p, nil
}

func findFunc(prog *ssa.Program, pkg *ssa.Package, name string) *ssa.Function {
	typ, meth, isMethod := strings.Cut(name, ".")
	if !isMethod {
		return pkg.Func(name)
	}
	t := pkg.Type(typ)
	if t == nil {
		return nil
	}
	for _, recv := range []types.Type{t.Type(), types.NewPointer(t.Type())} {
		if sel := prog.MethodSets.MethodSet(recv).Lookup(pkg.Pkg, meth); sel != nil {
			return prog.MethodValue(sel)
		}
	}
	return nil
}

// loadModels type-checks the embedded model source (no imports) into the
// same SSA program, so that model functions run like any other code.
func (p *Program) loadModels() error {
	fset := p.Prog.Fset
	f, err := parser.ParseFile(fset, "siftmodels.go", modelSource, parser.SkipObjectResolution)
	if err != nil {
		return fmt.Errorf("symex: models: %w", err)
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Implicits: map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{}, Scopes: map[ast.Node]*types.Scope{},
		Instances: map[*ast.Ident]types.Instance{}, FileVersions: map[*ast.File]string{},
	}
	tpkg, err := (&types.Config{}).Check("siftmodels", fset, []*ast.File{f}, info)
	if err != nil {
		return fmt.Errorf("symex: models: %w", err)
	}
	mp := p.Prog.CreatePackage(tpkg, []*ast.File{f}, info, false)
	mp.Build()
	p.models = map[string]*ssa.Function{}
	p.decode = mp.Func("decodeRune")
	for name, m := range mp.Members {
		fn, ok := m.(*ssa.Function)
		if !ok {
			continue
		}
		// Model names spell the modelled function with '_' for '/' and '.'
		// and a double underscore before the function name.
		pkgPart, fnPart, ok := strings.Cut(name, "__")
		if !ok {
			continue
		}
		p.models[strings.ReplaceAll(pkgPart, "_", "/")+"."+fnPart] = fn
	}
	return nil
}

// model returns the model standing in for fn, or nil.
func (p *Program) model(fn *ssa.Function) *ssa.Function {
	if fn.Pkg == nil || fn.Signature.Recv() != nil {
		return nil
	}
	return p.models[fn.Pkg.Pkg.Path()+"."+fn.Name()]
}

// WithFunc returns the same loaded program with another entry function of
// the same package.
func (p *Program) WithFunc(name string) (*Program, error) {
	fn := findFunc(p.Prog, p.Pkg, name)
	if fn == nil {
		return nil, fmt.Errorf("symex: no function %s in %s", name, p.Pkg.Pkg.Path())
	}
	q := *p
	q.Fn = fn
	return &q, nil
}
