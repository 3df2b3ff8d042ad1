package symex

import (
	"testing"

	"github.com/sift-solver/sift/svi"
	"github.com/sift-solver/sift/symex/chain"
	"github.com/sift-solver/sift/term"
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

// TestValueSetsParts: the merged state of x = 1 ∧ y = 1 and x = 2 ∧ y = 2
// settles x = y (always) through its members' sets, where the joined sets
// (x and y each in {1, 2}) cannot: they lose that x and y move together.
// A branch the members settle apart (x = 1) stays unsettled until a
// literal leaves one member's part (y = 1): then it is settled.
func TestValueSetsParts(t *testing.T) {
	st := term.NewStore()
	x, y := st.Var("x", st.BitVecSort(8)), st.Var("y", st.BitVecSort(8))
	c := func(n uint64) term.Term { return st.ConstUint64(8, n) }
	v := newValueSets(st)
	a, b := &State{}, &State{}
	v.assume(a, st.Eq(x, c(1)))
	v.assume(a, st.Eq(y, c(1)))
	v.assume(b, st.Eq(x, c(2)))
	v.assume(b, st.Eq(y, c(2)))
	s := &State{}
	v.merged(s, []*State{a, b})
	if len(s.parts) != 2 {
		t.Fatalf("%d parts, want 2", len(s.parts))
	}
	same := st.Eq(x, y)
	if got := v.tr.Decide(s.sets, same); got == svi.Always || got == svi.Never {
		t.Fatalf("the joined sets decide x = y (%v): the test shows nothing", got)
	}
	for _, tc := range []struct {
		cond term.Term
		want svi.Verdict
	}{
		{same, svi.Always},
		{st.Not(same), svi.Never},
	} {
		if got := v.decide(s, tc.cond); got != tc.want {
			t.Errorf("decide %v = %v, want %v", tc.cond, got, tc.want)
		}
	}
	x1 := st.Eq(x, c(1))
	if got := v.decide(s, x1); got == svi.Always || got == svi.Never {
		t.Errorf("decide x = 1 = %v: the members settle it apart", got)
	}
	v.assume(s, st.Eq(y, c(1)))
	if len(s.parts) != 1 || v.decide(s, x1) != svi.Always {
		t.Errorf("after y = 1: %d parts, decide x = 1 %v", len(s.parts), v.decide(s, x1))
	}
}
