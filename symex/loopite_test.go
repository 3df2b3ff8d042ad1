package symex

import (
	"reflect"
	"testing"

	"github.com/sift-solver/sift/symex/merge"
)

// checkIteLoops explores p with ite loops and path by path (under
// strategy m, nil for none) and compares them: the same panics and
// blocks covered, both exhausted, every path of the ite run replays (its
// trace lacks the loops' decisions, as the concrete run's does), and no
// more paths than path by path. It returns the ite run.
func checkIteLoops(t *testing.T, p *Program, opts Options, m merge.Strategy) *Result {
	t.Helper()
	opts.Merge = m
	ex, res := explore(t, p, opts, nil)
	opts.NoIteLoops = true
	_, base := explore(t, p, opts, nil)
	if !res.Stats.Exhausted() || !base.Stats.Exhausted() {
		t.Fatalf("a run did not finish (stopped %q / %q)", res.Stats.Stopped, base.Stats.Stopped)
	}
	if g, w := panicSet(res), panicSet(base); !reflect.DeepEqual(g, w) {
		t.Errorf("panics %q, path by path %q", g, w)
	}
	if g, w := res.Coverage.Funcs(), base.Coverage.Funcs(); !reflect.DeepEqual(g, w) {
		t.Errorf("coverage %v, path by path %v", g, w)
	}
	if res.Stats.Paths > base.Stats.Paths {
		t.Errorf("%d paths, path by path %d", res.Stats.Paths, base.Stats.Paths)
	}
	for _, path := range res.Paths {
		if path.Kind == "return" || path.Kind == "panic" {
			if err := ex.Replay(path); err != nil {
				t.Error(err)
			}
		}
	}
	return res
}

// TestIteLoopsAgreeOnCorpus: the test corpus with and without ite loops.
func TestIteLoopsAgreeOnCorpus(t *testing.T) {
	t.Parallel() // heavy: beside the other heavy tests (symex_test.go)
	eachCorpusFuncAtLargest(t, func(t *testing.T, p *Program, opts Options) { checkIteLoops(t, p, opts, nil) })
}

// TestIteLoops: testdata/iteloops, whose searches run once for all their
// paths (ite says how many loops, at least, ran as ite terms), without
// merging and under pat.
func TestIteLoops(t *testing.T) {
	cases := []struct {
		fn     string
		maxLen int
		ite    int
		paths  int // at most, with ite loops and without merging
	}{
		{"Member", 2, 1, 5},   // short key; hit at slot 8; in range and not; above
		{"Unsorted", 2, 1, 5}, // short key; found 9000, 27 (never), other
		{"Exits", 2, 1, 5},    // two exits of the linear search, and 729
		{"Break", 2, 1, 4},
		{"Index", 2, 1, 3},     // in range or the panic
		{"Effects", 2, 0, 64},  // a store in the loop: path by path
		{"Symbolic", 3, 0, 32}, // the trip count is the input's length: path by path
		{"Lookup", 2, 1, 8},    // sort.Search over a closure calling compare: summarized calls
	}
	for _, c := range cases {
		for _, m := range []merge.Strategy{nil, merge.NewPat()} {
			name := "none"
			if m != nil {
				name = m.Name()
			}
			t.Run(c.fn+"/"+name, func(t *testing.T) {
				p := loadTestFunc(t, "testdata/iteloops", "Member", c.fn)
				res := checkIteLoops(t, p, Options{MaxLen: c.maxLen}, m)
				if c.ite == 0 && res.Stats.IteLoops != 0 || res.Stats.IteLoops < c.ite {
					t.Errorf("%d ite loops, want %d", res.Stats.IteLoops, c.ite)
				}
				if m == nil && res.Stats.Paths > c.paths {
					t.Errorf("%d paths, want at most %d", res.Stats.Paths, c.paths)
				}
			})
		}
	}
}

// TestIteLoopCloneReplays: Constraint's regexp searches its character
// classes in ite loops with several exits, and the clones forked among
// the exits replay the walk their originals made (a new walk under the
// clone's narrower value sets dropped exits and shifted the forced
// decisions: "replay decisions left", or paths missed). Every path
// replays and the panic is found.
func TestIteLoopCloneReplays(t *testing.T) {
	p := loadTestFunc(t, "testdata/iteloops", "Member", "Constraint")
	ex, res := explore(t, p, Options{MaxLen: 2}, nil)
	if !res.Stats.Exhausted() || res.Stats.IteLoops == 0 {
		t.Fatalf("stopped %q, %d ite loops", res.Stats.Stopped, res.Stats.IteLoops)
	}
	if len(res.Panics) != 1 {
		t.Errorf("%d panic sites, want 1", len(res.Panics))
	}
	for _, path := range res.Paths {
		if err := ex.Replay(path); err != nil {
			t.Error(err)
		}
	}
}
