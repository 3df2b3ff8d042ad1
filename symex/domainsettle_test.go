package symex

import "testing"

// TestSettleByDomain: digits behind a regular expression, parsed by
// strconv.ParseInt (testdata/regexpint, without merging). Each function
// finds what its want lines say, the backtracker's tests of its visited
// set are settled by the length's few values instead of the solver, and
// the exploration is the one without value sets, path for path.
func TestSettleByDomain(t *testing.T) {
	const dir = "testdata/regexpint"
	cases := readWantCases(t, dir)
	for _, c := range cases {
		t.Run(c.fn, func(t *testing.T) {
			p := loadTestFunc(t, dir, cases[0].fn, c.fn)
			_, with := explore(t, p, Options{MaxLen: c.maxLen}, nil)
			checkWants(t, "none", c, with)
			_, without := explore(t, p, Options{MaxLen: c.maxLen, NoValueSets: true}, nil)
			if with.Stats.Paths != without.Stats.Paths || len(with.Panics) != len(without.Panics) {
				t.Errorf("paths %d, panics %d; without value sets %d, %d",
					with.Stats.Paths, len(with.Panics), without.Stats.Paths, len(without.Panics))
			}
			if with.ValueSets == nil || with.ValueSets.Enumerated == 0 {
				t.Fatalf("no condition settled by a domain: %+v", with.ValueSets)
			}
			if 4*with.Stats.Queries > without.Stats.Queries {
				t.Errorf("%d queries, %d without value sets: want under a quarter",
					with.Stats.Queries, without.Stats.Queries)
			}
		})
	}
}
