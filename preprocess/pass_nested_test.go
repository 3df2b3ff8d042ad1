package preprocess

import (
	"testing"

	"github.com/sift-solver/sift/term"
)

func TestNestedArrays(t *testing.T) {
	const (
		n1   = "(Array (_ BitVec 1) (Array (_ BitVec 1) (_ BitVec 1)))"
		n2   = "(Array (_ BitVec 2) (Array (_ BitVec 1) (_ BitVec 1)))"
		decl = "(declare-const n " + n1 + ")(declare-const m " + n1 + ")(declare-const A (Array (_ BitVec 1) (_ BitVec 1)))" +
			"(declare-const P " + n2 + ")(declare-const Q " + n2 + ")" +
			"(declare-const D (Array (_ BitVec 1) " + n1 + "))" +
			"(declare-const i (_ BitVec 1))(declare-const j (_ BitVec 1))(declare-const u (_ BitVec 2))(declare-const c Bool)" +
			"(declare-fun hn (" + n1 + ") (_ BitVec 1))"
	)
	tests := []struct {
		name, script, frozen string
		want                 string // the assertions after the pass ("": not compared)
		elim                 int
		sat                  bool
	}{
		{"read through store", "(assert (= (select (select (store n i A) j) #b0) #b1))", "",
			"(= (select (ite (= j i) A nread!0) #b0) #b1)", 1, true},
		{"read through ite and const", "(assert (= (select (ite c n ((as const " + n1 + ") A)) i) (select m j)))(assert (not (= A (select n i))))", "",
			"(= (ite c (ite (= i #b0) nread!1 nread!0) A) (ite (= j #b0) nread!3 nread!2))\n(not (= A (ite (= i #b0) nread!1 nread!0)))", 2, true},
		{"reads agree at equal indices", "(assert (= i j))(assert (not (= (select n i) (select n j))))", "",
			"(= i j)\n(not (= (ite (= i #b0) nread!1 nread!0) (ite (= j #b0) nread!1 nread!0)))", 1, false},
		{"disequal, generic index", "(assert (not (= P Q)))(assert (= (select P u) (select Q u)))", "",
			"(not neq!0)\n(= nread!0 nread!3)\n(not (= ngen!0 u))\n(not (= ngen!0 nwit!0))\n(or neq!0 (not (= nread!1 nread!4)))\n" +
				"(or (not neq!0) (= nread!0 nread!3))\n(or (not neq!0) (= nread!1 nread!4))\n(or (not neq!0) (= nread!2 nread!5))\n" +
				"(=> (= u nwit!0) (= nread!0 nread!1))\n(=> (= u ngen!0) (= nread!0 nread!2))\n(=> (= nwit!0 ngen!0) (= nread!1 nread!2))\n" +
				"(=> (= u nwit!0) (= nread!3 nread!4))\n(=> (= u ngen!0) (= nread!3 nread!5))\n(=> (= nwit!0 ngen!0) (= nread!4 nread!5))", 2, true},
		{"equal, generic index", "(assert (= P Q))(assert (= (select (select P u) #b0) #b1))", "", "", 2, true},
		{"disequal, enumerated index", "(assert (not (= n m)))(assert (= (select n #b0) (select m #b0)))(assert (= (select n #b1) (select m #b1)))", "", "", 2, false},
		{"disequal stores", "(assert (not (= (store n i A) (store m i A))))(assert (= (select n (bvnot i)) (select m (bvnot i))))", "", "", 2, false},
		{"distinct", "(assert (distinct n m ((as const " + n1 + ") A)))(assert (= (select n #b0) A))", "", "", 2, true},
		{"three levels", "(assert (= (select (select (select D i) j) #b0) #b1))(assert (not (= (select D i) n)))", "", "", 3, true},
		{"frozen left alone", "(assert (= (select (select n i) #b0) #b1))", "n", "(= (select (select n i) #b0) #b1)", 0, true},
		{"function argument left alone", "(assert (= (hn n) #b1))", "", "(= (hn n) #b1)", 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, as := parse(t, decl+tc.script)
			var frozen []term.Term
			if tc.frozen != "" {
				frozen = append(frozen, st.Var(tc.frozen, st.SortOf(freeVarNamed(t, st, as, tc.frozen))))
			}
			s := runPasses(t, st, as, frozen, NewNestedArrays())
			got := printed(st, s.Assertions)
			if tc.want != "" && got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			if n := len(s.Trail()); n != tc.elim {
				t.Errorf("eliminated %d arrays, want %d", n, tc.elim)
			}
			if tc.elim > 0 {
				checkSmallReconstruction(t, st, as, s, tc.sat)
			}
		})
	}
}

// freeVarNamed returns the free variable of as called name.
func freeVarNamed(t *testing.T, st *term.Store, as []term.Term, name string) term.Term {
	t.Helper()
	for _, x := range freeVars(st, as) {
		if st.Name(x) == name {
			return x
		}
	}
	t.Fatalf("no variable %s", name)
	return term.NoTerm
}
