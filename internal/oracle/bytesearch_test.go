package oracle

import (
	"context"
	"testing"
)

// TestByteSearch compares symex with Go on strings.Split, Cut, Index and
// Count of a symbolic string (testdata/bytesearch), which symex answers
// with terms over the bytes: the panics on the pieces' shapes, and no
// panic where the library agrees with a loop.
func TestByteSearch(t *testing.T) {
	cases := []struct {
		fn    string
		sites int // distinct concrete panic sites
	}{
		{"fields", 1},
		{"keyValue", 1},
		{"agreeSplit", 0},
		{"agreeSearch", 0},
	}
	for _, c := range cases {
		t.Run(c.fn, func(t *testing.T) {
			rep, err := Compare(context.Background(), Target{Dir: "testdata/bytesearch", Pkg: ".", Func: c.fn, MaxLen: 3, OwnCode: true}, nil, Config{})
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
