package smtlib

import (
	"reflect"
	"testing"
)

// TestSimpleCommands checks that the commands simpleCommand reads come out
// as the grammar reads them, and that it leaves every other shape (extra
// operands, malformed ones) to the grammar.
func TestSimpleCommands(t *testing.T) {
	tests := []struct {
		src    string
		simple bool // simpleCommand reads it
	}{
		{"(check-sat)", true},
		{"( check-sat ; a comment\n )", true},
		{"(push)", true},
		{"(push 1)", true},
		{"(pop 12)", true},
		{"(get-model)", true},
		{"(get-unsat-core)", true},
		{"(get-unsat-assumptions)", true},
		{"(get-assignment)", true},
		{"(get-assertions)", true},
		{"(reset)", true},
		{"(reset-assertions)", true},
		{"(exit)", true},
		{"(set-info :status unsat)", true},
		{"(set-info :source |a quoted symbol|)", true},
		{`(set-info :source "a string")`, true},
		{"(set-info :smt-lib-version 2.6)", true},
		{"(set-info :flag)", true},
		{"(set-info :notes (a b))", false},
		{"(check-sat x)", false},
		{"(push 1 2)", false},
		{"(push x)", false},
		{"(pop 01)", false},
		{"(set-info status)", false},
		{"(set-logic QF_BV)", false},
	}
	for _, tc := range tests {
		t.Run(tc.src, func(t *testing.T) {
			lx := NewLexer([]byte(tc.src), Pos{})
			lx.Next()
			name := string(lx.Next().Text)
			got := simpleCommand(name, lx)
			if (got != nil) != tc.simple {
				t.Fatalf("simpleCommand read it: %v, want %v", got != nil, tc.simple)
			}
			if got == nil {
				return
			}
			want, err := parseCommand([]byte(tc.src))
			if err != nil {
				t.Fatalf("the grammar rejects it: %v", err)
			}
			want.Pos = got.Pos
			if want.SetInfo != nil && want.SetInfo.Value != nil {
				// Positions are not kept for set-info's value; the token's
				// position inside the atom neither.
				want.SetInfo.Value.Pos = got.SetInfo.Value.Pos
				want.SetInfo.Value.Atom.Pos = got.SetInfo.Value.Atom.Pos
			}
			if want.Push != nil {
				want.Push.Pos = got.Push.Pos
			}
			if want.Pop != nil {
				want.Pop.Pos = got.Pop.Pos
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got %+v, the grammar %+v", got, want)
			}
		})
	}
}
