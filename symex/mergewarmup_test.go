package symex

import (
	"fmt"
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
// hands over to a merging exploration from the entry. The run finds
// none's panics and coverage, and its merging part is the run that merges
// from the start: the same merges, and its paths on top of the warm-up's.
func TestWarmUpRestart(t *testing.T) {
	cases := []struct {
		fn string
		n  int
	}{{"StrspnAB", 4}, {"CountA", 3}, {"MemspnA", 3}}
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
				_, w := explore(t, p, Options{MaxLen: c.n, Merge: mk(), MergeAfter: ex.work() - none.Stats.Steps/2}, nil)
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
