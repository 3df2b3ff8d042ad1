package z3

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkSolve measures whole calls, context creation to model text.
func BenchmarkSolve(b *testing.B) {
	read := func(name string) string {
		text, err := os.ReadFile(filepath.Join("testdata", name))
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
		{"seed000_t04_sat", read("t04_k1_sat.smt2")},
		{"seed000_t12_unsat", read("t12_two_foralls_unsat.smt2")},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				res, err := Solve(context.Background(), c.script)
				if err != nil || res.Status == Unknown {
					b.Fatalf("%+v %v", res, err)
				}
			}
		})
	}
}
