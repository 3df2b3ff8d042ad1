package preprocess

import (
	"testing"

	"github.com/sift-solver/sift/term"
)

func TestEqWidth(t *testing.T) {
	tests := []struct {
		name, script, frozen string
		want                 string
		elim                 int
	}{
		{"three variables need two bits", "(assert (or (= a b) (= b c)))(assert (distinct a c))",
			"", "(or (= narrow!1 narrow!2) (= narrow!0 narrow!1))\n(not (= narrow!0 narrow!2))", 3},
		{"distinct of three", "(assert (distinct a b c))", "",
			"(distinct narrow!0 narrow!1 narrow!2)", 3},
		{"small constant kept", "(assert (or (= a b) (= b #x1)))(assert (not (= a #x1)))",
			"", "(or (= narrow!1 #b01) (= narrow!0 narrow!1))\n(not (= narrow!0 #b01))", 2},
		{"wide constant needs the width", "(assert (or (= a b) (= b #xc)))(assert (not (= a #xc)))",
			"", "(or (= a b) (= b #xc))\n(not (= a #xc))", 0},
		{"class with an arithmetic use kept", "(assert (or (= a b) (= b c)))(assert (bvult c #x3))",
			"", "(or (= a b) (= b c))\n(bvule c #x2)", 0},
		{"frozen class kept", "(assert (or (= a b) (= b c)))", "a", "(or (= a b) (= b c))", 0},
		{"independent classes", "(assert (or (= a b) (= z #x0)))(assert (bvult c #x3))",
			"", "(or (= narrow!1 narrow!2) (not (= narrow!0 #b1)))\n(bvule c #x2)", 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, as := parse(t, sliceDecl+tc.script)
			var frozen []term.Term
			if tc.frozen != "" {
				frozen = append(frozen, st.Var(tc.frozen, st.BitVecSort(4)))
			}
			s := runPasses(t, st, as, frozen, NewEqWidth(), &Rewrite{})
			if got := printed(st, s.Assertions); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			if got := len(s.Trail()); got != tc.elim {
				t.Errorf("eliminated %d variables, want %d", got, tc.elim)
			}
			checkReconstruction(t, st, as, s)
		})
	}
}
