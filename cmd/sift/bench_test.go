package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sift-solver/sift/bench"
)

// benchData is package bench's test data: suites, fixtures and fake solvers.
var benchData = filepath.Join("..", "..", "bench", "testdata")

// runBench runs `sift bench ARGS…` and returns its exit status.
func runBench(args []string, stdout, stderr io.Writer) int {
	return run(append([]string{"bench"}, args...), strings.NewReader(""), stdout, stderr)
}

// countRecords is the number of records of the results file at path.
func countRecords(t *testing.T, path string) int {
	t.Helper()
	recs, err := bench.ReadRecords(path)
	if err != nil {
		t.Fatal(err)
	}
	return len(recs)
}

func TestBenchErrors(t *testing.T) {
	badManifest := filepath.Join(t.TempDir(), "bad.tsv")
	if err := os.WriteFile(badManifest, []byte("path\tlogic\na.smt2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	suite := filepath.Join(benchData, "suite")
	tests := []struct {
		name     string
		args     []string
		status   int
		inStderr string
	}{
		{"missing binary", []string{suite, "--solver", "z3=/nonexistent/z3", "-o", t.TempDir()}, 1, `binary "/nonexistent/z3" not found`},
		{"unreadable suite", []string{"testdata/no-such-dir", "--solver", "z3"}, 1, "suite testdata/no-such-dir: stat"},
		{"bad manifest", []string{badManifest, "--solver", "z3"}, 1, "bad.tsv:2: 1 fields, but the header has 2"},
		{"no solver", []string{suite}, 1, "no solver given"},
		{"bad solver spec", []string{suite, "--solver", "yices"}, 1, "not a known solver"},
		{"bad memory", []string{suite, "--solver", "z3", "--memory", "lots"}, 1, "--memory"},
		{"same name twice", []string{suite, "--solver", "z3", "--solver", "z3"}, 1, "given twice"},
		{"unknown flag", []string{suite, "--frobnicate"}, 2, "unknown flag"},
		{"compare a missing run", []string{"compare", filepath.Join(benchData, "fixture"), "testdata/none"}, 1, "run testdata/none"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if got := runBench(tc.args, &stdout, &stderr); got != tc.status || !strings.Contains(stderr.String(), tc.inStderr) {
				t.Errorf("status %d, stderr %q; want %d and %q", got, stderr.String(), tc.status, tc.inStderr)
			}
		})
	}
}

// TestMainRun drives the whole command: a run with a config file, reports on disk, the table on stdout.
func TestBenchRun(t *testing.T) {
	out := t.TempDir()
	script, err := filepath.Abs(filepath.Join(benchData, "solvers", "errors-then-right.sh"))
	if err != nil {
		t.Fatal(err)
	}
	config := filepath.Join(out, "solvers.conf")
	if err := os.WriteFile(config, []byte("# peers\nright="+script+" {file}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wrong, _ := filepath.Abs(filepath.Join(benchData, "solvers", "wrong.sh"))
	var stdout, stderr bytes.Buffer
	args := []string{"run", filepath.Join(benchData, "suite"), "--config", config, "--solver", "bad=" + wrong + " {file}",
		"-o", out, "-j", "2", "-t", "5s", "--repeat", "2"}
	if got := runBench(args, &stdout, &stderr); got != 0 {
		t.Fatalf("status %d, stderr:\n%s", got, stderr.String())
	}
	if !strings.Contains(stdout.String(), "| right | 6 | 6 |") || !strings.Contains(stdout.String(), "WRONG ANSWERS: 6") {
		t.Errorf("table:\n%s", stdout.String())
	}
	if !strings.Contains(stderr.String(), "!!! 6 WRONG ANSWERS") {
		t.Errorf("stderr does not flag the wrong answers:\n%s", stderr.String())
	}
	for _, f := range []string{bench.ResultsFile, bench.MetaFile, bench.TableFile, bench.SummaryCSVFile, bench.SummaryJSONFile, bench.ResultsCSVFile,
		"cactus.png", "cactus.svg", "scatter-right-vs-bad.png", "scatter-right-vs-bad.svg"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("missing report: %v", err)
		}
	}
	if n := countRecords(t, filepath.Join(out, bench.ResultsFile)); n != 2*2*6 {
		t.Errorf("%d records, want 24 (2 solvers, 6 files, 2 repeats)", n)
	}
	// compare of a run with itself: nothing gained or lost.
	stdout.Reset()
	if got := runBench([]string{"compare", out, filepath.Join(out, bench.ResultsFile)}, &stdout, &stderr); got != 0 {
		t.Fatalf("compare status %d: %s", got, stderr.String())
	}
	if !strings.Contains(stdout.String(), "| right | 6 | 6 | +0 | 0 | 0 |") {
		t.Errorf("compare:\n%s", stdout.String())
	}
	// report re-scores the directory with the solver order of run.json.
	stdout.Reset()
	if got := runBench([]string{"report", out}, &stdout, &stderr); got != 0 || !strings.Contains(stdout.String(), "| right | 6 |") {
		t.Errorf("report status %d:\n%s", got, stdout.String())
	}
	if i, j := strings.Index(stdout.String(), "| right |"), strings.Index(stdout.String(), "| bad |"); i > j {
		t.Errorf("report lost the solver order of run.json")
	}
}

// TestMainShardsAndMerge drives `run --shard` twice and `merge`: the merged table equals an unsharded run's.
func TestBenchShardsAndMerge(t *testing.T) {
	root := t.TempDir()
	right, _ := filepath.Abs(filepath.Join(benchData, "solvers", "errors-then-right.sh"))
	suite := filepath.Join(benchData, "suite")
	var stdout, stderr bytes.Buffer
	for _, sh := range []string{"1/2", "2/2"} {
		args := []string{"run", suite, "--solver", "right=" + right + " {file}", "-o", filepath.Join(root, sh[:1]), "-t", "5s", "--shard", sh}
		if got := runBench(args, &stdout, &stderr); got != 0 {
			t.Fatalf("shard %s: status %d, stderr:\n%s", sh, got, stderr.String())
		}
	}
	if n := countRecords(t, filepath.Join(root, "1", bench.ResultsFile)); n != 3 {
		t.Errorf("shard 1/2 ran %d files, want 3 of 6", n)
	}
	stdout.Reset()
	merged := filepath.Join(root, "merged")
	if got := runBench([]string{"merge", filepath.Join(root, "1"), filepath.Join(root, "2"), "-o", merged}, &stdout, &stderr); got != 0 {
		t.Fatalf("merge: status %d, stderr:\n%s", got, stderr.String())
	}
	if !strings.Contains(stdout.String(), "| right | 6 | 6 |") || !strings.Contains(stdout.String(), "| 2/2 |") {
		t.Errorf("merged table:\n%s", stdout.String())
	}
	for _, f := range []string{bench.ResultsFile, bench.MetaFile, bench.TableFile, bench.ShardsFile, "cactus.png"} {
		if _, err := os.Stat(filepath.Join(merged, f)); err != nil {
			t.Errorf("missing: %v", err)
		}
	}
	if got := runBench([]string{"run", suite, "--solver", "right=" + right + " {file}", "--shard", "3/2"}, &stdout, &stderr); got != 1 || !strings.Contains(stderr.String(), "want I/N") {
		t.Errorf("bad shard: status %d, %s", got, stderr.String())
	}
}
