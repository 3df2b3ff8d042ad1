package stage

import (
	"testing"

	"github.com/sift-solver/sift/term"
)

// TestPosedTextStandsForItsProblemOnly checks that a problem derived from
// the session's (other assertions or assumptions) does not get its text.
func TestPosedTextStandsForItsProblemOnly(t *testing.T) {
	st := term.NewStore()
	a, b := st.Var("a", st.BoolSort()), st.Var("b", st.BoolSort())
	posed := &Posed{text: func() (string, bool) { return "(assert a)", true }, assertions: []term.Term{a}}
	for _, tc := range []struct {
		name string
		p    *Problem
		ok   bool
	}{
		{"the same problem", &Problem{Assertions: []term.Term{a}, Posed: posed}, true},
		{"other assertions", &Problem{Assertions: []term.Term{b}, Posed: posed}, false},
		{"an assumption more", &Problem{Assertions: []term.Term{a}, Assumptions: []term.Term{b}, Posed: posed}, false},
		{"no text", &Problem{Assertions: []term.Term{a}}, false},
	} {
		if _, ok := tc.p.PosedText(); ok != tc.ok {
			t.Errorf("%s: posed text %v, want %v", tc.name, ok, tc.ok)
		}
	}
}
