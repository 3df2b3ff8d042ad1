package smtlib

import (
	"strings"
	"testing"

	"github.com/sift-solver/sift/term"
)

func TestParseTermInScope(t *testing.T) {
	st := term.NewStore()
	u := st.UninterpretedSort("U")
	bv8 := st.BitVecSort(8)
	x := st.BoundVar("x!0", bv8)
	e0 := st.BoundVar("U!val!0", u)
	scope := Scope{Sorts: map[string]term.Sort{"U": u}, Vars: map[string]term.Term{"x!0": x, "U!val!0": e0}}
	tests := []struct {
		name, text string
		want       string // printed term, or "" when an error is expected
		err        string
	}{
		{"literal", "#x0f", "#x0f", ""},
		{"binary literal", "#b101", "#b101", ""},
		{"parameter", "(bvadd x!0 #x01)", "(bvadd x!0 #x01)", ""},
		{"element", "U!val!0", "U!val!0", ""},
		{"let", "(let ((a!1 #x02)) (bvmul x!0 a!1))", "(bvmul x!0 #x02)", ""},
		{"const array of a declared sort", "((as const (Array (_ BitVec 2) U)) U!val!0)",
			"((as const (Array (_ BitVec 2) U)) U!val!0)", ""},
		{"quoted parameter", "(bvnot |x!0|)", "(bvnot x!0)", ""},
		{"unknown symbol", "(bvadd y #x01)", "", "unknown constant"},
		{"trailing text", "#x01 #x02", "", "expected end of text"},
		{"ill-sorted", "(bvadd x!0 #b1)", "", "sort"},
		{"empty", "", "", "expected term"},
	}
	p := NewPrinter(st)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseTerm(st, scope, tc.text)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("ParseTerm(%q) = %v, %v; want an error with %q", tc.text, p.TermString(got), err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseTerm(%q): %v", tc.text, err)
			}
			if s := p.TermString(got); s != tc.want {
				t.Fatalf("ParseTerm(%q) = %s, want %s", tc.text, s, tc.want)
			}
		})
	}
}

func TestParseSortInScope(t *testing.T) {
	st := term.NewStore()
	u := st.UninterpretedSort("U")
	scope := Scope{Sorts: map[string]term.Sort{"U": u}}
	tests := []struct {
		text string
		want term.Sort
		err  bool
	}{
		{"Bool", st.BoolSort(), false},
		{"(_ BitVec 12)", st.BitVecSort(12), false},
		{"U", u, false},
		{"(Array (_ BitVec 4) (Array U Bool))", st.ArraySort(st.BitVecSort(4), st.ArraySort(u, st.BoolSort())), false},
		{"V", term.NoSort, true},
		{"Bool Bool", term.NoSort, true},
		{"Int", term.NoSort, true},
	}
	for _, tc := range tests {
		got, err := ParseSort(st, scope, tc.text)
		if tc.err {
			if err == nil {
				t.Errorf("ParseSort(%q) = %s, want an error", tc.text, st.SortString(got))
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseSort(%q) = %v, %v; want %s", tc.text, got, err, st.SortString(tc.want))
		}
	}
}
