package symex

import (
	"embed"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// Program is a loaded Go program: its SSA, the entry function and the models
// that stand in for functions the executor cannot run (assembly, unsafe).
type Program struct {
	Prog     *ssa.Program
	Pkg      *ssa.Package
	Fn       *ssa.Function
	models   map[string]*ssa.Function // modelled function (ssa String()) → model
	modelPkg *ssa.Package             // the models and intrinsics
	decode   *ssa.Function            // the UTF-8 step of range over a string
	// runtimeError is the dynamic type of what recover returns for a
	// run-time panic.
	runtimeError types.Type
	// modelOf memoizes model (*ssa.Function → *ssa.Function) for all
	// the executors of the program, which may run at once.
	modelOf *sync.Map
	// exprPos holds, for each block of Pkg's functions, the positions of
	// the source expressions it evaluates (debug references, taken out of
	// the instructions): the statements --coverprofile counts as covered.
	exprPos map[*ssa.BasicBlock][]token.Pos
}

// Load loads the package matched by pattern (relative to dir, "" for the
// current directory) and finds the function called fnName in it. fnName may be
// "Type.Method" for a method with a value or pointer receiver.
func Load(dir, pattern, fnName string) (*Program, error) {
	p, err := LoadPackage(dir, pattern)
	if err != nil {
		return nil, err
	}
	return p.WithFunc(fnName)
}

// LoadPackage loads the package matched by pattern (relative to dir, ""
// for the current directory) with no entry function yet: WithFunc picks
// one, ExplorePackage explores them all.
func LoadPackage(dir, pattern string) (*Program, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedImports | packages.NeedDeps | packages.NeedModule,
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
	if extra := implPackages(cfg, pkgs[0]); len(extra) > 0 {
		// Implementers of its interface parameters (load_impls.go).
		entry := pkgs[0].PkgPath
		all, err := packages.Load(cfg, append([]string{entry}, extra...)...)
		if err != nil {
			return nil, fmt.Errorf("symex: loading %s: %w", pattern, err)
		}
		i := slices.IndexFunc(all, func(p *packages.Package) bool { return p.PkgPath == entry })
		if i < 0 {
			return nil, fmt.Errorf("symex: %s is not among %s's packages", entry, pattern)
		}
		all[0], all[i] = all[i], all[0]
		pkgs = all
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
	p := &Program{Prog: prog, Pkg: ssaPkgs[0]}
	if p.Pkg == nil {
		return nil, fmt.Errorf("symex: no SSA for %s", pattern)
	}
	p.Pkg.SetDebugMode(true)
	prog.Build()
	p.exprPos = takeDebugRefs(p.Pkg)
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

//go:embed models/*.go
var modelFiles embed.FS

// loadModels type-checks the model files (symex/models, built only here)
// into the same SSA program, so that model functions run like any other
// code. A file whose imports are not all part of the program is left out:
// the functions it models cannot be called either.
func (p *Program) loadModels() error {
	fset := p.Prog.Fset
	imp := importerFunc(func(path string) (*types.Package, error) {
		if path == "unsafe" {
			return types.Unsafe, nil
		}
		if pkg := p.Prog.ImportedPackage(path); pkg != nil {
			return pkg.Pkg, nil
		}
		return nil, fmt.Errorf("package %s is not loaded", path)
	})
	entries, err := modelFiles.ReadDir("models")
	if err != nil {
		return fmt.Errorf("symex: models: %w", err)
	}
	var files []*ast.File
	for _, ent := range entries {
		src, err := modelFiles.ReadFile("models/" + ent.Name())
		if err != nil {
			return fmt.Errorf("symex: models: %w", err)
		}
		f, err := parser.ParseFile(fset, "siftmodels/"+ent.Name(), src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return fmt.Errorf("symex: models: %w", err)
		}
		usable := true
		for _, is := range f.Imports {
			path, _ := strconv.Unquote(is.Path.Value)
			if _, err := imp.Import(path); err != nil {
				usable = false
			}
		}
		if usable {
			files = append(files, f)
		}
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Implicits: map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{}, Scopes: map[ast.Node]*types.Scope{},
		Instances: map[*ast.Ident]types.Instance{}, FileVersions: map[*ast.File]string{},
	}
	tpkg, err := (&types.Config{Importer: imp}).Check("siftmodels", fset, files, info)
	if err != nil {
		return fmt.Errorf("symex: models: %w", err)
	}
	if p.Prog.ImportedPackage("unsafe") == nil {
		p.Prog.CreatePackage(types.Unsafe, nil, nil, true)
	}
	mp := p.Prog.CreatePackage(tpkg, files, info, false)
	mp.Build()
	p.modelPkg = mp
	p.models = map[string]*ssa.Function{}
	p.decode = mp.Func("decodeRune")
	p.runtimeError = mp.Type("runtimeError").Type()
	p.modelOf = &sync.Map{}
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Doc == nil {
				continue
			}
			for _, c := range fd.Doc.List {
				if name, ok := strings.CutPrefix(c.Text, "//sift:model "); ok {
					p.models[strings.TrimSpace(name)] = mp.Func(fd.Name.Name)
				}
			}
		}
	}
	return nil
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// model returns the model standing in for fn, or nil.
func (p *Program) model(fn *ssa.Function) *ssa.Function {
	if m, ok := p.modelOf.Load(fn); ok {
		return m.(*ssa.Function)
	}
	m := p.models[fn.String()]
	p.modelOf.Store(fn, m)
	return m
}

// intrinsic reports whether fn is one of the models' functions without a
// body, which the executor answers itself.
func (p *Program) intrinsic(fn *ssa.Function) bool {
	return fn.Pkg == p.modelPkg && len(fn.Blocks) == 0
}

// WithFunc returns the same loaded program with another entry function of
// the same package.
func (p *Program) WithFunc(name string) (*Program, error) {
	fn := findFunc(p.Prog, p.Pkg, name)
	if fn == nil {
		return nil, fmt.Errorf("symex: no function %s in %s", name, p.Pkg.Pkg.Path())
	}
	if generic(fn) {
		return nil, fmt.Errorf("symex: %s is generic; wrap an instantiation of it in a plain function", name)
	}
	return p.withEntry(fn), nil
}

// withEntry is the same loaded program with entry function fn.
func (p *Program) withEntry(fn *ssa.Function) *Program {
	q := *p
	q.Fn = fn
	return &q
}

// generic reports whether fn has type parameters (its own or, for a
// method, its receiver type's): only its instantiations can run.
func generic(fn *ssa.Function) bool { return fn.TypeParams().Len() > 0 }
