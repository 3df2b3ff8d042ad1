package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sift-solver/sift/symex"
	"github.com/sift-solver/sift/symex/concolic"
)

// symexData is package symex's test programs.
var symexData = filepath.Join("..", "..", "symex", "testdata")

// runSymex runs `sift symex ARGS…` and returns its exit status.
func runSymex(args []string, stdout, stderr io.Writer) int {
	return run(append([]string{"symex"}, args...), strings.NewReader(""), stdout, stderr)
}

func TestSymexReportsPanicsAndWritesTests(t *testing.T) {
	corpus := filepath.Join(symexData, "corpus")
	out := filepath.Join(t.TempDir(), "div_test.go")
	cases := []struct {
		args     []string
		code     int
		contains []string
	}{
		{[]string{"--dir", corpus, ".", "Div", "--tests", out, "--coverage"}, 0,
			[]string{"integer divide by zero", "paths 2 (returned 1, panicked 1)", "blocks 1/1"}},
		{[]string{"--dir", corpus, ".", "Halve"}, 0,
			[]string{"unsupported: ", "corpus.go:", "unsupported 1"}},
		{[]string{"--dir", filepath.Join(symexData, "floats"), ".", "Clamp"}, 0,
			[]string{"NaN input", "paths 4 (returned 3, panicked 1), unsupported 0"}},
		{[]string{"--dir", filepath.Join(symexData, "floats"), ".", "Clamp", "--floats", "concrete"}, 0,
			[]string{"unsupported 0", "concretized "}},
		{[]string{"--dir", corpus, ".", "NoSuchFunc"}, 1, nil},
		{[]string{"--dir", corpus, ".", "Div", "--search", "sideways"}, 2, nil},
		{[]string{"--dir", corpus, ".", "Diamonds", "--merge", "std", "--merge-after", "0", "--replay"}, 0,
			[]string{"replay: 0 mismatches", "paths 1 (returned 1, panicked 0)", "merging: 5 merges of 10 states"}},
		// The default warm-up explores this small space without merging.
		{[]string{"--dir", corpus, ".", "Diamonds", "--merge", "std"}, 0,
			[]string{"paths 32 (returned 32, panicked 0)", "merging: 0 merges of 0 states",
				"warm-up: 32 paths without merging, the whole space"}},
		{[]string{"--dir", corpus, ".", "Diamonds", "--merge", "std", "--merge-after", "100"}, 0,
			[]string{"merging: 5 merges of 10 states", "then from the start with merging"}},
		{[]string{"--dir", corpus, ".", "Diamonds", "--merge", "pat", "--incremental-merge", "--merge-after", "5"}, 1, nil},
		{[]string{"--dir", corpus, ".", "Diamonds", "--merge", "sideways"}, 1, nil},
		{[]string{"--dir", corpus, ".", "Diamonds", "--merge", "std", "--merge-points", "corners"}, 1, nil},
	}
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		code := runSymex(c.args, &stdout, &stderr)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d\n%s%s", c.args, code, c.code, stdout.String(), stderr.String())
		}
		for _, s := range c.contains {
			if !strings.Contains(stdout.String(), s) {
				t.Errorf("%v: output lacks %q:\n%s", c.args, s, stdout.String())
			}
		}
	}
	src, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "func TestSymexPanics_Div(t *testing.T)") || !strings.Contains(string(src), "arg_b: 0") {
		t.Errorf("generated test:\n%s", src)
	}
}

// TestSymexJSONGolden fixes the --json format: a run of the command on a
// corpus function with std merging from the start (--merge-after 0), its
// times zeroed and its positions cut to the file name, must equal
// testdata/symex-summary.golden.json.
func TestSymexJSONGolden(t *testing.T) {
	out := filepath.Join(t.TempDir(), "run.json")
	var stdout, stderr bytes.Buffer
	args := []string{"--dir", filepath.Join(symexData, "corpus"), ".", "MergedIndex", "--max-len", "3", "--merge", "std", "--merge-after", "0", "--json", out}
	if code := runSymex(args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout.String(), stderr.String())
	}
	var s symex.Summary
	readJSON(t, out, &s)
	if s.TimeS <= 0 || s.SolverTimeS <= 0 || s.SolverTimeS > s.TimeS {
		t.Errorf("times: solver %v s of %v s", s.SolverTimeS, s.TimeS)
	}
	if s.CPUS < 0 {
		t.Errorf("cpu_s %v", s.CPUS)
	}
	zeroPanicTimes(t, s.Panics, &s.FirstPanicS, s.CPUS)
	s.TimeS, s.SolverTimeS, s.CPUS = 0, 0, 0
	for id := range s.CoverageFirstS {
		s.CoverageFirstS[id] = 0
	}
	for i := range s.Panics {
		s.Panics[i].Position = filepath.Base(s.Panics[i].Position)
	}
	for i := range s.Unsupported {
		s.Unsupported[i].Position = filepath.Base(s.Unsupported[i].Position)
	}
	checkGoldenJSON(t, filepath.Join("testdata", "symex-summary.golden.json"), &s)
}

// TestConcolicJSONGolden fixes concolic mode's --json format: the command
// on seed 001's diamonds D3 with DAG merging (its one panic needs the
// unique input 1, 1, 1), times zeroed and positions cut to the file name,
// must equal testdata/concolic-summary.golden.json.
func TestConcolicJSONGolden(t *testing.T) {
	out := filepath.Join(t.TempDir(), "run.json")
	var stdout, stderr bytes.Buffer
	args := []string{"--concolic", "--merge", "dag", "--search", "bfs", filepath.Join(symexData, "concolic"), "D3", "--json", out}
	if code := runSymex(args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout.String(), stderr.String())
	}
	var s concolic.Summary
	readJSON(t, out, &s)
	if s.TimeS <= 0 || s.CPUS < 0 {
		t.Errorf("times: %v s, cpu %v s", s.TimeS, s.CPUS)
	}
	zeroPanicTimes(t, s.Panics, &s.FirstPanicS, s.CPUS)
	s.TimeS, s.CPUS = 0, 0
	for i := range s.Panics {
		s.Panics[i].Position = filepath.Base(s.Panics[i].Position)
	}
	checkGoldenJSON(t, filepath.Join("testdata", "concolic-summary.golden.json"), &s)
}

// TestConcolicFlagErrors: --concolic merges with dag only, and dag needs
// --concolic.
func TestConcolicFlagErrors(t *testing.T) {
	concolicDir := filepath.Join(symexData, "concolic")
	var out, errb bytes.Buffer
	if code := runSymex([]string{"--concolic", "--merge", "std", concolicDir, "T1"}, &out, &errb); code != 1 ||
		!strings.Contains(errb.String(), "--merge=dag") {
		t.Errorf("--concolic --merge std: exit %d, %q", code, errb.String())
	}
	if code := runSymex([]string{"--merge", "dag", concolicDir, "T1"}, &out, &errb); code != 1 ||
		!strings.Contains(errb.String(), "--concolic") {
		t.Errorf("--merge dag without --concolic: exit %d, %q", code, errb.String())
	}
}

// TestSymexMergeAfterFlag: --merge-after as given, else its default, which
// incremental merging (one tree per loop from the start) turns off.
func TestSymexMergeAfterFlag(t *testing.T) {
	cases := []struct {
		merge string
		flag  int64
		incr  bool
		want  int64
	}{
		{"pat", -1, false, defaultMergeAfter},
		{"std", -1, false, defaultMergeAfter},
		{"pat", -1, true, 0},
		{"pat", 0, false, 0},
		{"std", 1000, false, 1000},
	}
	for _, c := range cases {
		cmd := &SymexCmd{Merge: c.merge, MergeAfter: c.flag, Incr: c.incr}
		if got, err := cmd.mergeAfter(); err != nil || got != c.want {
			t.Errorf("--merge %s --merge-after %d (incremental %v): %d (%v), want %d", c.merge, c.flag, c.incr, got, err, c.want)
		}
	}
}

// readJSON decodes the JSON file at path into v.
func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

// checkGoldenJSON compares v, indented, with the golden file (rewritten
// first under -update).
func checkGoldenJSON(t *testing.T, golden string, v any) {
	t.Helper()
	got, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, golden, append(got, '\n'), "--json output")
}

// TestSymexWritesReports runs --coverprofile and --sarif: the files name
// the package's source and its panic sites (their contents have golden
// tests in package symex).
func TestSymexWritesReports(t *testing.T) {
	dir := filepath.Join(symexData, "sarif")
	tmp := t.TempDir()
	prof, sarif := filepath.Join(tmp, "cover.out"), filepath.Join(tmp, "pick.sarif")
	var stdout, stderr bytes.Buffer
	if code := runSymex([]string{"--dir", dir, ".", "Pick", "--max-len", "2", "--coverprofile", prof, "--sarif", sarif}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	p, err := os.ReadFile(prof)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(p), "mode: set\nexample.com/sarif/panics.go:") {
		t.Errorf("cover profile:\n%s", p)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID string `json:"ruleId"`
			} `json:"results"`
		} `json:"runs"`
	}
	b, err := os.ReadFile(sarif)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 || len(log.Runs[0].Results) != 3 {
		t.Errorf("SARIF log: want 1 run with 3 results:\n%s", b)
	}
}

// TestStopAtPanic: --stop-at-panic ends the exploration of Census
// (testdata/pkgmode: 46 paths, 15 panicking, the second path a panic) at
// its first panic, and found_s, first_panic_s and cpu_s agree.
func TestStopAtPanic(t *testing.T) {
	dir := filepath.Join(symexData, "pkgmode")
	cases := []struct {
		flags           []string
		paths, panicked int
		exhausted       bool
		stopped         string
	}{
		{nil, 46, 15, true, ""},
		{[]string{"--stop-at-panic"}, 2, 1, false, "first panic"},
		// A budget that is not reached changes nothing.
		{[]string{"--stop-at-panic", "--budget", "1h"}, 2, 1, false, "first panic"},
	}
	for _, c := range cases {
		out := filepath.Join(t.TempDir(), "run.json")
		args := append([]string{"--dir", dir, ".", "Census", "--json", out}, c.flags...)
		var stdout, stderr bytes.Buffer
		if code := runSymex(args, &stdout, &stderr); code != 0 {
			t.Fatalf("%v: exit %d: %s%s", c.flags, code, stdout.String(), stderr.String())
		}
		var s symex.Summary
		readJSON(t, out, &s)
		if s.Paths != c.paths || s.Panicked != c.panicked || s.Exhausted != c.exhausted || s.Stopped != c.stopped {
			t.Errorf("%v: paths %d, panicked %d, exhausted %v, stopped %q; want %d, %d, %v, %q", c.flags,
				s.Paths, s.Panicked, s.Exhausted, s.Stopped, c.paths, c.panicked, c.exhausted, c.stopped)
		}
		if len(s.Panics) != 1 || s.FirstPanicS == nil {
			t.Fatalf("%v: panics %+v, first_panic_s %v", c.flags, s.Panics, s.FirstPanicS)
		}
		if f := s.Panics[0].FoundS; f != *s.FirstPanicS || f < 0 || f > s.CPUS {
			t.Errorf("%v: found_s %v, first_panic_s %v, cpu_s %v", c.flags, f, *s.FirstPanicS, s.CPUS)
		}
	}
	// No panic: first_panic_s is null.
	out := filepath.Join(t.TempDir(), "run.json")
	var stdout, stderr bytes.Buffer
	if code := runSymex([]string{"--dir", filepath.Join(symexData, "corpus"), ".", "CountA", "--stop-at-panic", "--json", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("CountA: exit %d: %s", code, stderr.String())
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(raw, []byte(`"first_panic_s": null`)) || !bytes.Contains(raw, []byte(`"exhausted": true`)) {
		t.Errorf("CountA --stop-at-panic:\n%s", raw)
	}
}

// zeroPanicTimes checks a summary's panic times (each found_s within the
// run's cpu_s, first_panic_s their least, null without panics) and zeroes
// them for a golden file.
func zeroPanicTimes(t *testing.T, panics []symex.SummaryPanic, first **float64, cpuS float64) {
	t.Helper()
	want := symex.FirstPanicS(panics)
	if (want == nil) != (*first == nil) || want != nil && *want != **first {
		t.Errorf("first_panic_s %v, want the least found_s %v", *first, want)
	}
	for i := range panics {
		if panics[i].FoundS < 0 || panics[i].FoundS > cpuS {
			t.Errorf("%s: found_s %v outside the run's cpu_s %v", panics[i].Position, panics[i].FoundS, cpuS)
		}
		panics[i].FoundS = 0
	}
	if *first != nil {
		zero := 0.0
		*first = &zero
	}
}

// TestSymexPackageGolden: package mode (no FUNC) on testdata/pkgmode. Its
// stdout is the table of the --json package summary it writes, and that
// table, first-panic times zeroed and positions cut to the file name,
// equals testdata/symex-package.golden.txt.
func TestSymexPackageGolden(t *testing.T) {
	out := filepath.Join(t.TempDir(), "pkg.json")
	var stdout, stderr bytes.Buffer
	args := []string{"--dir", filepath.Join(symexData, "pkgmode"), ".", "--max-len", "3", "--budget", "20s", "--deepen-max", "0", "--json", out}
	if code := runSymex(args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout.String(), stderr.String())
	}
	var s symex.PackageSummary
	readJSON(t, out, &s)
	if s.Package != "pkgmode" || s.BudgetS != 20 || len(s.Functions) != 10 {
		t.Fatalf("package %q, budget %v s, %d functions", s.Package, s.BudgetS, len(s.Functions))
	}
	var table bytes.Buffer
	if err := s.WriteTable(&table); err != nil {
		t.Fatal(err)
	}
	if table.String() != stdout.String() {
		t.Errorf("stdout is not the table of the --json summary:\n%s\nwant\n%s", stdout.String(), table.String())
	}
	for _, f := range s.Functions {
		if f.Summary == nil {
			if f.NotExplored == "" {
				t.Errorf("%s: neither explored nor a reason", f.Function)
			}
			continue
		}
		if f.Summary.Function != "" {
			t.Errorf("%s: the summary's function is the entry's", f.Function)
		}
		zeroPanicTimes(t, f.Panics, &f.FirstPanicS, f.CPUS)
		for i := range f.Panics {
			f.Panics[i].Position = filepath.Base(f.Panics[i].Position)
		}
	}
	table.Reset()
	if err := s.WriteTable(&table); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, filepath.Join("testdata", "symex-package.golden.txt"), table.Bytes(), "package mode's table")
}

// TestSymexPackageFlags: package mode refuses the flags that need one
// function, and concolic mode needs FUNC.
func TestSymexPackageFlags(t *testing.T) {
	dir := filepath.Join(symexData, "pkgmode")
	for _, flags := range [][]string{{"--replay"}, {"--emit-smt2", t.TempDir()}, {"--concolic"}} {
		var stdout, stderr bytes.Buffer
		if code := runSymex(append([]string{"--dir", dir, "."}, flags...), &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "FUNC") {
			t.Errorf("%v: exit %d, %q", flags, code, stderr.String())
		}
	}
}

// TestSymexPackageOutputs: in package mode --coverprofile, --sarif and
// --tests cover the whole package: one profile, one SARIF result per panic
// site of every function, one test file with every function's panics.
func TestSymexPackageOutputs(t *testing.T) {
	dir := filepath.Join(symexData, "pkgmode")
	tmp := t.TempDir()
	prof, sarif, tests, js := filepath.Join(tmp, "cover.out"), filepath.Join(tmp, "p.sarif"), filepath.Join(tmp, "p_test.go"), filepath.Join(tmp, "p.json")
	var stdout, stderr bytes.Buffer
	args := []string{"--dir", dir, ".", "--budget", "20s", "--deepen-max", "0", "--coverprofile", prof, "--sarif", sarif, "--tests", tests, "--json", js}
	if code := runSymex(args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	var sum struct {
		Functions []struct {
			Function string `json:"function"`
			Panics   []struct {
				Position string `json:"position"`
			} `json:"panics"`
		} `json:"functions"`
	}
	b, err := os.ReadFile(js)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &sum); err != nil {
		t.Fatal(err)
	}
	sites, withPanics := 0, 0
	for _, f := range sum.Functions {
		sites += len(f.Panics)
		if len(f.Panics) > 0 {
			withPanics++
		}
	}
	if withPanics < 2 {
		t.Fatalf("package mode found panics in %d functions, want several:\n%s", withPanics, b)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				Properties struct {
					Test string `json:"test"`
				} `json:"properties"`
			} `json:"results"`
		} `json:"runs"`
	}
	if b, err = os.ReadFile(sarif); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 || len(log.Runs[0].Results) != sites {
		t.Errorf("SARIF: %d runs, want 1 with %d results (the panic sites of --json)", len(log.Runs), sites)
	}
	src, err := os.ReadFile(tests)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range log.Runs[0].Results {
		if !strings.Contains(string(src), "func "+r.Properties.Test+"(") {
			t.Errorf("the test file has no %s, named by the SARIF log", r.Properties.Test)
		}
	}
	p, err := os.ReadFile(prof)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(p), "mode: set\n") || strings.Count(string(p), " 1\n") < withPanics {
		t.Errorf("cover profile of the package:\n%s", p)
	}
}

// TestSymexDeepen: with --budget a run that exhausts its length bound
// (from 1, as it stops at a panic) explores again at twice the bound and finds the panic that needs six
// bytes; --json lists the rounds. --deepen-max at the bound turns it off.
func TestSymexDeepen(t *testing.T) {
	dir := filepath.Join(symexData, "deepen")
	for _, c := range []struct {
		flags  []string
		rounds []int
		panics int
	}{
		{[]string{"--budget", "1h"}, []int{1, 2, 4, 8}, 1}, // --stop-at-panic: the finding schedule, from 1
		{[]string{"--budget", "1h", "--deepen-max", "4"}, nil, 0},
		{nil, nil, 0}, // no budget: no deepening
	} {
		out := filepath.Join(t.TempDir(), "s.json")
		var stdout, stderr bytes.Buffer
		args := append([]string{"--dir", dir, ".", "Long", "--stop-at-panic", "--json", out}, c.flags...)
		if code := runSymex(args, &stdout, &stderr); code != 0 {
			t.Fatalf("%v: exit %d: %s%s", c.flags, code, stdout.String(), stderr.String())
		}
		var s symex.Summary
		readJSON(t, out, &s)
		var rounds []int
		for _, r := range s.Deepening {
			rounds = append(rounds, r.MaxLen)
		}
		if !slices.Equal(rounds, c.rounds) || len(s.Panics) != c.panics {
			t.Errorf("%v: rounds %v, %d panics; want %v, %d", c.flags, rounds, len(s.Panics), c.rounds, c.panics)
		}
		if s.FirstPanicS != nil && *s.FirstPanicS > s.CPUS {
			t.Errorf("%v: first panic at %v s, after the run's %v s", c.flags, *s.FirstPanicS, s.CPUS)
		}
	}
}
