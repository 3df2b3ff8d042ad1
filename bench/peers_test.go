package bench

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

const peersTSV = "path\texpected\tz3_answer\tz3_cpu_s\tbtor_answer\tbtor_cpu_s\tbest_peer\tbest_cpu_s\n" +
	"a.smt2\tsat\tsat\t0.500\tsat\t0.004\tbtor\t0.004\n" + // best: btor 4 ms
	"b.smt2\tunsat\tunsat\t1.000\tsat\t0.001\tz3\t1.000\n" + // btor is wrong: best is z3
	"c.smt2\tunsat\ttimeout\t20.1\terror\t0.002\t-\t-\n" + // no peer
	"d.smt2\tsat\tsat\t25.0\tunknown\t1.0\t-\t-\n" // z3 over the 20 s limit

// TestComparePeers: per file, the best peer is the fastest right answer
// within the limit; slow files, PAR-2 of both sides and the geometric mean
// of the ratios follow from it.
func TestComparePeers(t *testing.T) {
	p, err := ParsePeers(strings.NewReader(peersTSV), "peers.tsv")
	if err != nil {
		t.Fatal(err)
	}
	rec := func(file string, exp Status, res Result, cpu float64) Record {
		return Record{Solver: "s", File: file, Repeat: 1, Expected: exp, Result: res, LimitSec: 20, WallSec: cpu, UserSec: cpu}
	}
	recs := []Record{
		rec("a.smt2", StatusSat, ResultSat, 0.8),     // 0.8 > 2×0.004+0.1: slow
		rec("b.smt2", StatusUnsat, ResultUnsat, 1.5), // 1.5 ≤ 2×1+0.1
		rec("c.smt2", StatusUnsat, ResultUnsat, 3),   // no peer solved it
		rec("d.smt2", StatusSat, ResultTimeout, 20),  // unsolved, no peer within the limit
		rec("e.smt2", StatusSat, ResultSat, 0.1),     // not in the table
	}
	vs := ComparePeers(ScoreRecords(recs, []string{"s"}), p, 0)
	if len(vs) != 1 {
		t.Fatalf("%d solvers", len(vs))
	}
	v := vs[0]
	checks := []struct {
		name      string
		got, want float64
	}{
		{"files", float64(v.Files), 4},
		{"solved", float64(v.Solved), 3},
		{"PAR-2", v.PAR2, 0.8 + 1.5 + 3 + 40},
		{"peers' PAR-2", v.PeersPAR2, 0.004 + 1 + 40 + 40},
		{"slow", float64(v.Slow), 1},
		{"solved by no peer", float64(v.OnlySolver), 1},
		{"missing", float64(v.MissingPeers), 1},
		{"geometric mean", v.GeoMean, math.Sqrt((0.8 / 0.01) * (1.5 / 1))},
	}
	for _, c := range checks {
		if math.Abs(c.got-c.want) > 1e-9 {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
	if v.Rows[0].File != "a.smt2" || v.Rows[0].BestPeer != "btor" {
		t.Errorf("slowest row %+v, want a.smt2 against btor", v.Rows[0])
	}
	var out bytes.Buffer
	if err := WritePeerComparison(&out, vs, 20, 10); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "peers.md", out.Bytes())

	// Under a CPU limit of 1 s, the 1.5 s and 3 s answers are unsolved.
	v = ComparePeers(ScoreRecords(recs, []string{"s"}), p, 1)[0]
	if v.Solved != 1 || math.Abs(v.PAR2-(0.8+2+2+2)) > 1e-9 || math.Abs(v.PeersPAR2-(0.004+1+2+2)) > 1e-9 {
		t.Errorf("CPU limit 1 s: solved %d, PAR-2 %v, peers' %v; want 1, 6.8, 5.004", v.Solved, v.PAR2, v.PeersPAR2)
	}
}

// TestParsePeersErrors: malformed tables are errors with the line.
func TestParsePeersErrors(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"empty", "", "empty peers table"},
		{"no path column", "file\tz3_answer\n", "first column must be path"},
		{"no peers", "path\texpected\n", "no NAME_answer column"},
		{"short line", "path\tz3_answer\tz3_cpu_s\na.smt2\tsat\n", "t.tsv:2: 2 fields"},
		{"bad time", "path\tz3_answer\tz3_cpu_s\na.smt2\tsat\tfast\n", "t.tsv:2: column z3_cpu_s"},
		{"twice", "path\tz3_answer\tz3_cpu_s\na\tsat\t1\na\tsat\t1\n", "t.tsv:3: path \"a\" listed twice"},
	}
	for _, tc := range tests {
		_, err := ParsePeers(strings.NewReader(tc.text), "t.tsv")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}
