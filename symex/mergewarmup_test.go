package symex

import (
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/sift-solver/sift/symex/merge"
)

// TestWarmUpExhaustsAsNone: a merging run whose warm-up outlasts the
// exploration is --merge=none's exploration: the same paths, queries,
// steps, panics and coverage, and no merge.
func TestWarmUpExhaustsAsNone(t *testing.T) {
	for _, fn := range []string{"StrspnAB", "MergedIndex", "Build", "Guarded"} {
		p := loadCorpus(t, fn)
		_, none := explore(t, p, Options{MaxLen: 3}, nil)
		for _, s := range []merge.Strategy{merge.NewStd(0), merge.NewPat()} {
			t.Run(fn+"/"+s.Name(), func(t *testing.T) {
				_, w := explore(t, p, Options{MaxLen: 3, Merge: s, MergeAfter: 1 << 40}, nil)
				got, want := w.Stats, none.Stats
				if got.Paths != want.Paths || got.Queries != want.Queries || got.Steps != want.Steps {
					t.Errorf("paths, queries, steps: %d %d %d, none %d %d %d",
						got.Paths, got.Queries, got.Steps, want.Paths, want.Queries, want.Steps)
				}
				if got.Merges != 0 || got.Restarted || got.WarmUpPaths != got.Paths {
					t.Errorf("merges %d, restarted %v, warm-up paths %d of %d", got.Merges, got.Restarted, got.WarmUpPaths, got.Paths)
				}
				sameFindings(t, w, none)
			})
		}
	}
}

// TestWarmUpRestart: a warm-up that ends before the space is exhausted
// hands over to a merging exploration from the entry (WarmUpReach 1: at
// MergeAfter, whatever it projects). The run finds
// none's panics and coverage, and its merging part is the run that merges
// from the start: the same merges, and its paths on top of the warm-up's.
func TestWarmUpRestart(t *testing.T) {
	cases := []struct {
		fn string
		n  int
	}{{"StrspnAB", 4}, {"CountA", 3}, {"MarkA", 3}}
	strategies := []func() merge.Strategy{
		func() merge.Strategy { return merge.NewStd(0) },
		func() merge.Strategy { return merge.NewPat() },
	}
	for _, c := range cases {
		for _, mk := range strategies {
			t.Run(fmt.Sprintf("%s/%d/%s", c.fn, c.n, mk().Name()), func(t *testing.T) {
				p := loadCorpus(t, c.fn)
				ex, none := explore(t, p, Options{MaxLen: c.n}, nil)
				_, cold := explore(t, p, Options{MaxLen: c.n, Merge: mk()}, nil)
				// The warm-up ends once half of none's instructions ran
				// (these functions ask their solver queries first).
				_, w := explore(t, p, Options{MaxLen: c.n, Merge: mk(), MergeAfter: ex.work() - none.Stats.Steps/2, WarmUpReach: 1}, nil)
				got := w.Stats
				if !got.Restarted || !got.Exhausted() {
					t.Fatalf("restarted %v, exhausted %v", got.Restarted, got.Exhausted())
				}
				if got.WarmUpPaths == 0 || got.WarmUpPaths >= none.Stats.Paths {
					t.Errorf("warm-up paths %d, none's %d", got.WarmUpPaths, none.Stats.Paths)
				}
				if got.Paths != got.WarmUpPaths+cold.Stats.Paths || got.Merges != cold.Stats.Merges ||
					got.StatesMerged != cold.Stats.StatesMerged {
					t.Errorf("paths %d (warm-up %d), merges %d of %d states; from the start %d paths, merges %d of %d",
						got.Paths, got.WarmUpPaths, got.Merges, got.StatesMerged, cold.Stats.Paths, cold.Stats.Merges, cold.Stats.StatesMerged)
				}
				if cold.Stats.Merges == 0 {
					t.Errorf("no merge from the start: the case tests nothing")
				}
				sameFindings(t, w, none)
			})
		}
	}
}

// sameFindings checks that a run found none's panics and covered its
// blocks and lines.
func sameFindings(t *testing.T, r, none *Result) {
	t.Helper()
	if g, n := panicSet(r), panicSet(none); !reflect.DeepEqual(g, n) {
		t.Errorf("panics %q, none %q", g, n)
	}
	if g, n := r.Coverage.Funcs(), none.Coverage.Funcs(); !reflect.DeepEqual(g, n) {
		t.Errorf("coverage %v, none %v", g, n)
	}
}

// TestWarmUpReach: a warm-up that passes MergeAfter half-way through a
// space it projects to finish within WarmUpReach × MergeAfter goes on and
// exhausts it as --merge=none does, with none's paths and no merge. (The
// estimate is cautious: CountA and MarkA ask their solver queries first,
// so half-way through the work their finished share has not grown yet and
// the warm-up hands over, as TestWarmUpRestart has it.)
func TestWarmUpReach(t *testing.T) {
	for _, fn := range []string{"StrspnAB"} {
		t.Run(fn, func(t *testing.T) {
			p := loadCorpus(t, fn)
			ex, none := explore(t, p, Options{MaxLen: 3}, nil)
			_, w := explore(t, p, Options{MaxLen: 3, Merge: merge.NewPat(), MergeAfter: ex.work() / 2}, nil)
			got := w.Stats
			if got.Restarted || !got.Exhausted() || got.Merges != 0 || got.Paths != none.Stats.Paths {
				t.Errorf("restarted %v, exhausted %v, merges %d, paths %d; none's %d",
					got.Restarted, got.Exhausted(), got.Merges, got.Paths, none.Stats.Paths)
			}
			sameFindings(t, w, none)
		})
	}
}

// TestWarmUpProjection: the work left is the share left at the rate the
// share grew over the last window; no growth projects no end.
func TestWarmUpProjection(t *testing.T) {
	cases := []struct {
		name   string
		obs    []int64 // works observed, in order
		shares []float64
		w      int64
		want   float64
	}{
		{"steady", []int64{100, 200, 400}, []float64{0.1, 0.2, 0.4}, 400, 400 + 0.6*200/0.2},
		{"stalled", []int64{100, 200, 400}, []float64{0.6, 0.6, 0.6}, 400, math.Inf(1)},
		{"done", []int64{100, 200}, []float64{0.5, 1}, 200, 200},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var est warmUpEstimate
			for i, w := range c.obs {
				est.share = c.shares[i]
				est.observe(w)
			}
			if got := est.projected(c.w); got != c.want {
				t.Errorf("projected %v, want %v", got, c.want)
			}
		})
	}
}
