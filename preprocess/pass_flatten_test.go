package preprocess

import "testing"

func TestFlattenAnd(t *testing.T) {
	const decl = "(declare-const p Bool)(declare-const q Bool)(declare-const r Bool)(declare-const x (_ BitVec 4))"
	tests := []struct {
		name, script, want string
		unsat              bool
	}{
		{"nested and", "(assert (and p (and q (bvult x #x3))))", "p\nq\n(bvult x #x3)", false},
		{"negated or", "(assert (not (or p (not q))))", "(not p)\nq", false},
		{"negated implication", "(assert (not (=> p (and q r))))", "p\n(not (and q r))", false},
		{"true dropped", "(assert true)(assert p)", "p", false},
		{"duplicates dropped", "(assert (and p q))(assert p)", "p\nq", false},
		{"false decides", "(assert p)(assert false)", "false", true},
		{"false inside and", "(assert (and p (not (or q (not q)))))", "false", true},
		{"no change", "(assert (or p q))", "(or p q)", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, as := parse(t, decl+tc.script)
			s := runPasses(t, st, as, nil, FlattenAnd{})
			if got := printed(st, s.Assertions); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			if s.Unsat() != tc.unsat {
				t.Errorf("unsat = %v, want %v", s.Unsat(), tc.unsat)
			}
			checkReconstruction(t, st, as, s)
		})
	}
}
