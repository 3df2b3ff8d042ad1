package z3

import (
	"strings"
	"testing"
)

func TestFlatScript(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"declarations and assertions stay", "(set-logic BV)(declare-fun x () (_ BitVec 8))(assert (= x #x01))",
			"(set-logic BV)(declare-fun x () (_ BitVec 8))(assert (= x #x01))"},
		{"options and queries are blanked", "(set-option :cegqi-all true)\n(assert p)\n(check-sat)(get-model)",
			blank("(set-option :cegqi-all true)") + "\n(assert p)\n" + blank("(check-sat)(get-model)")},
		{"newlines inside blanked commands stay", "(set-info :source |a\nb|)(assert p)",
			blank("(set-info :source |a") + "\n" + blank("b|)") + "(assert p)"},
		{"parentheses in quotes and comments", "(set-info :x \"a)\"\"(\") ; (assert q)\n(assert p)",
			blank("(set-info :x \"a)\"\"(\")") + " ; (assert q)\n(assert p)"},
		{"unbalanced text is left to Z3", "(assert p)(check-sat", "(assert p)(check-sat"},
		{"a stray atom ends the scan", "(check-sat) x (check-sat)", blank("(check-sat)") + " x (check-sat)"},
		{"empty", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := flatScript(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("flatScript(%q)\n = %q\nwant %q", tc.in, got, tc.want)
			}
			if len(got) != len(tc.in) || strings.Count(got, "\n") != strings.Count(tc.in, "\n") {
				t.Errorf("positions moved")
			}
		})
	}
}

func TestFlatScriptRefusesScopes(t *testing.T) {
	for _, cmd := range []string{"(push 1)", "(pop 1)", "( reset)", "(reset-assertions)", "(check-sat-assuming (p))"} {
		if _, err := flatScript("(declare-fun p () Bool)" + cmd + "(assert p)"); err == nil {
			t.Errorf("%s was accepted", cmd)
		}
		if _, err := solveSlowly("(declare-fun p () Bool)" + cmd); err == nil {
			t.Errorf("Solve accepted %s", cmd)
		}
	}
}

// blank is text with every character turned into a space.
func blank(text string) string { return strings.Repeat(" ", len(text)) }
