package z3

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// BenchmarkSolve measures whole calls, context creation to model text, in
// process and in a worker process, over small problems and some quantified
// files of testdata/dev.
// Each iteration makes one call of each kind, in turn; the metrics are the
// time per call of each and the worker's overhead per call:
//
//	go test ./engine/z3 -run '^$' -bench Solve -benchtime 20x
func BenchmarkSolve(b *testing.B) {
	read := func(path string) string {
		text, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		return string(text)
	}
	cases := []struct{ name, script string }{
		{"empty", ""},
		{"qf_bv_sat", `(declare-fun x () (_ BitVec 32)) (declare-fun y () (_ BitVec 32))
			(assert (= (bvadd x y) #x00001234)) (assert (bvult x #x00000100))`},
		{"qf_abv_model", `(declare-fun a () (Array (_ BitVec 32) (_ BitVec 8))) (declare-fun i () (_ BitVec 32))
			(assert (= (select a i) #x41)) (assert (= (select a (bvadd i #x00000001)) #x00))`},
		{"seed000_t04_sat", read(filepath.Join("testdata", "t04_k1_sat.smt2"))},
		{"seed000_t12_unsat", read(filepath.Join("testdata", "t12_two_foralls_unsat.smt2"))},
	}
	// Small and medium quantified files that Z3 solves within a second.
	for _, f := range []string{
		"bitwuzla/test/regress/solver/quant/quant_regr12.smt2",
		"cvc5/test/regress/cli/regress0/quantifiers/qbv-test-invert-bvor.smt2",
		"cvc5/test/regress/cli/regress0/quantifiers/qbv-simp.smt2",
		"cvc5/test/regress/cli/regress1/quantifiers/qbv-test-invert-bvlshr-1.smt2",
		"cvc5/test/regress/cli/regress1/quantifiers/inv-conds.smt2",
		"q3b/tests/data/007.smt2",
		"q3b/tests/data/check_bvuge_bvudiv0_4bit.smt2",
		"z3test/regressions/smt2/t139.smt2",
	} {
		cases = append(cases, struct{ name, script string }{strings.TrimSuffix(filepath.Base(f), ".smt2"),
			read(filepath.Join("..", "..", "testdata", "dev", f))})
	}
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	worker := NewProcess(exe)
	defer worker.Close()
	inProcess := InProcess{}
	solve := func(b *testing.B, s Solver, script string) time.Duration {
		start := time.Now()
		res, err := s.Solve(context.Background(), script)
		if err != nil || res.Status == Unknown {
			b.Fatalf("%+v %v", res, err)
		}
		return time.Since(start)
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			// The two run in turn, so that the load of a shared machine
			// weighs on both alike.
			var in, out time.Duration
			for b.Loop() {
				in += solve(b, inProcess, c.script)
				out += solve(b, worker, c.script)
			}
			n := float64(b.N)
			b.ReportMetric(float64(in.Microseconds())/n, "in-process-µs/call")
			b.ReportMetric(float64(out.Microseconds())/n, "worker-µs/call")
			b.ReportMetric(float64((out-in).Microseconds())/n, "overhead-µs/call")
		})
	}
}
