package engine_test

import (
	"strings"
	"testing"
	"time"

	"github.com/sift-solver/sift/engine"
)

const (
	// n, m: an outer array of inner arrays; A: an inner array.
	nest4 = "(declare-const n (Array (_ BitVec 4) (Array (_ BitVec 4) (_ BitVec 8))))" +
		"(declare-const m (Array (_ BitVec 4) (Array (_ BitVec 4) (_ BitVec 8))))" +
		"(declare-const A (Array (_ BitVec 4) (_ BitVec 8)))" +
		"(declare-const i (_ BitVec 4))(declare-const j (_ BitVec 4))(declare-const k (_ BitVec 4))(declare-const x (_ BitVec 8))"
	// o, p, q: outer arrays with only two indices.
	nest1 = "(declare-const o (Array (_ BitVec 1) (Array (_ BitVec 1) (_ BitVec 1))))" +
		"(declare-const p (Array (_ BitVec 1) (Array (_ BitVec 1) (_ BitVec 1))))" +
		"(declare-const q (Array (_ BitVec 1) (Array (_ BitVec 1) (_ BitVec 1))))" +
		"(declare-const b1 (_ BitVec 1))"
	// h and g take arrays; hn takes a nested array.
	funArr = "(declare-const a (Array (_ BitVec 8) (_ BitVec 8)))(declare-const b (Array (_ BitVec 8) (_ BitVec 8)))" +
		"(declare-const y (_ BitVec 8))(declare-const z (_ BitVec 8))" +
		"(declare-fun h ((Array (_ BitVec 8) (_ BitVec 8))) (_ BitVec 4))" +
		"(declare-fun g ((_ BitVec 8) (Array (_ BitVec 8) (_ BitVec 8))) Bool)" +
		"(declare-fun hn ((Array (_ BitVec 4) (Array (_ BitVec 4) (_ BitVec 8)))) (_ BitVec 8))"
)

// runNoFallback runs script with sift's own stages only (no Z3), and fails
// the test on any model that does not validate on the original assertions.
func runNoFallback(t *testing.T, script string) string {
	t.Helper()
	// The timeout bounds a stuck check; it is not an assertion.
	out, sessions := runWith(t, script, engine.Options{NoFallback: true}, 20*time.Second)
	for _, s := range sessions {
		if f := s.Driver().ValidationFailures; f != 0 {
			t.Errorf("%d models failed validation", f)
		}
	}
	return out
}

// TestNestedArraysScripts checks that sift decides nested arrays and
// functions over arrays itself, with exact answers and forced values.
func TestNestedArraysScripts(t *testing.T) {
	tests := []struct {
		name, script, want string
	}{
		// Nested store and select.
		{"nested store select", nest4 + "(assert (= x (select (select (store n i (store (select n j) k #x07)) i) k)))(check-sat)(get-value (x))",
			"sat\n((x #x07))\n"},
		{"nested row unsat", nest4 + "(assert (= i j))(assert (not (= (select (store n i A) j) A)))(check-sat)", "unsat\n"},
		{"nested read congruence unsat", nest4 + "(assert (= i j))(assert (not (= (select (select n i) k) (select (select n j) k))))(check-sat)", "unsat\n"},
		{"nested const unsat", nest4 + "(assert (= n ((as const (Array (_ BitVec 4) (Array (_ BitVec 4) (_ BitVec 8)))) A)))(assert (not (= (select n i) A)))(check-sat)", "unsat\n"},
		{"nested ite", nest4 + "(declare-const c Bool)(assert (= (select (select (ite c n (store m #x1 A)) #x1) #x2) #x09))(assert (= (select A #x2) #x09))(assert (not (= (select (select n #x1) #x2) #x09)))(check-sat)(get-value (c))",
			"sat\n((c false))\n"},
		{"value of an eliminated nested array", nest4 + "(assert (= n (store m #x3 A)))(assert (= (select A #x1) #x05))(check-sat)(get-value ((select (select n #x3) #x1)))",
			"sat\n(((select (select n #x3) #x1) #x05))\n"},
		// Extensionality.
		{"disequal nested sat", nest4 + "(assert (not (= n m)))(assert (= (select n #x0) (select m #x0)))(check-sat)", "sat\n"},
		{"disequal nested needs a witness", nest4 + "(assert (not (= n m)))(assert (= n (store m i (select m i))))(check-sat)", "unsat\n"},
		{"equal nested agree everywhere", nest4 + "(assert (= n m))(assert (not (= (select (select n i) k) (select (select m i) k))))(check-sat)", "unsat\n"},
		{"equal stores agree elsewhere", nest4 + "(assert (= (store n i A) (store m i A)))(assert (not (= i j)))(assert (not (= (select n j) (select m j))))(check-sat)", "unsat\n"},
		{"equal stores may differ at the index", nest4 + "(assert (= (store n i A) (store m i A)))(assert (not (= (select n i) (select m i))))(check-sat)", "sat\n"},
		{"three levels", "(declare-const d (Array (_ BitVec 2) (Array (_ BitVec 2) (Array (_ BitVec 2) (_ BitVec 2)))))" +
			"(declare-const e (Array (_ BitVec 2) (Array (_ BitVec 2) (Array (_ BitVec 2) (_ BitVec 2)))))(declare-const u (_ BitVec 2))" +
			"(assert (= d e))(assert (not (= (select (select (select d u) #b01) #b10) (select (select (select e u) #b01) #b10))))(check-sat)", "unsat\n"},
		// Two-point outer index: the generic index must be one of the two.
		{"two points agree", nest1 + "(assert (not (= o p)))(assert (= (select o #b0) (select p #b0)))(assert (= (select o #b1) (select p #b1)))(check-sat)", "unsat\n"},
		{"two points one free", nest1 + "(assert (not (= o p)))(assert (= (select o b1) (select p b1)))(check-sat)", "sat\n"},
		{"pigeonhole", nest1 + "(assert (distinct o p q))" +
			"(assert (= (select o #b0) (select p #b0)))(assert (= (select p #b0) (select q #b0)))" +
			"(assert (= (select (select o #b1) #b0) #b0))(assert (= (select (select p #b1) #b0) #b0))(assert (= (select (select q #b1) #b0) #b0))(check-sat)", "unsat\n"},
		{"pigeonhole with room", nest1 + "(assert (distinct o p q))" +
			"(assert (= (select o #b0) (select p #b0)))(assert (= (select p #b0) (select q #b0)))" +
			"(assert (= (select (select o #b1) #b0) #b0))(assert (= (select (select p #b1) #b0) #b0))(check-sat)", "sat\n"},
		// Found by the differential run (seed 7, formula 26660), where z3
		// 4.8.12 answers sat: the sides differ at every index other than the
		// two stored ones (z3 also calls the ground instance sat together
		// with a difference at index 5).
		{"const outer arrays of inner reads", nest4 + "(declare-const x32 (_ BitVec 32))(declare-const x8 (_ BitVec 8))(declare-const y8 (_ BitVec 8))" +
			"(assert (= (store ((as const (Array (_ BitVec 4) (Array (_ BitVec 4) (_ BitVec 8)))) (select n i)) ((_ sign_extend 1) ((_ extract 2 0) x32)) (store (select n #x6) i y8))" +
			" (store ((as const (Array (_ BitVec 4) (Array (_ BitVec 4) (_ BitVec 8)))) (select n j)) (bvshl #xc j) ((as const (Array (_ BitVec 4) (_ BitVec 8))) #x11))))" +
			"(assert (bvugt (bvshl y8 x8) #x8d))(check-sat)", "unsat\n"},
		// Functions of arrays.
		{"congruence over arrays unsat", funArr + "(assert (= a b))(assert (not (= (h a) (h b))))(check-sat)", "unsat\n"},
		{"distinct images sat", funArr + "(assert (= (h a) #x1))(assert (= (h b) #x2))(check-sat)(get-value ((h a) (h b)))",
			"sat\n(((h a) #x1)\n ((h b) #x2))\n"},
		{"congruence by extensionality unsat", funArr + "(assert (= (select a y) z))(assert (not (= (h (store a y z)) (h a))))(check-sat)", "unsat\n"},
		{"mixed arguments unsat", funArr + "(assert (g y a))(assert (not (g z a)))(assert (= y z))(check-sat)", "unsat\n"},
		{"mixed arguments sat", funArr + "(assert (g y a))(assert (not (g z b)))(assert (= y z))(check-sat)(get-value ((g y a) (g z b)))",
			"sat\n(((g y a) true)\n ((g z b) false))\n"},
		{"function of nested arrays", nest4 + funArr + "(assert (= n (store m i (select m i))))(assert (not (= (hn n) (hn m))))(check-sat)", "unsat\n"},
		{"function of nested arrays sat", nest4 + funArr + "(assert (= (hn n) #x01))(assert (= (hn (store n i A)) #x02))(check-sat)(get-value ((hn n)))",
			"sat\n(((hn n) #x01))\n"},
		// Incremental use keeps the eliminated symbols' values right.
		{"push pop", funArr + nest4 + "(assert (= (h a) #x3))(push 1)(assert (= a b))(assert (= (h b) #x4))(check-sat)(pop 1)" +
			"(assert (= (select n #x0) A))(check-sat)(get-value ((h a) (= (select n #x0) A)))",
			"unsat\nsat\n(((h a) #x3)\n ((= (select n #x0) A) true))\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := runNoFallback(t, tc.script)
			if got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestNestedArraysModel checks that get-model prints every eliminated
// symbol: the function over arrays as an ite over array values, and the
// nested array as stores over a constant array.
func TestNestedArraysModel(t *testing.T) {
	got := runNoFallback(t, nest4+funArr+"(assert (= (h a) #x3))(assert (= (select (select n #x2) #x1) #x07))(check-sat)(get-model)")
	for _, want := range []string{
		"sat\n",
		"(define-fun h ((x!0 (Array (_ BitVec 8) (_ BitVec 8)))) (_ BitVec 4) (ite (= x!0 ((as const (Array (_ BitVec 8) (_ BitVec 8)))",
		"(define-fun n () (Array (_ BitVec 4) (Array (_ BitVec 4) (_ BitVec 8)))",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
}
