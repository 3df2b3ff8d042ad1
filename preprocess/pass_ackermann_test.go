package preprocess

import (
	"strings"
	"testing"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

func TestAckermann(t *testing.T) {
	const decl = "(declare-const a (Array (_ BitVec 1) (_ BitVec 1)))(declare-const b (Array (_ BitVec 1) (_ BitVec 1)))" +
		"(declare-const x (_ BitVec 1))(declare-const y (_ BitVec 1))" +
		"(declare-fun h ((Array (_ BitVec 1) (_ BitVec 1))) (_ BitVec 1))" +
		"(declare-fun g ((_ BitVec 1) (Array (_ BitVec 1) (_ BitVec 1))) Bool)" +
		"(declare-fun k ((Array (_ BitVec 1) (_ BitVec 1))) (Array (_ BitVec 1) (_ BitVec 1)))" +
		"(declare-fun f ((_ BitVec 1)) (_ BitVec 1))" +
		"(declare-fun m ((_ BitVec 1)) (Array (_ BitVec 1) (_ BitVec 1)))"
	tests := []struct {
		name, script string
		want         string // the assertions after the pass
		elim         int
		sat          bool
	}{
		{"one application", "(assert (= (h a) #b1))", "(= ack!0 #b1)", 1, true},
		{"congruence unsat", "(assert (= a b))(assert (not (= (h a) (h b))))",
			"(= a b)\n(not (= ack!0 ack!1))\n(=> (= a b) (= ack!0 ack!1))", 1, false},
		{"congruence sat", "(assert (not (= (h a) (h b))))",
			"(not (= ack!0 ack!1))\n(=> (= a b) (= ack!0 ack!1))", 1, true},
		{"mixed arguments", "(assert (g x a))(assert (not (g y a)))",
			"ack!0\n(not ack!1)\n(=> (= x y) (= ack!0 ack!1))", 1, true},
		{"mixed arguments unsat", "(assert (g x a))(assert (not (g y a)))(assert (= x y))",
			"ack!0\n(not ack!1)\n(= x y)\n(=> (= x y) (= ack!0 ack!1))", 1, false},
		{"nested applications", "(assert (= (select (k (k a)) #b0) #b1))(assert (= (k a) a))",
			"(= (select ack!1 #b0) #b1)\n(= ack!0 a)\n(=> (= a ack!0) (= ack!0 ack!1))", 1, true},
		{"nested applications unsat", "(assert (= (select (k (k a)) #b0) #b1))(assert (= (k a) a))(assert (= (select a #b0) #b0))",
			"(= (select ack!1 #b0) #b1)\n(= ack!0 a)\n(= (select a #b0) #b0)\n(=> (= a ack!0) (= ack!0 ack!1))", 1, false},
		{"two functions", "(assert (= (h (k a)) (h b)))",
			"(= ack!1 ack!2)\n(=> (= ack!0 b) (= ack!1 ack!2))", 2, true},
		{"bit-vector functions stay", "(assert (= (f x) (h a)))", "(= (f x) ack!0)", 1, true},
		{"array range", "(assert (= (select (m x) #b0) #b1))(assert (= (select (m y) #b0) #b0))",
			"(= (select ack!0 #b0) #b1)\n(= (select ack!1 #b0) #b0)\n(=> (= x y) (= ack!0 ack!1))", 1, true},
		{"array range unsat", "(assert (= (select (m x) #b0) #b1))(assert (= (select (m y) #b0) #b0))(assert (= x y))",
			"(= (select ack!0 #b0) #b1)\n(= (select ack!1 #b0) #b0)\n(= x y)\n(=> (= x y) (= ack!0 ack!1))", 1, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, as := parse(t, decl+tc.script)
			s := runPasses(t, st, as, nil, NewAckermann())
			if got := printed(st, s.Assertions); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			if got := len(s.Trail()); got != tc.elim {
				t.Errorf("eliminated %d symbols, want %d", got, tc.elim)
			}
			if !strings.Contains(tc.script, "(f ") {
				checkSmallReconstruction(t, st, as, s, tc.sat)
			}
		})
	}
}

// TestAckermannFrozen checks that a function of an assumption stays.
func TestAckermannFrozen(t *testing.T) {
	st, as := parse(t, "(declare-const a (Array (_ BitVec 1) (_ BitVec 1)))"+
		"(declare-fun h ((Array (_ BitVec 1) (_ BitVec 1))) (_ BitVec 1))(assert (= (h a) #b1))")
	h := st.Var("h", st.FunSort([]term.Sort{st.SortOf(st.Var("a", st.ArraySort(st.BitVecSort(1), st.BitVecSort(1))))}, st.BitVecSort(1)))
	s := runPasses(t, st, as, []term.Term{h}, NewAckermann())
	if len(s.Trail()) != 0 || printed(st, s.Assertions) != "(= (h a) #b1)" {
		t.Errorf("frozen function eliminated:\n%s", printed(st, s.Assertions))
	}
}

// TestAckermannModelPrints checks that the reconstructed table, an ite over
// array values, evaluates and prints.
func TestAckermannModelPrints(t *testing.T) {
	st, as := parse(t, "(declare-const a (Array (_ BitVec 1) (_ BitVec 1)))(declare-const b (Array (_ BitVec 1) (_ BitVec 1)))"+
		"(declare-fun h ((Array (_ BitVec 1) (_ BitVec 1))) (_ BitVec 1))"+
		"(assert (= (h a) #b1))(assert (= (h b) #b0))(assert (= (select a #b0) #b1))")
	s := runPasses(t, st, as, nil, NewAckermann())
	m := bruteSolveSmall(t, st, s.Assertions)
	if m == nil {
		t.Fatal("no model")
	}
	back := s.Reconstruct(m)
	if !holds(t, st, as, back) {
		t.Fatal("reconstructed model does not satisfy the input")
	}
	h := s.Trail()[0].Var
	got := smtlib.NewPrinter(st).ModelString(back, []term.Term{h})
	want := "(define-fun h ((x!0 (Array (_ BitVec 1) (_ BitVec 1)))) (_ BitVec 1) (ite (= x!0 "
	if !strings.Contains(got, want) || strings.Count(got, "(ite ") != 2 {
		t.Errorf("model of h:\n%s\nwant two rows starting %s", got, want)
	}
}
