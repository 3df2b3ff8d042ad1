package symex

import (
	"testing"

	"github.com/sift-solver/sift/symex/chain"
)

// seed004Funcs are the Go versions of seed 004's kinds of programs
// (testdata/seed004) with their path counts (regression values: every
// configuration must find the same paths).
var seed004Funcs = []struct {
	fn    string
	paths int
}{
	{"Sort1", 6}, {"Sort3", 63}, {"SortAll", 28}, {"GCD", 8}, {"BellmanFord", 4}, {"Half", 8}, {"OuterProduct", 11},
}

// TestValueSetsSeed004: on every seed-004 program, value sets report the
// solver checks they avoided, never disagree with a path's model, and the
// explored paths, panics and coverage are those of the run without them
// (with the solver chain off, then on); every path replays.
func TestValueSetsSeed004(t *testing.T) {
	total := 0
	for _, c := range seed004Funcs {
		t.Run(c.fn, func(t *testing.T) {
			p := loadTestFunc(t, "testdata/seed004", "Sort1", c.fn)
			for _, layers := range []chain.Layers{{}, {Independence: true, QueryCache: true, CexCache: true}} {
				_, off := explore(t, p, Options{SolverChain: &layers, NoValueSets: true}, nil)
				ex, on := explore(t, p, Options{SolverChain: &layers}, nil)
				if off.Stats.Paths != c.paths {
					t.Errorf("%d paths, want %d", off.Stats.Paths, c.paths)
				}
				compareRuns(t, "value sets", on, off)
				vs := on.ValueSets
				if vs == nil || vs.Avoided == 0 || vs.Disagreed != 0 {
					t.Fatalf("value sets: %+v", vs)
				}
				if on.Stats.Queries+vs.Avoided < off.Stats.Queries {
					t.Errorf("%d queries plus %d avoided, below the %d checks without value sets",
						on.Stats.Queries, vs.Avoided, off.Stats.Queries)
				}
				for _, path := range on.Paths {
					if err := ex.Replay(path); err != nil {
						t.Error(err)
					}
				}
				if layers == (chain.Layers{}) {
					total += vs.Avoided
					t.Logf("queries %d without value sets, %d with (%d avoided: %d branches settled, %d witnesses)",
						off.Stats.Queries, on.Stats.Queries, vs.Avoided, vs.Decided, vs.Witnesses)
				}
			}
		})
	}
	if total == 0 {
		t.Error("no check avoided")
	}
}
