package symex

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sift-solver/sift/symex/merge"
)

// A wantCase is a function of a test module whose doc comment states what
// exploring it must find: "max-len: N", "want: panic MSG" (a panic whose
// message contains MSG) and "want: unsupported MSG" (a path that ends
// unsupported with MSG). Without an unsupported want, no path may end
// unsupported and the run must be exhausted. "want: raised-at MARK" says
// where the chain of the wanted panics started (Panic.RaisedAt): the line
// of the module marked "// raise: MARK", or none.
type wantCase struct {
	fn          string
	maxLen      int
	panics      []string
	unsupported []string
	raisedAt    string // a mark, "none", or "" (not checked)
	marks       map[string]token.Position
}

// readWantCases reads the want lines of every function in dir's Go files.
func readWantCases(t *testing.T, dir string) []wantCase {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	fset := token.NewFileSet()
	var out []wantCase
	marks := map[string]token.Position{}
	for _, f := range files {
		af, err := parser.ParseFile(fset, f, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, cg := range af.Comments {
			for _, cm := range cg.List {
				if mark, ok := strings.CutPrefix(cm.Text, "// raise: "); ok {
					marks[mark] = fset.Position(cm.Pos())
				}
			}
		}
		for _, d := range af.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Doc == nil || fd.Recv != nil {
				continue
			}
			c := wantCase{fn: fd.Name.Name, marks: marks}
			want := false
			for _, line := range strings.Split(fd.Doc.Text(), "\n") {
				switch {
				case strings.HasPrefix(line, "max-len: "):
					c.maxLen, err = strconv.Atoi(strings.TrimPrefix(line, "max-len: "))
					if err != nil {
						t.Fatalf("%s: %v", fd.Name.Name, err)
					}
				case strings.HasPrefix(line, "want: panic "):
					c.panics, want = append(c.panics, strings.TrimPrefix(line, "want: panic ")), true
				case strings.HasPrefix(line, "want: unsupported "):
					c.unsupported, want = append(c.unsupported, strings.TrimPrefix(line, "want: unsupported ")), true
				case strings.HasPrefix(line, "want: raised-at "):
					c.raisedAt = strings.TrimPrefix(line, "want: raised-at ")
				case strings.HasPrefix(line, "want: exhausted"):
					want = true
				}
			}
			if want {
				out = append(out, c)
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("no want cases in %s", dir)
	}
	return out
}

// checkWantCases explores every want case of the module in dir without
// merging and under std's and pat's, checks its wants in each, and runs
// the generated tests of the panics found: each must panic in compiled Go.
func checkWantCases(t *testing.T, dir string) {
	cases := readWantCases(t, dir)
	first := cases[0].fn
	files := map[string]string{}
	total := 0
	for _, c := range cases {
		t.Run(c.fn, func(t *testing.T) {
			for _, s := range []merge.Strategy{nil, merge.NewStd(0), merge.NewPat()} {
				_, res := explore(t, loadTestFunc(t, dir, first, c.fn), Options{MaxLen: c.maxLen, Merge: s}, nil)
				name := "none"
				if s != nil {
					name = s.Name()
				}
				checkWants(t, name, c, res)
				if s == nil && len(res.Panics) > 0 {
					total += len(res.Panics)
					files["symex_"+c.fn+"_test.go"] = res.TestFile(true)
				}
			}
		})
	}
	if len(files) == 0 {
		return
	}
	if rows, _ := runGeneratedTestsIn(t, dir, files); rows != total {
		t.Errorf("%d generated panic rows passed, want %d", rows, total)
	}
}

// checkWants checks one run of c (under merging strategy name).
func checkWants(t *testing.T, name string, c wantCase, res *Result) {
	t.Helper()
	for _, want := range c.panics {
		found := false
		for _, p := range res.Panics {
			found = found || strings.Contains(p.Message, want)
		}
		if !found {
			t.Errorf("%s: no panic with %q; %s", name, want, describePaths(res))
		}
		if c.raisedAt != "" {
			checkRaisedAt(t, name, c, want, res)
		}
	}
	for _, want := range c.unsupported {
		found := false
		for _, p := range res.Paths {
			found = found || p.Kind == "unsupported" && strings.Contains(p.Message, want)
		}
		if !found {
			t.Errorf("%s: no unsupported path with %q; %s", name, want, describePaths(res))
		}
	}
	if len(c.unsupported) == 0 && (res.Stats.Unsupported > 0 || !res.Stats.Exhausted()) {
		t.Errorf("%s: want an exhausted run without unsupported paths; %s", name, describePaths(res))
	}
}

// checkRaisedAt checks where the chain of c's panics with message want
// started.
func checkRaisedAt(t *testing.T, name string, c wantCase, want string, res *Result) {
	t.Helper()
	mark, ok := c.marks[c.raisedAt]
	if !ok && c.raisedAt != "none" {
		t.Fatalf("no line marked %q", c.raisedAt)
	}
	for _, p := range res.Panics {
		if !strings.Contains(p.Message, want) {
			continue
		}
		got := p.RaisedAt
		if c.raisedAt == "none" && got.IsValid() {
			t.Errorf("%s: panic %q raised at %s, want no chain", name, p.Message, got)
		}
		if c.raisedAt != "none" && (filepath.Base(got.Filename) != filepath.Base(mark.Filename) || got.Line != mark.Line) {
			t.Errorf("%s: panic %q raised at %s, want line %d (%s)", name, p.Message, got, mark.Line, c.raisedAt)
		}
	}
}

// describePaths lists how a run's paths ended, for a failure message.
func describePaths(res *Result) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(res.Stats.Paths) + " paths:")
	for _, p := range res.Paths {
		b.WriteString(" [" + p.Kind + " " + p.Message + "]")
	}
	return b.String()
}

// TestWantCasesDefers: panics raised in deferred calls, testdata/defers.
func TestWantCasesDefers(t *testing.T) { checkWantCases(t, "testdata/defers") }

// TestWantCasesUnsafe: the zero-copy conversions of testdata/unsafe.
func TestWantCasesUnsafe(t *testing.T) { checkWantCases(t, "testdata/unsafe") }

// TestWantCasesRuntime: the runtime and OS models of testdata/runtime.
func TestWantCasesRuntime(t *testing.T) {
	t.Parallel() // heavy: beside the other heavy tests (symex_test.go)
	checkWantCases(t, "testdata/runtime")
}

// TestWantCasesReflect: the decoders of testdata/reflect.
func TestWantCasesReflect(t *testing.T) { checkWantCases(t, "testdata/reflect") }

// TestWantCasesChan: the single-goroutine channel programs of testdata/chan.
func TestWantCasesChan(t *testing.T) { checkWantCases(t, "testdata/chan") }

// TestWantCasesIteLoops: the loops of testdata/iteloops, which run once
// for all their paths (loopite.go) or path by path.
func TestWantCasesIteLoops(t *testing.T) { checkWantCases(t, "testdata/iteloops") }
