package preprocess

import "testing"

func TestEmbeddedConstraints(t *testing.T) {
	const decl = "(declare-const p Bool)(declare-const q Bool)(declare-const x (_ BitVec 4))(declare-const y (_ BitVec 4))"
	tests := []struct {
		name, script, want string
	}{
		{"fact inside", "(assert (bvult x y))(assert (or q (not (bvult x y))))", "(bvult x y)\nq"},
		{"negated fact inside", "(assert (not (= x y)))(assert (or q (= x y)))", "(not (= x y))\nq"},
		{"fact in ite", "(assert p)(assert (= (ite p x y) #x3))", "p\n(= x #x3)"},
		{"own occurrence kept", "(assert (bvult x y))", "(bvult x y)"},
		{"nothing embedded", "(assert (bvult x y))(assert (or p q))", "(bvult x y)\n(or p q)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, as := parse(t, decl+tc.script)
			s := runPasses(t, st, as, nil, EmbeddedConstraints{}, FlattenAnd{})
			if got := printed(st, s.Assertions); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			checkReconstruction(t, st, as, s)
		})
	}
}
