package bench

import (
	"bytes"
	"flag"
	"math"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

func fixtureScore(t *testing.T) (*Score, []Record) {
	t.Helper()
	recs, err := ReadRecords(filepath.Join("testdata", "fixture", ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	return ScoreRecords(recs, []string{"A", "B"}), recs
}

// The expected tallies are worked out by hand from testdata/fixture/results.jsonl (limit 10 s, so an
// unsolved file costs 20 s of PAR-2); A's f1 is the median of its two repeats, 1.2 s.
func TestScoreTallies(t *testing.T) {
	sc, _ := fixtureScore(t)
	tests := []struct {
		solver string
		want   Tally
	}{
		{"A", Tally{Files: 5, Solved: 3, Sat: 2, Unsat: 1, Timeout: 1, Error: 1, PAR2: 1.2 + 3 + 20 + 20 + 2, SolvedWall: 6.2}},
		{"B", Tally{Files: 5, Solved: 2, Sat: 2, Wrong: 1, Unknown: 1, Timeout: 1, AfterErrors: 1, PAR2: 2 + 20 + 4 + 20 + 20, SolvedWall: 6}},
		{VirtualBest, Tally{Files: 5, Solved: 4, Sat: 3, Unsat: 1, Unknown: 1, PAR2: 1.2 + 3 + 4 + 20 + 2, SolvedWall: 10.2}},
	}
	for _, tc := range tests {
		t.Run(tc.solver, func(t *testing.T) {
			got := sc.Total[tc.solver]
			if math.Abs(got.PAR2-tc.want.PAR2) > 1e-9 || math.Abs(got.SolvedWall-tc.want.SolvedWall) > 1e-9 {
				t.Errorf("PAR-2 %g, solved wall %g; want %g, %g", got.PAR2, got.SolvedWall, tc.want.PAR2, tc.want.SolvedWall)
			}
			got.PAR2, got.SolvedWall, got.SolvedCPU = tc.want.PAR2, tc.want.SolvedWall, 0
			if got != tc.want {
				t.Errorf("tally\n got %+v\nwant %+v", got, tc.want)
			}
		})
	}
	if len(sc.Wrong) != 1 || sc.Wrong[0].Solver != "B" || sc.Wrong[0].File != "fam1/f2.smt2" || !sc.Wrong[0].ErrorsPrinted {
		t.Errorf("wrong answers = %+v, want B on fam1/f2.smt2 after errors", sc.Wrong)
	}
	if a, b := sc.SolvedNotBy["A"]["B"], sc.SolvedNotBy["B"]["A"]; a != 2 || b != 1 {
		t.Errorf("solved by A not B = %d (want 2), by B not A = %d (want 1)", a, b)
	}
	if got := sc.Outcomes[VirtualBest]["fam1/f2.smt2"]; got.Result != ResultUnsat || got.WallSec != 3 {
		t.Errorf("virtual best must skip B's faster wrong answer on f2; got %+v", got)
	}
}

func TestMergeRepeats(t *testing.T) {
	rec := func(res Result, wall float64) Record {
		return Record{Solver: "s", File: "f", Expected: StatusSat, Result: res, WallSec: wall}
	}
	tests := []struct {
		name     string
		runs     []Result
		want     Result
		wrong    bool
		wantWall float64
	}{
		{"all solved", []Result{ResultSat, ResultSat, ResultSat}, ResultSat, false, 2},
		{"one wrong taints all", []Result{ResultSat, ResultUnsat, ResultSat}, ResultUnsat, true, 2},
		{"majority timeout", []Result{ResultSat, ResultTimeout, ResultTimeout}, ResultTimeout, false, 2},
		{"majority solved", []Result{ResultTimeout, ResultSat, ResultSat}, ResultSat, false, 2},
		{"half is not a majority", []Result{ResultSat, ResultError}, ResultError, false, 1.5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var rs []Record
			for i, r := range tc.runs {
				x := rec(r, float64(i+1))
				x.Repeat = i + 1
				rs = append(rs, x)
			}
			o := mergeRepeats(rs)
			if o.Result != tc.want || o.Wrong != tc.wrong || o.WallSec != tc.wantWall {
				t.Errorf("got %s wrong=%v wall=%g; want %s wrong=%v wall=%g", o.Result, o.Wrong, o.WallSec, tc.want, tc.wrong, tc.wantWall)
			}
		})
	}
}

// TestGoldenReports pins the exact markdown and CSV of the fixture; run with -update after an intended change.
func TestGoldenReports(t *testing.T) {
	sc, recs := fixtureScore(t)
	tests := []struct {
		golden string
		write  func(*bytes.Buffer) error
	}{
		{"table.md", func(b *bytes.Buffer) error { return WriteMarkdown(b, sc) }},
		{"summary.csv", func(b *bytes.Buffer) error { return WriteSummaryCSV(b, sc) }},
		{"results.csv", func(b *bytes.Buffer) error { return WriteResultsCSV(b, recs) }},
	}
	for _, tc := range tests {
		t.Run(tc.golden, func(t *testing.T) {
			var b bytes.Buffer
			if err := tc.write(&b); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "golden", tc.golden)
			if *update {
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b.Bytes(), want) {
				t.Errorf("%s differs from the golden file\n--- got ---\n%s\n--- want ---\n%s", tc.golden, b.Bytes(), want)
			}
		})
	}
}

func TestCompare(t *testing.T) {
	_, before := fixtureScore(t)
	// After: A now solves f3 and loses f5; B is unchanged.
	var after []Record
	for _, r := range before {
		switch {
		case r.Solver == "A" && r.File == "fam2/f3.smt2":
			r.Result, r.WallSec, r.Killed = ResultSat, 5, false
		case r.Solver == "A" && r.File == "fam2/f5.smt2":
			r.Result, r.WallSec = ResultTimeout, 10
		}
		after = append(after, r)
	}
	c, err := Compare(before, after)
	if err != nil {
		t.Fatal(err)
	}
	pa := Pair{"A", "A"}
	if len(c.Pairs) != 2 || len(c.Gained[pa]) != 1 || c.Gained[pa][0] != "fam2/f3.smt2" ||
		len(c.Lost[pa]) != 1 || c.Lost[pa][0] != "fam2/f5.smt2" {
		t.Fatalf("pairs %v gained %v lost %v", c.Pairs, c.Gained, c.Lost)
	}
	if d := c.B.Total["A"].PAR2 - c.A.Total["A"].PAR2; math.Abs(d-(5-20+20-2)) > 1e-9 {
		t.Errorf("ΔPAR-2 of A = %g, want 3", d)
	}
	var b bytes.Buffer
	if err := WriteComparison(&b, c, "before", "after"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| A | 3 | 3 | +0 |", "WRONG ANSWER in B: B said sat on fam1/f2.smt2"} {
		if !bytes.Contains(b.Bytes(), []byte(want)) {
			t.Errorf("comparison lacks %q:\n%s", want, b.String())
		}
	}
	// Two single-solver runs under different names are paired with each other.
	var renamed []Record
	for _, r := range after {
		if r.Solver == "A" {
			r.Solver = "A2"
			renamed = append(renamed, r)
		}
	}
	var onlyA []Record
	for _, r := range before {
		if r.Solver == "A" {
			onlyA = append(onlyA, r)
		}
	}
	c, err = Compare(onlyA, renamed)
	if err != nil || len(c.Pairs) != 1 || c.Pairs[0] != (Pair{"A", "A2"}) {
		t.Errorf("renamed single solvers: pairs %v, err %v", c.Pairs, err)
	}
}
