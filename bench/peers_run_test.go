package bench

import (
	"strings"
	"testing"
)

// TestPeersFromRun: the peers are solvers of the run; a file without an
// expected status takes the answer the run agrees on, none on a
// disagreement, and a peer that is not in the run is an error.
func TestPeersFromRun(t *testing.T) {
	rec := func(solver, file string, exp Status, res Result, cpu float64) Record {
		return Record{Solver: solver, File: file, Repeat: 1, Expected: exp, Result: res, LimitSec: 20, WallSec: cpu, UserSec: cpu}
	}
	recs := []Record{
		rec("sift", "a.smt2", StatusSat, ResultSat, 0.9), rec("z3", "a.smt2", StatusSat, ResultSat, 0.2), rec("cvc5", "a.smt2", StatusSat, ResultTimeout, 20),
		rec("sift", "b.smt2", StatusUnknown, ResultUnsat, 0.1), rec("z3", "b.smt2", StatusUnknown, ResultUnsat, 0.5), rec("cvc5", "b.smt2", StatusUnknown, ResultUnknown, 1),
		rec("sift", "c.smt2", StatusUnknown, ResultSat, 0.1), rec("z3", "c.smt2", StatusUnknown, ResultUnsat, 0.5), rec("cvc5", "c.smt2", StatusUnknown, ResultUnsat, 0.3),
	}
	sc := ScoreRecords(recs, []string{"sift", "z3", "cvc5"})
	p, err := PeersFromRun(sc, []string{"z3", "cvc5"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		file     string
		expected Status
		best     string
		cpu      float64
	}{
		{"a.smt2", StatusSat, "z3", 0.2},
		{"b.smt2", StatusUnsat, "z3", 0.5}, // agreed by sift and z3
		{"c.smt2", "", "", 0},              // sift and the peers disagree
	}
	for _, tc := range tests {
		pf := p.Files[tc.file]
		if pf == nil {
			t.Fatalf("%s: not in the table", tc.file)
		}
		if pf.Expected != tc.expected {
			t.Errorf("%s: expected %q, want %q", tc.file, pf.Expected, tc.expected)
		}
		best, cpu, ok := pf.Best(p.Names, 20)
		if best != tc.best || (ok && cpu != tc.cpu) {
			t.Errorf("%s: best %q %v, want %q %v", tc.file, best, cpu, tc.best, tc.cpu)
		}
	}
	if _, ok := p.Files["a.smt2"].Answers["sift"]; ok {
		t.Error("sift is not a peer but has an answer in the table")
	}
	if _, err := PeersFromRun(sc, []string{"bitwuzla"}); err == nil || !strings.Contains(err.Error(), "bitwuzla") {
		t.Errorf("unknown peer: error %v", err)
	}
}
