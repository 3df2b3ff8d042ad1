package symex

import (
	"strings"
	"testing"

	"github.com/sift-solver/sift/symex/merge"
)

// TestUnexportedState: a panic is marked as reachable only through
// unexported state exactly when no path to it has every unexported input
// field at zero, and a panic a user reaches reports such an input.
func TestUnexportedState(t *testing.T) {
	cases := []struct {
		fn, msg    string
		unexported bool
	}{
		{"Region.String", "index out of range", true},
		{"Buf.At", "index out of range", false},
		{"Pair.Check", "big", false},
		{"Pair.Both", "both", true},
		{"Inner.Name", "index out of range", true},
	}
	for _, c := range cases {
		for _, s := range []merge.Strategy{nil, merge.NewPat()} {
			_, res := explore(t, loadTestFunc(t, "testdata/unexported", "Start", c.fn), Options{MaxLen: 2, Merge: s}, nil)
			var found *Panic
			for _, p := range res.Panics {
				if strings.Contains(p.Message, c.msg) {
					found = p
				}
			}
			if found == nil {
				t.Errorf("%s (merge %v): no panic %q; %s", c.fn, s != nil, c.msg, describePaths(res))
				continue
			}
			if found.Unexported != c.unexported {
				t.Errorf("%s (merge %v): unexported = %v, want %v", c.fn, s != nil, found.Unexported, c.unexported)
			}
			if !c.unexported {
				for _, in := range found.Inputs {
					if lit := goLiteral(in.Type, in.V, nil); strings.Contains(lit, "seen:true") || strings.Contains(lit, "data:[]byte{0") {
						t.Errorf("%s: input %s sets an unexported field", c.fn, lit)
					}
				}
			}
		}
	}
}
