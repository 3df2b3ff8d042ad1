package symex

import (
	"testing"

	"github.com/sift-solver/sift/symex/merge"
)

func loadHeapbench(t *testing.T, fn string) *Program {
	t.Helper()
	return loadTestFunc(t, "testdata/heapbench", "ListOps", fn)
}

// TestBarrenPoints: a merge point whose merged states split at the next
// branch (Resplit's first join) stops merging; one whose merged states go
// on as one (PushSum's loop) does not. Either way the run finds none's
// panics and coverage and exhausts the space.
func TestBarrenPoints(t *testing.T) {
	std := func() merge.Strategy { return merge.NewStd(0) }
	pat := func() merge.Strategy { return merge.NewPat() }
	cases := []struct {
		fn     string
		n      int
		mk     func() merge.Strategy
		barren bool
	}{{"Resplit", 12, std, true}, {"PushSum", 8, std, false}, {"PushSum", 8, pat, false}}
	for _, c := range cases {
		t.Run(c.fn+"/"+c.mk().Name(), func(t *testing.T) {
			p := loadHeapbench(t, c.fn)
			_, none := explore(t, p, Options{MaxLen: c.n}, nil)
			_, r := explore(t, p, Options{MaxLen: c.n, Merge: c.mk()}, nil)
			got := r.Stats
			if (got.BarrenPoints > 0) != c.barren || got.Merges == 0 {
				t.Errorf("barren points %d, merges %d; want barren %v", got.BarrenPoints, got.Merges, c.barren)
			}
			if !got.Exhausted() || !none.Stats.Exhausted() {
				t.Errorf("exhausted %v, none %v", got.Exhausted(), none.Stats.Exhausted())
			}
			sameFindings(t, r, none)
		})
	}
}

// TestFallBack: a merging run after a warm-up whose merges split falls
// back to the warm-up's worklist, and then explores as --merge=none: the
// same panics, coverage and exhaustion, and the paths none runs at least.
func TestFallBack(t *testing.T) {
	p := loadHeapbench(t, "Resplit")
	ex, none := explore(t, p, Options{MaxLen: 12}, nil)
	_, r := explore(t, p, Options{MaxLen: 12, Merge: merge.NewStd(0), MergeAfter: ex.work() / 8, WarmUpReach: 1}, nil)
	got := r.Stats
	if !got.Restarted || !got.FellBack {
		t.Fatalf("restarted %v, fell back %v", got.Restarted, got.FellBack)
	}
	if !got.Exhausted() || got.Paths < none.Stats.Paths {
		t.Errorf("exhausted %v, paths %d; none's %d", got.Exhausted(), got.Paths, none.Stats.Paths)
	}
	sameFindings(t, r, none)
}
