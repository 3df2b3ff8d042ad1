package symex

import (
	"go/types"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Implementers from the entry's module. An interface parameter holds a
// value of one of the loaded program's types that implement it
// (inputs_iface.go); a package often declares an interface that only
// other packages of its module implement (protobuf's proto.Message, by
// the generated messages of types/known/…, which encoding/prototext does
// not import). For such an interface, of a package outside the standard
// library, LoadPackage adds to the program the smallest packages of the
// entry's module that import the interface's package and declare a
// method of its name (a textual check of the source), by bytes of Go
// source, at most maxImplPkgs of them: what a user of the module would
// pass first. Packages under internal/, testdata/ and commands are left
// out; the ones added show in the inputs the run reports.

// maxImplPkgs bounds the packages added for interface inputs.
const maxImplPkgs = 2

// implPackages are the import paths to load beside pkg so that its
// exported functions' interface parameters have implementers.
func implPackages(cfg *packages.Config, pkg *packages.Package) []string {
	ifaces := unimplemented(pkg)
	if len(ifaces) == 0 || pkg.Module == nil {
		return nil
	}
	lcfg := *cfg
	lcfg.Mode = packages.NeedName | packages.NeedFiles | packages.NeedImports
	mods, err := packages.Load(&lcfg, pkg.Module.Path+"/...")
	if err != nil {
		return nil
	}
	type cand struct {
		path string
		size int64
	}
	var cands []cand
	for _, m := range mods {
		if m.Name == "main" || m.PkgPath == pkg.PkgPath || !userPackage(m.PkgPath) {
			continue
		}
		var methods []string
		for path := range m.Imports {
			methods = append(methods, ifaces[path]...)
		}
		if len(methods) == 0 {
			continue
		}
		var size int64
		declares := false
		for _, f := range m.GoFiles {
			src, err := os.ReadFile(f)
			if err != nil {
				continue
			}
			size += int64(len(src))
			for _, name := range methods {
				declares = declares || strings.Contains(string(src), ") "+name+"(")
			}
		}
		if !declares {
			continue
		}
		cands = append(cands, cand{m.PkgPath, size})
	}
	slices.SortFunc(cands, func(a, b cand) int {
		if a.size != b.size {
			return int(a.size - b.size)
		}
		return strings.Compare(a.path, b.path)
	})
	var out []string
	for _, c := range cands[:min(len(cands), maxImplPkgs)] {
		out = append(out, c.path)
	}
	return out
}

// userPackage reports whether a package at path is one a module's user
// imports: not internal, not test data, not an example or a command.
func userPackage(path string) bool {
	for _, el := range strings.Split(path, "/") {
		switch el {
		case "internal", "testdata", "cmd", "example", "examples":
			return false
		}
	}
	return true
}

// unimplemented are the packages (by path) that declare a non-empty
// interface, outside the standard library, which a parameter of one of
// pkg's exported functions or methods has and no exported type of the
// loaded packages implements, each with the interface's first method.
func unimplemented(pkg *packages.Package) map[string][]string {
	var named []*types.Named
	packages.Visit([]*packages.Package{pkg}, nil, func(p *packages.Package) {
		if p.Types == nil {
			return
		}
		sc := p.Types.Scope()
		for _, name := range sc.Names() {
			if tn, ok := sc.Lookup(name).(*types.TypeName); ok && tn.Exported() {
				if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() == 0 && !types.IsInterface(n) {
					named = append(named, n)
				}
			}
		}
	})
	implemented := func(it *types.Interface) bool {
		for _, n := range named {
			if implementing(n, it) != nil {
				return true
			}
		}
		return false
	}
	out := map[string][]string{}
	check := func(sig *types.Signature) {
		for i := 0; i < sig.Params().Len(); i++ {
			t := sig.Params().At(i).Type()
			n, ok := types.Unalias(t).(*types.Named)
			if !ok || n.Obj().Pkg() == nil || standardLibrary(n.Obj().Pkg().Path()) {
				continue
			}
			it, ok := n.Underlying().(*types.Interface)
			path := n.Obj().Pkg().Path()
			if !ok || it.Empty() || slices.Contains(out[path], it.Method(0).Name()) || implemented(it) {
				continue
			}
			out[path] = append(out[path], it.Method(0).Name())
		}
	}
	sc := pkg.Types.Scope()
	for _, name := range sc.Names() {
		switch o := sc.Lookup(name).(type) {
		case *types.Func:
			if o.Exported() {
				check(o.Type().(*types.Signature))
			}
		case *types.TypeName:
			n, ok := o.Type().(*types.Named)
			if !ok || !o.Exported() {
				continue
			}
			for i := 0; i < n.NumMethods(); i++ {
				if m := n.Method(i); m.Exported() {
					check(m.Type().(*types.Signature))
				}
			}
		}
	}
	return out
}
