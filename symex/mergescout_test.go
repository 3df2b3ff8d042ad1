package symex

import (
	"fmt"
	"testing"

	"github.com/sift-solver/sift/symex/merge"
	"github.com/sift-solver/sift/term"
)

// TestScoutPassesRule is the scheduling rule of coverage scouts: a state at
// a merge point passes it only with a block ahead that still draws scouts,
// always when it is a scout already, and as a new scout while scouts did
// no more than the share of the work and the last maxFruitless scouts did
// not all cover nothing.
func TestScoutPassesRule(t *testing.T) {
	const w = 1000 // a tenth of the work so far
	cases := []struct {
		name             string
		scouting         bool
		uncovered        bool
		inLoop           bool
		fruitless        bool
		share, loopShare float64
		spent, total     int64
		want             bool
	}{
		{"nothing uncovered ahead parks", false, false, false, false, 1, 1, 0, 10 * w, false},
		{"a scout with nothing ahead parks", true, false, false, false, 1, 1, 0, 10 * w, false},
		{"share 1 always sets out", false, true, false, false, 1, 0, 10 * w, 10 * w, true},
		{"within the share", false, true, false, false, 0.5, 0, 4 * w, 10 * w, true},
		{"at the share", false, true, false, false, 0.5, 0, 5 * w, 10 * w, true},
		{"over the share waits", false, true, false, false, 0.5, 0, 6 * w, 10 * w, false},
		{"a scout over the share goes on", true, true, false, false, 0.5, 0, 6 * w, 10 * w, true},
		{"a scout in a loop goes on", true, true, true, false, 0.5, 0, 6 * w, 10 * w, true},
		{"in a loop: the loop share", false, true, true, false, 0.5, 0.1, 2 * w, 10 * w, false},
		{"in a loop within the loop share", false, true, true, false, 0.5, 0.1, 1 * w, 10 * w, true},
		{"loop share 0: none sets out in a loop", false, true, true, false, 1, 0, 0, 10 * w, false},
		{"loop share 1 in a loop", false, true, true, false, 0.1, 1, 5 * w, 10 * w, true},
		{"fruitless scouts: none sets out", false, true, false, true, 1, 1, 0, 10 * w, false},
		{"fruitless scouts: a scout goes on", true, true, false, true, 0.5, 0, 6 * w, 10 * w, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := scoutPasses(c.scouting, c.uncovered, c.inLoop, c.fruitless, c.share, c.loopShare, c.spent, c.total); got != c.want {
				t.Errorf("scoutPasses(%v, %v, %v, %v, %v, %v, %v, %v) = %v, want %v", c.scouting, c.uncovered, c.inLoop, c.fruitless, c.share,
					c.loopShare, c.spent, c.total, got, c.want)
			}
		})
	}
}

// TestScoutsFruitless: the count of scout runs in a row that covered
// nothing since the one before; any block covered in between (by a scout or
// not) resets it.
func TestScoutsFruitless(t *testing.T) {
	sc := &scouts{}
	steps := []struct {
		covered, want int
	}{{3, 0}, {3, 1}, {3, 2}, {4, 0}, {4, 1}, {6, 0}, {6, 1}}
	for i, s := range steps {
		sc.ranScout(s.covered)
		if sc.fruitless != s.want {
			t.Fatalf("run %d ending at %d covered: fruitless %d, want %d", i, s.covered, sc.fruitless, s.want)
		}
	}
}

// coverageAtFirstMerge is a strategy that notes the blocks covered when
// the first merge round starts.
type coverageAtFirstMerge struct {
	merge.Strategy
	covered func() int
	first   int // -1 until the first round
}

func (c *coverageAtFirstMerge) Merge(st *term.Store, views []*merge.View) ([]merge.Merged, error) {
	if c.first < 0 {
		c.first = c.covered()
	}
	return c.Strategy.Merge(st, views)
}

// TestScoutsCoverBeforeMerging: on the corpus functions whose code after a
// loop waits for the loop's merge round under pat, scouts (share 1) cover
// every block none covers before the first merge round starts (or the
// run ends, when no state waits for one), where without scouts some block
// is covered only after it. The space, panics and coverage stay none's
// (TestPatKeepsPanicsAndCoverage runs the corpus with scouts too).
func TestScoutsCoverBeforeMerging(t *testing.T) {
	cases := []struct {
		fn string
		n  int
	}{{"StrspnAB", 2}, {"StrspnAB", 3}, {"Strspn", 2}, {"SplitComma", 2}, {"JoinBytes", 2}, {"BuilderSkip", 2}}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%d", c.fn, c.n), func(t *testing.T) {
			p := loadCorpus(t, c.fn)
			_, none := explore(t, p, Options{MaxLen: c.n}, nil)
			want, _ := none.Coverage.Totals()
			for _, share := range []float64{0, 1} {
				st := term.NewStore()
				w := &coverageAtFirstMerge{Strategy: merge.NewPat(), first: -1}
				ex := NewExecutor(p, st, NewEngineSolver(st), Options{MaxLen: c.n, Merge: w, ScoutShare: share, ScoutLoopShare: share})
				w.covered = func() int { n, _ := ex.cov.Totals(); return n }
				res, err := ex.Explore(t.Context())
				if err != nil {
					t.Fatal(err)
				}
				early := w.first
				if early < 0 {
					early = w.covered()
				}
				if got, _ := res.Coverage.Totals(); got != want || !res.Stats.Exhausted() {
					t.Errorf("share %v: %d blocks covered (exhausted %v), none %d", share, got, res.Stats.Exhausted(), want)
				}
				switch {
				case share > 0 && (early != want || res.Stats.Scouts == 0):
					t.Errorf("with scouts: %d blocks before the first merge round (%d scouts), none covers %d", early, res.Stats.Scouts, want)
				case share == 0 && early >= want:
					t.Errorf("without scouts: %d blocks before the first merge round, none covers %d: want fewer", early, want)
				}
			}
		})
	}
}

// TestScoutsRepeat: scouts' share is counted in work, not timed, so two
// runs of one exploration with a share that holds scouts back send out the
// same scouts and explore the same way (same paths, queries, steps,
// merges). The share is small enough to bind: fewer scouts than with
// share 1.
func TestScoutsRepeat(t *testing.T) {
	cases := []struct {
		fn string
		n  int
	}{{"StrspnAB", 3}, {"StrspnAB", 4}}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%d", c.fn, c.n), func(t *testing.T) {
			p := loadCorpus(t, c.fn)
			run := func(share float64) Stats {
				st := term.NewStore()
				ex := NewExecutor(p, st, NewEngineSolver(st), Options{MaxLen: c.n, Merge: merge.NewPat(), ScoutShare: share, ScoutLoopShare: share})
				res, err := ex.Explore(t.Context())
				if err != nil {
					t.Fatal(err)
				}
				s := res.Stats
				s.SolverTime, s.Time, s.CPUTime = 0, 0, 0
				return s
			}
			a, b, all := run(0.02), run(0.02), run(1)
			if a != b {
				t.Errorf("two runs differ:\n%+v\n%+v", a, b)
			}
			if a.Scouts == 0 || a.Scouts >= all.Scouts {
				t.Errorf("%d scouts with share 0.02, %d with share 1: the share does not bind", a.Scouts, all.Scouts)
			}
		})
	}
}
