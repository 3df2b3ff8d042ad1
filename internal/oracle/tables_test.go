package oracle

import (
	"context"
	"testing"
)

// TestTables compares symex with Go on symbolic indices into arrays of
// slices (testdata/tables): the class split of a read-only address, and
// the addresses written through, which it must leave to one index each;
// and table lookups through calls (symex/loopite_call.go).
func TestTables(t *testing.T) {
	cases := []struct {
		fn    string
		sites int // distinct concrete panic sites
	}{
		{"escapedLen", 1},
		{"rewrite", 1},
		{"readAfterCall", 1},
		{"lookupCall", 1},
		{"lookupCounting", 1},
	}
	for _, c := range cases {
		t.Run(c.fn, func(t *testing.T) {
			rep, err := Compare(context.Background(), Target{Dir: "testdata/tables", Pkg: ".", Func: c.fn, MaxLen: 2, OwnCode: true}, nil, Config{})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rep.Runs {
				t.Logf("%s: exhausted %v paths %d panics %d unsupported %d %s", r.Strategy, r.Exhausted, r.Paths, r.Panics, r.Unsupported, r.Err)
				if !r.Exhausted {
					t.Errorf("%s: not exhausted", r.Strategy)
				}
			}
			for _, d := range rep.Diffs {
				t.Error(d)
			}
			if len(rep.Sites) != c.sites {
				t.Errorf("concrete panic sites %v, want %d", rep.Sites, c.sites)
			}
		})
	}
}
