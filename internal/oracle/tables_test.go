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
	compareExhausted(t, "testdata/tables", 2, []siteCase{
		{"escapedLen", 1},
		{"rewrite", 1},
		{"readAfterCall", 1},
		{"lookupCall", 1},
		{"lookupCounting", 1},
	})
}

// siteCase is a function of a testdata package and its distinct concrete
// panic sites.
type siteCase struct {
	fn    string
	sites int
}

// compareExhausted runs Compare on each case of the package in dir, every
// input up to maxLen bytes: every strategy's run must exhaust, agree with
// Go, and Go must panic at the case's number of sites.
func compareExhausted(t *testing.T, dir string, maxLen int, cases []siteCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.fn, func(t *testing.T) {
			rep, err := Compare(context.Background(), Target{Dir: dir, Pkg: ".", Func: c.fn, MaxLen: maxLen, OwnCode: true}, nil, Config{})
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
