package difftest

import (
	"context"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// envInt reads a positive integer from the environment, or def.
func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// differential runs SIFT_DIFF_N formulas (def by default) from SIFT_DIFF_SEED
// of the vocabulary set in base and fails on every mismatch. SIFT_DIFF_DISABLE
// names pipeline steps to leave out (comma-separated); SIFT_DIFF_PROGRESS sets
// how many formulas pass between progress lines (10,000 by default), so that a
// shard stopped early still has a recent count.
func differential(t *testing.T, base Config, def int) {
	z3, err := exec.LookPath("z3")
	if err != nil {
		t.Skip("z3 not installed: the differential test needs the z3 binary")
	}
	n := envInt("SIFT_DIFF_N", def)
	shown := 0 // mismatches already logged by Progress
	if testing.Short() {
		n = min(n, def/4)
	}
	cfg := base
	cfg.N, cfg.Seed, cfg.Z3 = n, uint64(envInt("SIFT_DIFF_SEED", 1)), z3
	cfg.Batch, cfg.ProgressEvery = envInt("SIFT_DIFF_BATCH", 0), envInt("SIFT_DIFF_PROGRESS", 10000)
	if d := os.Getenv("SIFT_DIFF_DISABLE"); d != "" {
		cfg.Disable = strings.Split(d, ",")
	}
	cfg.Progress = func(r *Report) {
		t.Logf("progress: %v", r)
		for _, m := range r.Mismatches[shown:] {
			t.Logf("mismatch so far: %v", m)
		}
		shown = len(r.Mismatches)
	}
	rep, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range rep.Mismatches {
		if i == 20 {
			t.Errorf("… %d more mismatches", len(rep.Mismatches)-i)
			break
		}
		t.Errorf("seed %d, %v", cfg.Seed, m)
	}
	if rep.Formulas != n {
		t.Errorf("%d formulas judged, want %d", rep.Formulas, n)
	}
	t.Logf("seed %d: %v", cfg.Seed, rep)
}

// TestDifferentialQFBV cross-checks sift with z3 on random QF_BV formulas
// over widths 1–70. Longer runs: make fuzz-diff N=200000 SEED=7.
func TestDifferentialQFBV(t *testing.T) { differential(t, Config{}, 2000) }

// TestDifferentialArrays does the same with arrays and uninterpreted
// functions. Longer runs: make fuzz-diff-arrays N=100000 SEED=7.
func TestDifferentialArrays(t *testing.T) { differential(t, Config{Arrays: true}, 1000) }

// TestDifferentialQuant does the same with quantifiers (nested ∀ and ∃ over
// Booleans and bit-vectors of 1–32 bits). Longer runs: make fuzz-diff-quant
// N=20000 SEED=7.
func TestDifferentialQuant(t *testing.T) { differential(t, Config{Quant: true}, 400) }

// TestJudgeCatchesWrongAnswers checks that the harness fails on wrong
// answers: an unsat for a satisfiable formula, a sat whose model is wrong,
// and a wrong probe value.
func TestJudgeCatchesWrongAnswers(t *testing.T) {
	z3, err := exec.LookPath("z3")
	if err != nil {
		t.Skip("z3 not installed")
	}
	const decls = "(declare-const x8 (_ BitVec 8))(declare-const y8 (_ BitVec 8))"
	model := "(define-fun x8 () (_ BitVec 8) #x03)\n(define-fun y8 () (_ BitVec 8) #x04)"
	fs := []Formula{
		{[2]string{"(= x8 #x03)", "true"}, "x8"},              // right model, right value
		{[2]string{"(= x8 #x05)", "true"}, "x8"},              // wrong model
		{[2]string{"(bvult x8 y8)", "true"}, "(bvadd x8 y8)"}, // wrong value
		{[2]string{"(bvult x8 y8)", "true"}, "x8"},            // sat, but sift says unsat
		{[2]string{"(bvult x8 x8)", "true"}, "x8"},            // unsat, and sift agrees
	}
	answers := []siftAnswer{
		{"sat", "#x03", model}, {"sat", "#x03", model}, {"sat", "#x08", model},
		{status: "unsat"}, {status: "unsat"},
	}
	rep := &Report{Sift: map[string]int{}}
	bad, err := judge(context.Background(), Config{Z3: z3, Timeout: 2e9}, []int{8}, decls, fs, answers, rep, &sync.Mutex{})
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, m := range bad {
		kinds = append(kinds, strconv.Itoa(m.Index)+":"+m.Kind)
	}
	want := "1:model-rejected-by-z3 2:model-rejected-by-z3 3:sift-unsat-z3-sat"
	if got := strings.Join(kinds, " "); got != want {
		t.Errorf("mismatches %q, want %q", got, want)
	}
	if rep.ModelsConfirmed != 1 || rep.Z3Agreed != 1 {
		t.Errorf("confirmed %d models and %d unsat answers, want 1 and 1", rep.ModelsConfirmed, rep.Z3Agreed)
	}
}

// TestResponseParsing checks the readers of get-value and get-model output.
func TestResponseParsing(t *testing.T) {
	if got := probeValue("(((bvadd x8 (f y8)) #x0a))"); got != "#x0a" {
		t.Errorf("probeValue = %q", got)
	}
	arr := "(store ((as const (Array (_ BitVec 8) (_ BitVec 8))) #x00) #x81 #xff)"
	if got := probeValue("((a " + arr + "))"); got != arr {
		t.Errorf("probeValue of an array = %q", got)
	}
	if got := probeValue("(error \"x\")"); got != "" {
		t.Errorf("probeValue of an error = %q", got)
	}
	m := "(model\n  (define-fun x () (_ BitVec 8) #x01)\n  (define-fun f ((x!0 (_ BitVec 8))) (_ BitVec 8) #x00)\n)"
	want := "(define-fun x () (_ BitVec 8) #x01)\n(define-fun f ((x!0 (_ BitVec 8))) (_ BitVec 8) #x00)"
	if got := modelDefinitions(m); got != want {
		t.Errorf("modelDefinitions = %q", got)
	}
}
