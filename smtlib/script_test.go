package smtlib_test

import (
	"strings"
	"testing"

	"github.com/sift-solver/sift/smtlib"
)

func TestReadAssertions(t *testing.T) {
	tests := []struct {
		script string
		want   []string
	}{
		{"(declare-const p Bool)(assert p)(check-sat)(assert (not p))", []string{"p"}},
		{"(declare-const p Bool)(push)(assert (not p))(pop)(assert p)", []string{"p"}},
		{"(declare-const p Bool)(declare-const q Bool)(assert p)(check-sat-assuming (q))", []string{"p", "q"}},
		{"(assert true)(assert false)", []string{"true", "false"}},
	}
	for _, tc := range tests {
		st, as, _, err := smtlib.ReadAssertions(strings.NewReader(tc.script))
		if err != nil {
			t.Fatal(err)
		}
		pr := smtlib.NewPrinter(st)
		var got []string
		for _, a := range as {
			got = append(got, pr.TermString(a))
		}
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("%s: got %v, want %v", tc.script, got, tc.want)
		}
	}
}
