package symex

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPackageConstructorsAndInterfaces runs package mode on
// testdata/pkgctor: a method whose receiver its package's constructor
// builds (NewRenderer, on a symbolic Flags), whose planted panic needs
// the rule the constructor sets; an interface parameter whose planted
// panic needs one of the package's concrete types (*Rect, not Square);
// an interface no type implements, listed with its reason; and
// functional options, of which it passes none (not nil ones). The
// generated test fails on both plants and passes without them.
func TestPackageConstructorsAndInterfaces(t *testing.T) {
	p, err := LoadPackage("testdata/pkgctor", ".")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		fn     string // as go/ssa names it
		panics int    // panic sites at --max-len 3
		input  string // the first panic's first input as a Go literal
		reason string // why it is not explored ("" when it is)
	}{
		{fn: "pkgctor.NewRenderer"},
		{fn: "(*pkgctor.Renderer).Process", panics: 1, input: "pkgctor.NewRenderer(1)"},
		{fn: "(pkgctor.Square).Area"},
		{fn: "(*pkgctor.Rect).Area"},
		{fn: "pkgctor.Scale", panics: 1, input: "&pkgctor.Rect{"},
		{fn: "pkgctor.Describe", reason: "parameter c: inputs of type pkgctor.Counter are not modelled: no type of the loaded program that a test here can name implements it"},
		{fn: "pkgctor.Render"}, // no options, none nil
	}
	res := ExplorePackage(context.Background(), p, PackageConfig{Options: func() Options { return Options{MaxLen: 3} }})
	if len(res.Funcs) != len(cases) {
		t.Fatalf("%d entries, want %d", len(res.Funcs), len(cases))
	}
	var results []*Result
	for i, c := range cases {
		f := res.Funcs[i]
		if got := f.Fn.String(); got != c.fn {
			t.Fatalf("entry %d: %s, want %s", i, got, c.fn)
		}
		if c.reason != "" {
			if f.Result != nil || f.NotExplored != c.reason {
				t.Errorf("%s: reason %q, want %q", c.fn, f.NotExplored, c.reason)
			}
			continue
		}
		if f.Result == nil {
			t.Fatalf("%s: not explored: %s%s", c.fn, f.NotExplored, f.Err)
		}
		results = append(results, f.Result)
		if !f.Result.Stats.Exhausted() {
			t.Errorf("%s: not exhausted: %+v", c.fn, f.Result.Stats)
		}
		if len(f.Result.Panics) != c.panics {
			t.Errorf("%s: %d panic sites, want %d", c.fn, len(f.Result.Panics), c.panics)
			continue
		}
		if c.panics > 0 {
			in := f.Result.Panics[0].Inputs[0]
			if got := goLiteral(in.Type, in.V, nil); !strings.HasPrefix(got, c.input) {
				t.Errorf("%s: panic input %s, want %s…", c.fn, got, c.input)
			}
		}
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not on PATH")
	}
	src, err := os.ReadFile("testdata/pkgctor/pkgctor.go")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":        "module pkgctor\n\ngo 1.23\n",
		"pkgctor.go":    string(src),
		"symex_test.go": PackageTestFile(results, false),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := goTest(t, dir)
	for _, name := range []string{"TestSymexPanics_Renderer_Process", "TestSymexPanics_Scale"} {
		if !strings.Contains(out, "--- PASS: "+name) {
			t.Errorf("%s does not pass with the plants:\n%s", name, out)
		}
	}
	// The fuzz target of Process takes the constructor's argument; the
	// seeds of its panicking paths fail, the others pass.
	if src := FuzzTestFile(results); !strings.Contains(src, "NewRenderer(") {
		t.Errorf("the fuzz targets do not call the constructor:\n%s", src)
	}
	if err := os.WriteFile(filepath.Join(dir, "symex_fuzz_test.go"), []byte(FuzzTestFile(results)), 0o644); err != nil {
		t.Fatal(err)
	}
	written, err := WriteFuzzCorpus(dir, results, FuzzSeeds{AllPaths: true})
	if err != nil {
		t.Fatal(err)
	}
	panicking := 0
	for _, r := range results {
		if _, _, ok := r.fuzzTarget(); ok {
			panicking += r.Stats.Panicked
		}
	}
	if pass, fail, log := runFuzzSeeds(t, dir); panicking == 0 || fail != panicking || pass != written-panicking {
		t.Errorf("fuzz seeds: %d failed, %d passed of %d; want the %d panicking paths' to fail\n%s", fail, pass, written, panicking, log)
	}
	if err := os.Remove(filepath.Join(dir, "symex_fuzz_test.go")); err != nil {
		t.Fatal(err)
	}
	fixed := strings.NewReplacer("text[i+1] == '!'", "i+1 < len(text)", "120 / (s.Area() - 12)", "120 + s.Area()").Replace(string(src))
	if err := os.WriteFile(filepath.Join(dir, "pkgctor.go"), []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	out = goTest(t, dir)
	for _, name := range []string{"TestSymexPanics_Renderer_Process", "TestSymexPanics_Scale"} {
		if !strings.Contains(out, "--- FAIL: "+name) {
			t.Errorf("%s does not fail without the plants:\n%s", name, out)
		}
	}
}

// goTest runs go test -v in dir and returns its output (failing tests are
// not an error).
func goTest(t *testing.T, dir string) string {
	t.Helper()
	cmd := exec.Command("go", "test", "-count=1", "-v", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	b, _ := cmd.CombinedOutput()
	return string(b)
}
