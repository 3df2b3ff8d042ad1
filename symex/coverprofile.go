package symex

import (
	"bufio"
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"io"
	"path/filepath"
	"slices"
	"sort"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// A coverSpan is one block of statements of Go's cover profile: a run of
// statements that execute together (go test -cover's unit), from start to
// end in one file.
type coverSpan struct {
	file       string
	start, end token.Position
	stmts      int
	// atLit: the span ends where a function literal starts; the literal's
	// own value (an expression at that position) belongs to the span.
	atLit bool
}

// WriteCoverProfile writes the statement coverage of the explorations in
// results in the format of go test -coverprofile (mode set), for `go tool
// cover -html` and `-func`: every function of the packages the results'
// entry functions belong to, its statements split into blocks as go test
// -cover splits them, a block counted once a path evaluated an expression
// in it. Results of one package (package mode) give one profile.
func WriteCoverProfile(w io.Writer, results ...*Result) error {
	hit := map[string][]int{} // file → covered expression offsets
	var pkgs []*ssa.Package
	for _, r := range results {
		if r.Coverage == nil {
			continue
		}
		if !slices.ContainsFunc(pkgs, func(p *ssa.Package) bool { return p.Pkg.Path() == r.Fn.Pkg.Pkg.Path() }) {
			pkgs = append(pkgs, r.Fn.Pkg)
		}
		r.Coverage.coveredOffsets(hit)
	}
	for f := range hit {
		slices.Sort(hit[f])
	}
	var spans []coverSpan
	for _, pkg := range pkgs {
		spans = append(spans, packageSpans(pkg)...)
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "mode: set")
	for _, s := range spans {
		count := 0
		if s.covered(hit[s.start.Filename]) {
			count = 1
		}
		fmt.Fprintf(bw, "%s:%d.%d,%d.%d %d %d\n", s.file, s.start.Line, s.start.Column, s.end.Line, s.end.Column, s.stmts, count)
	}
	return bw.Flush()
}

// covered reports whether one of the sorted offsets lies in the span.
func (s coverSpan) covered(offsets []int) bool {
	i := sort.SearchInts(offsets, s.start.Offset)
	return i < len(offsets) && (offsets[i] < s.end.Offset || s.atLit && offsets[i] == s.end.Offset)
}

// coveredOffsets adds the source offsets of what the covered blocks
// evaluate to hit, by file.
func (c *Coverage) coveredOffsets(hit map[string][]int) {
	add := func(p token.Pos) {
		if p.IsValid() {
			pos := c.fset.Position(p)
			hit[pos.Filename] = append(hit[pos.Filename], pos.Offset)
		}
	}
	for b := range c.first {
		for _, in := range b.Instrs {
			add(in.Pos())
		}
		for _, p := range c.exprPos[b] {
			add(p)
		}
	}
}

// packageSpans returns the statement blocks of every function of pkg with a
// body (declared functions, methods and function literals), sorted by file
// and position.
func packageSpans(pkg *ssa.Package) []coverSpan {
	fset := pkg.Prog.Fset
	bodies := map[*ast.BlockStmt]bool{}
	for fn := range ssautil.AllFunctions(pkg.Prog) {
		if fn.Pkg != pkg {
			continue
		}
		switch syn := fn.Syntax().(type) {
		case *ast.FuncDecl:
			if syn.Body != nil {
				bodies[syn.Body] = true
			}
		case *ast.FuncLit:
			bodies[syn.Body] = true
		}
	}
	var spans []coverSpan
	for body := range bodies {
		sp := spanner{fset: fset, name: profileName(pkg, fset.Position(body.Pos()).Filename)}
		sp.list(body.List)
		spans = append(spans, sp.out...)
	}
	slices.SortFunc(spans, func(a, b coverSpan) int {
		return cmp.Or(cmp.Compare(a.file, b.file), cmp.Compare(a.start.Offset, b.start.Offset))
	})
	return spans
}

// profileName is the name go test -coverprofile gives a file of pkg: its
// import path and base name, or the file's own path for a package without
// a real import path.
func profileName(pkg *ssa.Package, file string) string {
	if path := pkg.Pkg.Path(); path != "command-line-arguments" && path != "main" {
		return path + "/" + filepath.Base(file)
	}
	return file
}

// spanner splits statement lists into cover spans.
type spanner struct {
	fset *token.FileSet
	name string
	out  []coverSpan
	// the span being built: its start, statements and end
	start, end token.Pos
	stmts      int
}

func (sp *spanner) emit(atLit bool) {
	if sp.stmts > 0 {
		sp.out = append(sp.out, coverSpan{file: sp.name, start: sp.fset.Position(sp.start),
			end: sp.fset.Position(sp.end), stmts: sp.stmts, atLit: atLit})
	}
	sp.stmts = 0
}

// add puts s into the current span, which then runs to end.
func (sp *spanner) add(s ast.Stmt, end token.Pos) {
	if sp.stmts == 0 {
		sp.start = s.Pos()
	}
	sp.stmts++
	sp.end = end
}

// list splits one statement list: straight-line statements share a span,
// which ends with a statement that transfers control (its header belongs to
// the span, its bodies are lists of their own) or at a function literal
// (whose body is a function of its own).
func (sp *spanner) list(stmts []ast.Stmt) {
	for _, s := range stmts {
		sp.stmt(s)
	}
	sp.emit(false)
}

func (sp *spanner) stmt(s ast.Stmt) {
	// header ends the span at end (or at a function literal before it) and
	// goes on with the bodies.
	header := func(end token.Pos, bodies ...[]ast.Stmt) {
		lit := firstFuncLit(s, end)
		if lit.IsValid() {
			end = lit
		}
		sp.add(s, end)
		sp.emit(lit.IsValid())
		for _, b := range bodies {
			sp.list(b)
		}
	}
	switch s := s.(type) {
	case *ast.BlockStmt:
		sp.emit(false)
		sp.list(s.List)
	case *ast.LabeledStmt:
		sp.emit(false)
		sp.stmt(s.Stmt)
	case *ast.IfStmt:
		var els []ast.Stmt
		if s.Else != nil {
			if b, ok := s.Else.(*ast.BlockStmt); ok {
				els = b.List
			} else {
				els = []ast.Stmt{s.Else} // else if: a span of its own
			}
		}
		header(s.Body.Lbrace+1, s.Body.List, els)
	case *ast.ForStmt:
		header(s.Body.Lbrace+1, s.Body.List)
	case *ast.RangeStmt:
		header(s.Body.Lbrace+1, s.Body.List)
	case *ast.SwitchStmt:
		header(s.Body.Lbrace+1, clauses(s.Body)...)
	case *ast.TypeSwitchStmt:
		header(s.Body.Lbrace+1, clauses(s.Body)...)
	case *ast.SelectStmt:
		header(s.Body.Lbrace+1, clauses(s.Body)...)
	case *ast.ReturnStmt, *ast.BranchStmt:
		header(s.End())
	case *ast.ExprStmt:
		if isPanicCall(s.X) {
			header(s.End())
			return
		}
		sp.simple(s)
	default:
		sp.simple(s)
	}
}

// simple adds a statement that does not transfer control, ending the span
// at a function literal in it.
func (sp *spanner) simple(s ast.Stmt) {
	if lit := firstFuncLit(s, s.End()); lit.IsValid() {
		sp.add(s, lit)
		sp.emit(true)
		return
	}
	sp.add(s, s.End())
}

// clauses returns the statement lists of a switch's or select's clauses;
// a communication clause's send or receive is the first statement of its
// list.
func clauses(body *ast.BlockStmt) [][]ast.Stmt {
	var out [][]ast.Stmt
	for _, c := range body.List {
		switch c := c.(type) {
		case *ast.CaseClause:
			out = append(out, c.Body)
		case *ast.CommClause:
			var l []ast.Stmt
			if c.Comm != nil {
				l = append(l, c.Comm)
			}
			out = append(out, append(l, c.Body...))
		}
	}
	return out
}

// firstFuncLit is the position of the first function literal in n before
// end (token.NoPos when there is none).
func firstFuncLit(n ast.Node, end token.Pos) token.Pos {
	found := token.NoPos
	ast.Inspect(n, func(x ast.Node) bool {
		if found.IsValid() || x == nil || x.Pos() >= end {
			return false
		}
		if lit, ok := x.(*ast.FuncLit); ok {
			found = lit.Pos()
			return false
		}
		return true
	})
	return found
}

// isPanicCall reports whether e calls the built-in panic (by name: a
// shadowing panic would need type information, and only ends a span early).
func isPanicCall(e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := call.Fun.(*ast.Ident)
	return ok && id.Name == "panic"
}
