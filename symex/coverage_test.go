package symex

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/sift-solver/sift/symex/merge"
)

// TestCoverageFirstTimes: a block's first-covered time is the clock at its
// first visit, later visits leave it, and the blocks covered by time t
// grow with t to the covered count.
func TestCoverageFirstTimes(t *testing.T) {
	p := loadCorpus(t, "Diamonds")
	blocks := p.Fn.Blocks
	if len(blocks) < 3 {
		t.Fatalf("Diamonds has %d blocks", len(blocks))
	}
	cases := []struct {
		name   string
		visits []int // block indexes, one clock tick each
		want   map[int]time.Duration
	}{
		{"in order", []int{0, 1, 2}, map[int]time.Duration{0: 1, 1: 2, 2: 3}},
		{"revisits keep the first time", []int{0, 1, 0, 1, 2}, map[int]time.Duration{0: 1, 1: 2, 2: 5}},
		{"no visit", nil, map[int]time.Duration{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cov := newCoverage(p.Prog.Fset)
			var now time.Duration
			cov.clock = func() time.Duration { return now }
			for _, i := range c.visits {
				now++
				cov.visit(blocks[i])
			}
			got := cov.FirstCovered()
			want := map[string]float64{}
			for i, d := range c.want {
				want[BlockID(blocks[i])] = d.Seconds()
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("first covered %v, want %v", got, want)
			}
			covered, _ := cov.Totals()
			if len(got) != covered {
				t.Errorf("%d first times for %d covered blocks", len(got), covered)
			}
			// The number of blocks covered by time t never decreases and
			// reaches the covered count at the last first time.
			var times []float64
			for _, s := range got {
				times = append(times, s)
			}
			sort.Float64s(times)
			for k := 1; k < len(times); k++ {
				if times[k] < times[k-1] {
					t.Errorf("times not monotone: %v", times)
				}
			}
		})
	}
}

// TestCoverageFirstSummary: on corpus functions under none, std and pat,
// --json's coverage_first_s names exactly the covered blocks, by ids that
// are the same whatever the merging, at times within the run's CPU time.
func TestCoverageFirstSummary(t *testing.T) {
	cases := []struct {
		fn string
		n  int
	}{{"CountA", 3}, {"StrspnAB", 3}, {"Diamonds", 0}, {"PCMerge", 0}, {"Runes", 2}}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%d", c.fn, c.n), func(t *testing.T) {
			var ids [][]string
			for _, s := range []merge.Strategy{nil, merge.NewStd(0), merge.NewPat()} {
				opts := Options{MaxLen: c.n, Merge: s}
				_, res := explore(t, loadCorpus(t, c.fn), opts, nil)
				sum := res.Summary(opts)
				if len(sum.CoverageFirstS) != sum.Coverage.BlocksCovered {
					t.Errorf("%s: %d first times for %d covered blocks", sum.Merge, len(sum.CoverageFirstS), sum.Coverage.BlocksCovered)
				}
				var keys []string
				for id, s := range sum.CoverageFirstS {
					if s < 0 || s > sum.CPUS {
						t.Errorf("%s: block %s first covered at %v s of %v s", sum.Merge, id, s, sum.CPUS)
					}
					if !strings.Contains(id, "#") {
						t.Errorf("%s: block id %q", sum.Merge, id)
					}
					keys = append(keys, id)
				}
				sort.Strings(keys)
				ids = append(ids, keys)
			}
			for i := 1; i < len(ids); i++ {
				if !reflect.DeepEqual(ids[i], ids[0]) {
					t.Errorf("covered blocks differ from none's: %v, none %v", ids[i], ids[0])
				}
			}
		})
	}
}
