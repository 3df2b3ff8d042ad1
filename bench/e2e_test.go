package bench

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func fakeSolver(t *testing.T, name, script string) Solver {
	t.Helper()
	path, err := filepath.Abs(filepath.Join("testdata", "solvers", script))
	if err != nil {
		t.Fatal(err)
	}
	return Solver{Name: name, Kind: KindCommand, Argv: []string{path, "{file}"}}
}

func testSuite(t *testing.T) *Suite {
	t.Helper()
	s, err := LoadSuite(filepath.Join("testdata", "suite"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func countLines(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Count(data, []byte("\n"))
}

// TestEndToEnd runs the real z3 next to fake solvers that answer wrong, crash, or print errors before a right
// answer, then checks the records, the score and that a second run resumes with nothing to do.
func TestEndToEnd(t *testing.T) {
	if _, err := exec.LookPath("z3"); err != nil {
		t.Skip("z3 is not on PATH; install Debian's z3 to run the end-to-end test")
	}
	suite := testSuite(t)
	out := t.TempDir()
	var log bytes.Buffer
	cfg := RunConfig{
		Suite: suite,
		Solvers: []Solver{{Name: "z3", Kind: KindZ3, Argv: []string{"z3"}},
			fakeSolver(t, "wrong", "wrong.sh"), fakeSolver(t, "crash", "crash.sh"), fakeSolver(t, "err", "errors-then-right.sh")},
		Limits: Limits{Wall: 10 * time.Second, KillMargin: time.Second, MemoryBytes: 4 << 30},
		Jobs:   2, Repeat: 1, OutDir: out, Log: &log,
	}
	recs, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	n := len(suite.Instances)
	if len(recs) != 4*n {
		t.Fatalf("got %d records, want %d", len(recs), 4*n)
	}
	for _, r := range recs {
		if r.File == "" || len(r.Command) == 0 || r.WallSec <= 0 {
			t.Errorf("incomplete record %+v", r)
		}
		switch r.Solver {
		case "crash":
			if r.Result != ResultError || r.Signal != "segmentation fault" || r.ExitCode != -1 || !strings.Contains(r.StderrHead, "about to crash") {
				t.Errorf("crash: %+v", r)
			}
		case "err":
			if r.ErrorsPrinted != 1 || string(r.Result) != string(r.Expected) {
				t.Errorf("errors then right answer: %+v", r)
			}
		case "z3":
			if string(r.Result) != string(r.Expected) || r.MaxRSSKB <= 0 || r.CPUSec() <= 0 {
				t.Errorf("z3: %+v", r)
			}
		}
	}
	sc := ScoreRecords(recs, []string{"z3", "wrong", "crash", "err"})
	want := map[string]Tally{
		"z3":    {Solved: n, Wrong: 0},
		"wrong": {Solved: 0, Wrong: n},
		"crash": {Solved: 0, Error: n},
		"err":   {Solved: n, AfterErrors: n},
	}
	for s, w := range want {
		got := sc.Total[s]
		if got.Solved != w.Solved || got.Wrong != w.Wrong || got.Error != w.Error || got.AfterErrors != w.AfterErrors || got.Files != n {
			t.Errorf("%s: got %+v, want %+v", s, got, w)
		}
	}
	if len(sc.Wrong) != n {
		t.Errorf("wrong answers listed: %d, want %d", len(sc.Wrong), n)
	}
	if c := strings.Count(log.String(), "!!! WRONG ANSWER: wrong said"); c != n {
		t.Errorf("the run flagged %d wrong answers on the log, want %d:\n%s", c, n, log.String())
	}
	var md bytes.Buffer
	if err := WriteMarkdown(&md, sc); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "| wrong | bv/add-sat.smt2 | unsat | sat | no |") {
		t.Errorf("the table does not list the wrong answer by file:\n%s", md.String())
	}

	// Resume: everything is on record, so a second run starts no process and returns the same records.
	before := countLines(t, filepath.Join(out, ResultsFile))
	recs2, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if after := countLines(t, filepath.Join(out, ResultsFile)); after != before || len(recs2) != len(recs) {
		t.Errorf("resume ran again: %d lines before, %d after, %d records", before, after, len(recs2))
	}
	// A different limit in the same directory is refused rather than mixed in.
	cfg.Limits.Wall = 3 * time.Second
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("a changed limit was accepted: %v", err)
	}
}

// TestHangingSolverIsKilled: a solver (and its child) that never answers is killed at the limit plus margin.
func TestHangingSolverIsKilled(t *testing.T) {
	suite := testSuite(t)
	suite.Instances = suite.Instances[:1]
	cfg := RunConfig{Suite: suite, Solvers: []Solver{fakeSolver(t, "hang", "hang.sh")},
		Limits: Limits{Wall: 500 * time.Millisecond, KillMargin: 200 * time.Millisecond}, Jobs: 1, OutDir: t.TempDir()}
	recs, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := recs[0]
	if r.Result != ResultTimeout || !r.Killed || r.Signal != "killed" || r.WallSec < 0.5 {
		t.Errorf("hanging solver: %+v", r)
	}
}

// TestMemoryLimit: a solver that allocates beyond the RLIMIT_AS cap fails, and that is an error result.
func TestMemoryLimit(t *testing.T) {
	if _, err := exec.LookPath("prlimit"); err != nil {
		t.Skip("prlimit(1) is not on PATH")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not on PATH; it stands in for a memory-hungry solver")
	}
	suite := testSuite(t)
	suite.Instances = suite.Instances[:1]
	hog := Solver{Name: "hog", Kind: KindCommand, Argv: []string{"python3", "-c", "x = bytearray(1 << 28); print('sat')", "{file}"}}
	for _, tc := range []struct {
		mem  uint64
		want Result
	}{{128 << 20, ResultError}, {0, ResultSat}} {
		cfg := RunConfig{Suite: suite, Solvers: []Solver{hog}, Limits: Limits{Wall: 20 * time.Second, KillMargin: time.Second, MemoryBytes: tc.mem},
			Jobs: 1, OutDir: t.TempDir()}
		recs, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if recs[0].Result != tc.want {
			t.Errorf("memory cap %d: got %s (stderr %q), want %s", tc.mem, recs[0].Result, recs[0].StderrHead, tc.want)
		}
	}
}

// TestCancelSavesPartialResults: canceling (what Ctrl-C does) kills the running job, keeps the finished ones
// on record and leaves a file the next run resumes from.
func TestCancelSavesPartialResults(t *testing.T) {
	suite := testSuite(t)
	suite.Instances = suite.Instances[:2]
	out := t.TempDir()
	cfg := RunConfig{Suite: suite, Solvers: []Solver{fakeSolver(t, "err", "errors-then-right.sh"), fakeSolver(t, "hang", "hang.sh")},
		Limits: Limits{Wall: time.Minute, KillMargin: time.Second}, Jobs: 1, OutDir: out}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	var recs []Record
	go func() {
		var err error
		recs, err = Run(ctx, cfg)
		done <- err
	}()
	// With one job, "err" on the first file finishes first and then "hang" starts; cancel once it is on record.
	results := filepath.Join(out, ResultsFile)
	for {
		if data, err := os.ReadFile(results); err == nil && bytes.Count(data, []byte("\n")) == 1 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	err := <-done
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if len(recs) != 1 || recs[0].Solver != "err" {
		t.Fatalf("partial records %+v, want the one finished run", recs)
	}
	saved, err := ReadRecords(results)
	if err != nil || len(saved) != 1 {
		t.Fatalf("saved %d records, err %v", len(saved), err)
	}
}

func TestMissingBinary(t *testing.T) {
	cfg := RunConfig{Suite: testSuite(t), Solvers: []Solver{{Name: "nope", Kind: KindZ3, Argv: []string{"no-such-solver-binary"}}},
		Limits: Limits{Wall: time.Second}, OutDir: t.TempDir()}
	_, err := Run(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), `binary "no-such-solver-binary" not found`) {
		t.Errorf("got %v", err)
	}
}

func TestTornResultsFileIsRepaired(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ResultsFile)
	good := `{"solver":"a","file":"f","repeat":1,"result":"sat"}` + "\n"
	if err := os.WriteFile(path, []byte(good+`{"solver":"a","fi`), 0o644); err != nil {
		t.Fatal(err)
	}
	recs, err := loadForResume(path)
	if err != nil || len(recs) != 1 {
		t.Fatalf("got %d records, %v", len(recs), err)
	}
	if data, _ := os.ReadFile(path); string(data) != good {
		t.Errorf("torn line not cut: %q", data)
	}
}
