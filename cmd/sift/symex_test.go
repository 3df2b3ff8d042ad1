package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
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
