package preprocess

import (
	"testing"

	"github.com/sift-solver/sift/term"
)

func TestVarSubst(t *testing.T) {
	const decl = "(declare-const p Bool)(declare-const q Bool)(declare-const x (_ BitVec 4))(declare-const y (_ BitVec 4))(declare-const z (_ BitVec 4))"
	tests := []struct {
		name, script, frozen string
		want                 string
		elim                 int
	}{
		{"var = term", "(assert (= x (bvadd y #x1)))(assert (bvult x z))", "",
			"(bvult (bvadd y #x1) z)", 1},
		{"term = var", "(assert (= (bvmul y z) x))(assert (bvult x z))", "",
			"(bvult (bvmul y z) z)", 1},
		{"constant", "(assert (= x #x5))(assert (bvult y x))", "",
			"(bvult y #x5)", 1},
		{"occurs check", "(assert (= x (bvadd x y)))", "",
			"(= x (bvadd x y))", 0},
		{"bool var", "(assert p)(assert (or (not p) q))", "", "", 2},
		{"negated bool var", "(assert (not p))(assert (or p q))", "", "", 2},
		{"frozen kept", "(assert (= x #x5))(assert (bvult y x))", "x",
			"(= x #x5)\n(bvult y x)", 0},
		{"frozen side swapped", "(assert (= x y))(assert (bvult y #x3))", "x",
			"(bvult x #x3)", 1},
		{"cycle avoided", "(assert (= x (bvadd y #x1)))(assert (= y (bvadd x #x1)))", "",
			"(= y (bvadd (bvadd y #x1) #x1))", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, as := parse(t, decl+tc.script)
			var frozen []term.Term
			if tc.frozen != "" {
				frozen = append(frozen, st.Var(tc.frozen, st.BitVecSort(4)))
			}
			s := runPasses(t, st, as, frozen, VarSubst{}, FlattenAnd{})
			if got := printed(st, s.Assertions); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			if got := len(s.Trail()); got != tc.elim {
				t.Errorf("eliminated %d variables, want %d\n%s", got, tc.elim, printed(st, s.Assertions))
			}
			checkReconstruction(t, st, as, s)
		})
	}
}
