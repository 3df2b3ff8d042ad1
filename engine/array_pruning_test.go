package engine_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/engine/bitblast"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// runOpts runs a script with options opts and returns its output, the
// statistics of its (last) session and the number of failed models.
func runOpts(tb testing.TB, script string, opts engine.Options) (string, map[string]string, int) {
	tb.Helper()
	var out bytes.Buffer
	var sessions []*engine.Session
	in := smtlib.NewInterpreter(smtlib.Config{ProduceModels: true, NewSolver: func(st *term.Store) smtlib.Solver {
		s := engine.NewSession(st, opts)
		sessions = append(sessions, s)
		return s
	}}, &out)
	if err := in.Run(context.Background(), strings.NewReader(script)); err != nil {
		tb.Fatal(err)
	}
	stats := map[string]string{}
	bad := 0
	for _, s := range sessions {
		for _, kv := range s.Statistics() {
			stats[kv[0]] = kv[1]
		}
		bad += s.Driver().ValidationFailures
	}
	return out.String(), stats, bad
}

// statInt is a numeric statistic; a missing one fails the test.
func statInt(t *testing.T, stats map[string]string, name string) int {
	t.Helper()
	s, ok := stats[name]
	if !ok {
		t.Fatalf("no statistic %s", name)
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("statistic %s = %q", name, s)
	}
	return n
}

var pruningModes = []bitblast.Pruning{bitblast.PruningOff, bitblast.PruningIntervals, bitblast.PruningFull}

// bytes16 declares a 16-byte array a, all zero but byte 5 (#x09), by
// per-byte asserts, and a 32-bit x.
func bytes16() string {
	var b strings.Builder
	b.WriteString("(declare-fun a () (Array (_ BitVec 32) (_ BitVec 8)))(declare-fun x () (_ BitVec 32))\n")
	for k := 0; k < 16; k++ {
		v := 0
		if k == 5 {
			v = 9
		}
		b.WriteString("(assert (= (select a (_ bv" + strconv.Itoa(k) + " 32)) (_ bv" + strconv.Itoa(v) + " 8)))\n")
	}
	return b.String()
}

// TestArrayPruningTraps: reads whose only solution sits where a naive
// pruning (intervals without wrap-around, offsets from concat positions,
// signed bounds read as unsigned) would drop the needed lemma. Every mode
// must give the exact answer.
func TestArrayPruningTraps(t *testing.T) {
	tests := []struct{ name, script, want string }{
		// x+21 wraps to [5, 15]: only x = #xfffffff0 reads byte 5.
		{"wrap-around", bytes16() + "(assert (bvuge x #xfffffff0))(assert (bvule x #xfffffffa))(assert (= (select a (bvadd x #x00000015)) #x09))(check-sat)(get-value (x))",
			"sat\n((x #xfffffff0))\n"},
		// 4x+1 has offset 1 in a 4-byte stride although it is the low byte of
		// its concat: only x = 1 reaches byte 5.
		{"unaligned access", bytes16() + "(assert (bvult x #x00000004))" +
			"(assert (= (concat (select a (bvadd (bvmul #x00000004 x) #x00000002)) (select a (bvadd (bvmul #x00000004 x) #x00000001))) #x0009))(check-sat)(get-value (x))",
			"sat\n((x #x00000001))\n"},
		// x <s 16 admits negative x, where a is unconstrained.
		{"signed bound", bytes16() + "(assert (bvslt x #x00000010))(assert (= (select a x) #x07))(check-sat)", "sat\n"},
		// The unsigned bound leaves only the asserted bytes: no 7.
		{"unsigned bound", bytes16() + "(assert (bvult x #x00000010))(assert (= (select a x) #x07))(check-sat)", "unsat\n"},
	}
	for _, tc := range tests {
		for _, mode := range pruningModes {
			t.Run(tc.name+"-"+string(mode), func(t *testing.T) {
				out, _, bad := runOpts(t, tc.script, engine.Options{NoFallback: true, ArrayPruning: mode})
				if out != tc.want || bad != 0 {
					t.Fatalf("got %q (%d failed models), want %q", out, bad, tc.want)
				}
			})
		}
	}
}

// TestSeed003Stats checks the digest §7 properties through the engine's
// statistics, and that every pruning mode gives each seed file its :status.
func TestSeed003Stats(t *testing.T) {
	files, err := filepath.Glob("../testdata/seeds/003/*.smt2")
	if err != nil || len(files) != 20 {
		t.Fatalf("want 20 seed files, got %d (%v)", len(files), err)
	}
	stats := map[bitblast.Pruning]map[string]map[string]string{}
	for _, mode := range pruningModes {
		stats[mode] = map[string]map[string]string{}
		for _, f := range files {
			script, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want := statusRE.FindSubmatch(script)[1]
			out, st, bad := runOpts(t, string(script), engine.Options{NoFallback: true, ArrayPruning: mode})
			name := strings.TrimSuffix(filepath.Base(f), ".smt2")
			if out != string(want)+"\n" || bad != 0 {
				t.Errorf("%s (%s): got %q (%d failed models), want %s", name, mode, out, bad, want)
			}
			stats[mode][name[:3]] = st
		}
	}
	full := stats[bitblast.PruningFull]
	if got := statInt(t, full["t02"], "array-candidate-lemmas"); got != 156 {
		t.Errorf("t02: %d candidate lemmas, want 156", got)
	}
	if got := statInt(t, full["t02"], "array-lemmas-generated"); got > 20 {
		t.Errorf("t02: %d lemmas generated, want at most 20", got)
	}
	if got := statInt(t, full["t15"], "array-lemmas-generated"); got != 0 {
		t.Errorf("t15: %d lemmas generated, want 0", got)
	}
	for _, s := range []string{"t01", "t18"} {
		if statInt(t, full[s], "array-precheck-unsat") != 1 || statInt(t, full[s], "bitblast-calls") != 0 {
			t.Errorf("%s: the pre-check alone must decide it: %v", s, full[s])
		}
	}
	for s, st := range full {
		if got := statInt(t, st, "array-violated-pruned"); got != 0 {
			t.Errorf("%s: %d violated lemmas between indices the analysis proves distinct", s, got)
		}
	}
	for _, s := range []string{"t06", "t08", "t17"} {
		if got := statInt(t, full[s], "array-precheck-unsat"); got != 0 {
			t.Errorf("%s: the pre-check claims unsat on a sat file", s)
		}
	}
	// The pruning only removes lemmas: off >= intervals >= full on t02.
	off := statInt(t, stats[bitblast.PruningOff]["t02"], "array-lemmas-generated")
	iv := statInt(t, stats[bitblast.PruningIntervals]["t02"], "array-lemmas-generated")
	if fu := statInt(t, full["t02"], "array-lemmas-generated"); !(off >= iv && iv >= fu) {
		t.Errorf("t02 lemmas generated: off %d, intervals %d, full %d: want non-increasing", off, iv, fu)
	}
}
