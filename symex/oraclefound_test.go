package symex

import (
	"testing"

	"github.com/sift-solver/sift/symex/merge"
)

// TestOracleFound runs the shapes of testdata/oraclefound, on which the
// exhaustive concrete oracle (internal/oracle) found symex wrong, under
// every strategy: the exploration is exhausted with the paths and the
// panic sites Go has.
func TestOracleFound(t *testing.T) {
	cases := []struct {
		fn            string
		maxLen        int
		paths, panics int
		comment       string
	}{
		{"DeferThenPanic", 1, 3, 1, "len 0 | '_' divides by zero | other"},
		{"ClosureDeferPanic", 1, 3, 1, "len 0 | 'x' | other"},
	}
	for _, c := range cases {
		for _, name := range []string{"none", "std", "pat", "qhv"} {
			t.Run(c.fn+"/"+name, func(t *testing.T) {
				m, err := merge.New(name, merge.Options{MaxPatterns: 10, HotVeto: true, NoStdVeto: true})
				if err != nil {
					t.Fatal(err)
				}
				p := loadTestFunc(t, "testdata/oraclefound", "DeferThenPanic", c.fn)
				_, res := explore(t, p, Options{MaxLen: c.maxLen, Merge: m}, nil)
				if !res.Stats.Exhausted() || res.Stats.Unsupported > 0 {
					t.Fatalf("not exhausted: %+v", res.Stats)
				}
				if len(res.Panics) != c.panics {
					t.Errorf("%d panic sites, want %d (%s)", len(res.Panics), c.panics, c.comment)
				}
				if m == nil && res.Stats.Paths != c.paths {
					t.Errorf("%d paths, want %d (%s)", res.Stats.Paths, c.paths, c.comment)
				}
			})
		}
	}
}
