package preprocess

import "testing"

func TestEqWidth(t *testing.T) {
	tests := []passCase{
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
	runPassCases(t, tests, 4, func() []Pass { return []Pass{NewEqWidth(), &Rewrite{}} })
}
