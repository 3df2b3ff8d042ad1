package panicbench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Outputs shaped like Go's: a crashed program, a panic raised again by a
// deferred handler, and the failure report of `go test -fuzz`.
const (
	crashOut = `panic: runtime error: slice bounds out of range [:5] with length 4

goroutine 1 [running]:
example.com/m.squash(...)
	/root/go/pkg/mod/example.com/m@v1.6.3/m.go:501
example.com/m.Get({0x4b5e1d, 0x15}, {0x4b5e1d, 0x15})
	/root/go/pkg/mod/example.com/m@v1.6.3/m.go:1900 +0x1b05
main.main()
	/tmp/work/main.go:11 +0x25
exit status 2
`
	repanicOut = `panic: BUG: unexpected [recovered, repanicked]

goroutine 1 [running]:
example.com/t.parse.func1()
	/root/go/pkg/mod/example.com/t@v0.3.1/parse.go:46 +0xc5
panic({0x4da960?, 0xd14ae04e100?})
	/usr/local/go/src/runtime/panic.go:860 +0x13a
example.com/t.(*parser).bug(...)
	/root/go/pkg/mod/example.com/t@v0.3.1/parse.go:83
example.com/t.(*parser).value(0xd14ae0a6070)
	/root/go/pkg/mod/example.com/t@v0.3.1/parse.go:283 +0x905
main.main()
	/tmp/work/main.go:13 +0x35
`
	fuzzOut = `fuzz: elapsed: 0s, gathering baseline coverage: 0/1 completed
fuzz: elapsed: 0s, gathering baseline coverage: 1/1 completed, now fuzzing with 1 workers
fuzz: elapsed: 3s, execs: 22817 (7605/sec), new interesting: 72 (total: 73)
fuzz: elapsed: 6s, execs: 47018 (8066/sec), new interesting: 101 (total: 102)
--- FAIL: FuzzNewConstraint (7.21s)
    --- FAIL: FuzzNewConstraint (0.00s)
        testing.go:1927: panic: Error parsing version: value out of range
            goroutine 5432 [running]:
            runtime/debug.Stack()
            	/usr/local/go/src/runtime/debug/stack.go:26 +0x9b
            testing.tRunner.func1()
            	/usr/local/go/src/testing/testing.go:1927 +0x1d0
            panic({0x60f3a0?, 0x665db0?})
            	/usr/local/go/src/runtime/panic.go:860 +0x13a
            example.com/v.parseSingle({0xc0000a4000, 0x14})
            	/root/go/pkg/mod/example.com/v@v0.0.0-20150915060435-2b9865f60ce1/constraint.go:108 +0x2b0
            panicbench/x.FuzzNewConstraint.func1(0x0?, {0xc0000a4000, 0x14})
            	/tmp/work/fuzz_test.go:14 +0x25
            reflect.Value.call({0x612ce0?, 0x664158?, 0x13?}, {0x652830, 0x4}, {0x260a8e440b70, 0x2, 0x2?})
            	/usr/local/go/src/reflect/value.go:586 +0xf0c
            testing.(*F).Fuzz.func1.1(0x260a8e45c488?)
            	/usr/local/go/src/testing/fuzz.go:341 +0x365
            testing.tRunner(0x260a8e45c488, 0x260a8e458480)
            	/usr/local/go/src/testing/testing.go:2036 +0xea
            created by testing.(*F).Fuzz.func1 in goroutine 7
            	/usr/local/go/src/testing/fuzz.go:328 +0x668

    Failing input written to testdata/fuzz/FuzzNewConstraint/e8b2f80963265c79
    To re-run:
    go test -run=FuzzNewConstraint/e8b2f80963265c79
FAIL
exit status 1
FAIL	panicbench/x	7.300s
`
)

func TestParsePanic(t *testing.T) {
	for _, tc := range []struct {
		name, out, msg string
		top            Site
	}{
		{"crash", crashOut, "runtime error: slice bounds out of range [:5] with length 4", Site{"example.com/m.squash", "m.go", 501}},
		{"repanic", repanicOut, "BUG: unexpected [recovered, repanicked]", Site{"example.com/t.(*parser).bug", "parse.go", 83}},
		{"fuzz", fuzzOut, "Error parsing version: value out of range", Site{"example.com/v.parseSingle", "constraint.go", 108}},
	} {
		p, ok := ParsePanic(tc.out)
		if !ok {
			t.Errorf("%s: no panic found", tc.name)
			continue
		}
		if p.Message != tc.msg {
			t.Errorf("%s: message %q, want %q", tc.name, p.Message, tc.msg)
		}
		if got := relSite(p.Top()); got != tc.top {
			t.Errorf("%s: top %+v, want %+v", tc.name, got, tc.top)
		}
	}
	if _, ok := ParsePanic("PASS\nok  \tpanicbench/x\t60.1s\n"); ok {
		t.Error("a passing run has no panic")
	}
}

func TestParseFuzzOutput(t *testing.T) {
	dir := t.TempDir()
	b := validBug()
	b.Site = Site{"example.com/v.parseSingle", "constraint.go", 108}
	b.Kind = "value out of range"
	w := WorkModule{Dir: dir, Bug: b}
	input := "go test fuzz v1\nstring(\"22222222222222222222\")\n"
	if err := os.MkdirAll(filepath.Join(dir, "testdata/fuzz/FuzzNewConstraint"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "testdata/fuzz/FuzzNewConstraint/e8b2f80963265c79"), []byte(input), 0o644); err != nil {
		t.Fatal(err)
	}
	var r FuzzResult
	parseFuzzOutput(&r, fuzzOut, w)
	if !r.Found || r.FoundS != 7.21 || r.Execs != 47018 || !r.SiteOK || r.Input != input {
		t.Errorf("got %+v", r)
	}
	// The same site with another kind of panic is another bug.
	other := w
	other.Bug.Kind = "nil pointer dereference"
	var r2 FuzzResult
	parseFuzzOutput(&r2, fuzzOut, other)
	if !r2.Found || r2.SiteOK {
		t.Errorf("another kind at the site: %+v", r2)
	}
	// A run that ends at its budget found nothing.
	var pass FuzzResult
	parseFuzzOutput(&pass, "fuzz: elapsed: 57s, execs: 100 (2/sec), new interesting: 0 (total: 1)\nfuzz: elapsed: 1m0s, execs: 123 (2/sec), new interesting: 0 (total: 1)\nPASS\n", w)
	if pass.Found || pass.Execs != 123 || pass.Failure != "" {
		t.Errorf("passing run: %+v", pass)
	}
	// A worker that dies without a panic is a failure, not a find.
	var crash FuzzResult
	parseFuzzOutput(&crash, "--- FAIL: FuzzX (3.00s)\n    fuzzing process hung or terminated unexpectedly: exit status 2\nFAIL\n", w)
	if crash.Found || !strings.Contains(crash.Failure, "not a panic") {
		t.Errorf("worker crash: %+v", crash)
	}
}

func TestFitsTarget(t *testing.T) {
	params := []Param{{"data", "[]byte"}, {"key", "string"}}
	for _, tc := range []struct{ file, want string }{
		{"go test fuzz v1\n[]byte(\"{}\")\nstring(\"a\")\n", ""},
		{"go test fuzz v1\n[]byte(\"{}\")\n", "1 values for 2 parameters"},
		{"go test fuzz v1\nstring(\"{}\")\nstring(\"a\")\n", "value 1 is not a []byte"},
	} {
		if got := fitsTarget([]byte(tc.file), params); got != tc.want {
			t.Errorf("fitsTarget(%q) = %q, want %q", tc.file, got, tc.want)
		}
	}
}

func TestCopySeeds(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	write := func(rel, data string) {
		p := filepath.Join(src, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("testdata/fuzz/FuzzParse/a1", "go test fuzz v1\n[]byte(\"<a>\")\n")
	write("b2", "go test fuzz v1\nstring(\"x\")\n")
	write("README", "not a corpus file\n")
	n, skipped, err := copySeeds(src, dst, []Param{{"data", "[]byte"}})
	if err != nil {
		t.Fatal(err)
	}
	if n != 1 || len(skipped) != 1 || !strings.HasPrefix(skipped[0], "b2: ") {
		t.Errorf("copied %d, skipped %v", n, skipped)
	}
	if _, err := os.Stat(filepath.Join(dst, "a1")); err != nil {
		t.Error(err)
	}
}
