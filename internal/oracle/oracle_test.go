package oracle

import (
	"context"
	"testing"
)

// TestSmall compares the functions of testdata/small under every
// strategy: no difference, and each function's concrete panic sites as
// written next to it.
func TestSmall(t *testing.T) {
	cases := []struct {
		fn     string
		maxLen int
		sites  int // distinct concrete panic sites
	}{
		{"Probe", 2, 1},
		{"second", 2, 1},
		{"pairSum", 2, 1},
		{"tally", 3, 1},
		{"addrDiffer", 2, 1},
		{"chanQueue", 2, 1},
	}
	for _, c := range cases {
		t.Run(c.fn, func(t *testing.T) {
			rep, err := Compare(context.Background(), Target{Dir: "testdata/small", Pkg: ".", Func: c.fn, MaxLen: c.maxLen, OwnCode: true}, nil, Config{})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rep.Runs {
				t.Logf("%s: exhausted %v paths %d panics %d unsupported %d %s", r.Strategy, r.Exhausted, r.Paths, r.Panics, r.Unsupported, r.Err)
			}
			t.Logf("inputs %d checked %d sites %v", rep.Inputs, rep.Checked, rep.Sites)
			for _, d := range rep.Diffs {
				t.Error(d)
			}
			if len(rep.Sites) != c.sites {
				t.Errorf("concrete panic sites %v, want %d", rep.Sites, c.sites)
			}
		})
	}
}
