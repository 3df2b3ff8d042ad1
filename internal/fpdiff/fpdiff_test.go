package fpdiff

import (
	"context"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"
)

func envInt(name string, def int) int {
	if s := os.Getenv(name); s != "" {
		if n, err := strconv.Atoi(s); err == nil {
			return n
		}
	}
	return def
}

// TestDifferentialFP runs random QF_BVFP formulas through sift, z3 and cvc5
// (--fp-exp) and settles every disagreement with sift by the reference.
// SIFT_FPDIFF_N (default 20), SIFT_FPDIFF_SEED and SIFT_FPDIFF_OUT (a
// directory for the disagreements as .smt2 files; with SIFT_FPDIFF_ALL=1
// every formula, a benchmark suite) steer it; make
// fuzz-diff-fp runs it long. Sift must never be wrong; the peers' wrong
// answers are reported.
func TestDifferentialFP(t *testing.T) {
	cfg := Config{N: envInt("SIFT_FPDIFF_N", 20), Seed: uint64(envInt("SIFT_FPDIFF_SEED", 1)),
		Out: os.Getenv("SIFT_FPDIFF_OUT"), All: os.Getenv("SIFT_FPDIFF_ALL") != "", Timeout: time.Duration(envInt("SIFT_FPDIFF_TIMEOUT_MS", 3000)) * time.Millisecond}
	if p, err := exec.LookPath("z3"); err == nil {
		cfg.Z3 = p
	}
	if p, err := exec.LookPath("cvc5"); err == nil {
		cfg.CVC5 = p
	}
	if cfg.Z3 == "" && cfg.CVC5 == "" {
		t.Skip("neither z3 nor cvc5 is on PATH")
	}
	rep, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(rep)
	for _, o := range rep.Outcomes {
		t.Logf("formula %d: sift %s, z3 %s, cvc5 %s, settled %q", o.Index, describe(o.Sift), describe(o.Z3), describe(o.CVC5), o.Settled)
		if o.SiftWrong {
			t.Errorf("formula %d: sift is wrong:\n%s", o.Index, Generate(cfg.Seed, o.Index).Script(o.Settled))
		}
	}
}
