package symex

import (
	"context"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/sift-solver/sift/symex/merge"
	"github.com/sift-solver/sift/term"
)

// The executor tests of seed 002 (T1–T7, the digest's §6) on the Go ports
// in testdata/seed002, under none (the digest's Off), std (All) and qhv.
//
// Conventions. sift cannot follow C1–C7 to the letter, so the counts are
// sift's own, derived by hand below, and each test asserts the digest's
// relations between Off, All and QHV besides:
//   - C2: a symbolic branch costs sift one query, not two: the state's
//     model decides one side, the solver the other (plus one query for the
//     input constraints at the start). Value sets are off, as in the other
//     counting tests, so that no branch is settled without the solver.
//   - C3: assert(e) is `if !e { panic }`; its failing side is a panic path.
//     P below is the returned paths (the digest's "states reaching ret").
//   - C5: sift's term store folds a comparison of an ite of constants with
//     a constant (ite-lifting), which the digest leaves out: T5 and T6
//     need fewer queries under std than the digest's All.
//   - C6: the scheduler merges at the earliest point when no state can
//     run (docs/design/merging.md), not DFS with merge-on-empty; on these
//     programs both merge the same states.
//   - C7: Eq. (7) as in qhv_cost.go; a call costs its callee's sum once
//     (T2 and T3 put their asserts in a callee), which gives the digest's C
//     and D on T2 and T3.

func loadSeed002(t *testing.T, fn string) *Program {
	t.Helper()
	return loadTestFunc(t, "testdata/seed002", "T1N5", fn)
}

func qhvAlpha(a float64) merge.Strategy {
	q := merge.NewQHV(0)
	q.Params.Alpha = a
	return q
}

// qhvSift is qhv with sift's form of the decision (qhv_sift.go) at the
// paper's α, β, δ.
func qhvSift() merge.Strategy {
	q := merge.NewQHV(0)
	q.Params.Model = "sift"
	return q
}

// counts is (queries, returned paths, merges) of one run.
type counts struct{ Q, P, M int }

func runCounts(t *testing.T, fn string, s merge.Strategy) (counts, *Result) {
	t.Helper()
	_, r := exploreMergedOpts(t, loadSeed002(t, fn), Options{Merge: s, NoValueSets: true})
	return counts{r.Stats.Queries, r.Stats.Returned, r.Stats.Merges}, r
}

// exploreMergedOpts explores and replays every finished path exactly.
// Loops run path by path: the seeds' loops are what merging merges, and
// ite loops (loopite.go) would summarize those without effects.
func exploreMergedOpts(t *testing.T, p *Program, opts Options) (*Executor, *Result) {
	t.Helper()
	opts.NoIteLoops = true
	ex, res := explore(t, p, opts, nil)
	for _, path := range res.Paths {
		if path.Inputs == nil || (path.Kind != "return" && path.Kind != "panic") {
			continue
		}
		if err := ex.Replay(path); err != nil {
			t.Error(err)
		}
	}
	return ex, res
}

// TestSeed002T1 is n independent diamonds whose results are never read:
// Off takes 2^n paths and 1 + (2^n − 1) queries, All and QHV (every α)
// one path, n merges and 1 + n queries (D(y) = 0: no site reads y).
func TestSeed002T1(t *testing.T) {
	long := os.Getenv("SIFT_SEED002_LONG") != ""
	for _, c := range []struct {
		fn string
		n  int
	}{{"T1N5", 5}, {"T1N10", 10}, {"T1N12", 12}} {
		all := counts{1 + c.n, 1, c.n}
		if got, _ := runCounts(t, c.fn, merge.NewStd(0)); got != all {
			t.Errorf("%s std: %+v, want %+v", c.fn, got, all)
		}
		for _, a := range []float64{0, 1, 10} {
			if got, _ := runCounts(t, c.fn, qhvAlpha(a)); got != all {
				t.Errorf("%s qhv α=%v: %+v, want %+v", c.fn, a, got, all)
			}
		}
		if c.n == 12 && !long {
			continue // 4096 paths: SIFT_SEED002_LONG=1 runs it
		}
		off := counts{1 << c.n, 1 << c.n, 0}
		if got, _ := runCounts(t, c.fn, nil); got != off {
			t.Errorf("%s none: %+v, want %+v", c.fn, got, off)
		}
	}
}

// TestSeed002T2toT6 checks the threshold, after-effect, loop and call
// cases against counts derived by hand and the digest's relations.
func TestSeed002T2toT6(t *testing.T) {
	cases := []struct {
		fn        string
		none, std counts
		qhv       map[float64]counts
		comment   string
	}{
		// T2: 1 (inputs) + 1 (c) + 100 asserts per state; the merged m
		// costs one query more. QHV merges iff α ≤ 4 (C = 101, D(m) = 1).
		{"T2", counts{202, 2, 0}, counts{103, 1, 1},
			map[float64]counts{0: {103, 1, 1}, 1: {103, 1, 1}, 4: {103, 1, 1}, 5: {202, 2, 0}, 10: {202, 2, 0}},
			"the digest's Off 202 / All 103 exactly"},
		// T3: the 50 asserts on m are free while m is concrete; merged,
		// each costs a query. D(m) = C = 50: hot for every α.
		{"T3", counts{2, 2, 0}, counts{52, 1, 1},
			map[float64]counts{0: {2, 2, 0}, 1: {2, 2, 0}, 10: {2, 2, 0}}, "the digest's numbers exactly"},
		// T4: Off 1 + 1 + 2 + 4 branch queries, 8 paths. All merges every
		// iteration: 1 + 3 + 1 (the assert on the merged s). QHV: s is hot
		// (its assert after the loop), only states with equal s merge (a
		// pure pc join): 1 + 1 + 2 + 3, 4 paths, 3 merges (digest P = 4, M = 3).
		{"T4", counts{8, 8, 0}, counts{5, 1, 3},
			map[float64]counts{0: {7, 4, 3}, 1: {7, 4, 3}, 10: {7, 4, 3}}, "digest Off 14/8, All 7/1, QHV 12/4 under C2"},
		// T5: a concrete in each state makes f5's branch free. Merged, it
		// costs a query; the assert on r = ite(…, 1, 0) > 1 folds (C5).
		// QHV: a (C = 2, D = 1) and r (C = D = 1) are hot.
		{"T5", counts{2, 2, 0}, counts{3, 1, 2},
			map[float64]counts{0: {2, 2, 0}, 1: {2, 2, 0}, 10: {2, 2, 0}}, "digest Off 2, All 5 (no folding), QHV 2"},
		// T6: the loop bound n is merged: the header's tests become
		// queries (some fold, C5), and the loop still ends on two paths.
		{"T6", counts{2, 2, 0}, counts{7, 2, 1},
			map[float64]counts{0: {2, 2, 0}, 1: {2, 2, 0}, 10: {2, 2, 0}}, "digest Off 2, All 14 (no folding), QHV 2"},
	}
	for _, c := range cases {
		t.Run(c.fn, func(t *testing.T) {
			none, _ := runCounts(t, c.fn, nil)
			std, _ := runCounts(t, c.fn, merge.NewStd(0))
			if none != c.none || std != c.std {
				t.Errorf("none %+v, std %+v; want %+v, %+v (%s)", none, std, c.none, c.std, c.comment)
			}
			for a, want := range c.qhv {
				if got, _ := runCounts(t, c.fn, qhvAlpha(a)); got != want {
					t.Errorf("qhv α=%v: %+v, want %+v (%s)", a, got, want, c.comment)
				}
			}
			// The digest's relations: All never has more paths than Off;
			// with after-effect (T3, T5, T6) All asks more than Off and
			// QHV at α ≥ 1 asks what Off asks.
			if std.P > none.P {
				t.Errorf("std has more paths (%d) than none (%d)", std.P, none.P)
			}
			if c.fn == "T3" || c.fn == "T5" || c.fn == "T6" {
				q, _ := runCounts(t, c.fn, qhvAlpha(1))
				if !(std.Q > none.Q && q.Q == none.Q && q.P == none.P) {
					t.Errorf("after-effect: want std queries > none = qhv: none %+v std %+v qhv %+v", none, std, q)
				}
			}
			// sift's form: never more queries than the cheaper of none
			// and std on these programs.
			if q, _ := runCounts(t, c.fn, qhvSift()); q.Q > min(none.Q, std.Q) || q.P > none.P {
				t.Errorf("qhv sift form: %+v; none %+v, std %+v", q, none, std)
			}
		})
	}
}

// literalEq3 is the standard merge with the merged path constraint cut to
// the conjuncts the members share: the literal Eq. (3) of seed 002, which
// is unsound (T7). It exists to show that T7 detects that mistake.
type literalEq3 struct{ merge.Std }

func (l *literalEq3) Merge(st *term.Store, views []*merge.View) ([]merge.Merged, error) {
	ms, err := l.Std.Merge(st, views)
	for k := range ms {
		count := map[term.Term]int{}
		for _, i := range ms[k].Members {
			for _, c := range views[i].PC {
				count[c]++
			}
		}
		var common []term.Term
		for _, c := range views[ms[k].Members[0]].PC {
			if count[c] == len(ms[k].Members) {
				common = append(common, c)
			}
		}
		ms[k].PC = common
	}
	return ms, err
}

// TestSeed002T7 is the soundness test of the merged path constraint: the
// only path on which c <= 0 && d == 3 aborts before the join, so neither
// BUG panic is reachable. std and qhv keep the disjunction and report
// neither; the literal Eq. (3) revives the aborted path and reports BUG1.
func TestSeed002T7(t *testing.T) {
	bugs := func(r *Result) []string {
		var out []string
		for _, p := range r.Panics {
			if strings.HasPrefix(p.Message, "BUG") {
				out = append(out, p.Message)
			}
		}
		return out
	}
	none, rn := runCounts(t, "T7", nil)
	if want := (counts{9, 3, 0}); none != want || len(bugs(rn)) != 0 {
		t.Errorf("none: %+v, bugs %v; want %+v, none", none, bugs(rn), want)
	}
	for name, s := range map[string]merge.Strategy{"std": merge.NewStd(0), "qhv": qhvAlpha(1), "qhv α=0": qhvAlpha(0),
		"qhv sift": qhvSift()} {
		got, r := runCounts(t, "T7", s)
		if b := bugs(r); len(b) != 0 {
			t.Errorf("%s reports %v: the merged pc lost the disjunction", name, b)
		}
		if got.M == 0 || got.P > none.P || !reflect.DeepEqual(panicSet(r), panicSet(rn)) {
			t.Errorf("%s: %+v, panics %v (none's %v)", name, got, panicSet(r), panicSet(rn))
		}
	}
	// The literal Eq. (3): a path of the merged state reaches a BUG
	// panic on an input that satisfies no member's path constraint. The
	// executor either reports it (BUG1) or, finding the input's trace
	// (which member it follows), stops with an internal error: both show
	// the merge unsound, and both are absent above.
	st := term.NewStore()
	ex := NewExecutor(loadSeed002(t, "T7"), st, NewEngineSolver(st),
		Options{Merge: &literalEq3{*merge.NewStd(0)}, NoValueSets: true})
	r, err := ex.Explore(context.Background())
	switch {
	case err != nil:
		if !strings.Contains(err.Error(), "no member of a merge holds") {
			t.Fatal(err)
		}
	case !strings.Contains(strings.Join(bugs(r), ","), "BUG1"):
		t.Fatalf("the literal Eq. (3) reports %v: T7 does not detect the unsound merge", bugs(r))
	}
}

// TestHeapMerge: heap-aware merging on the heap programs of
// testdata/seed002 (objects allocated on both sides pair by allocation
// site; objects of one side are kept; pointers become ite trees over
// objects). Loads and stores through a merged pointer are lifted: std asks
// no query for them (PtrPhi: 1 for the inputs, 1 for c, 1 for the sum
// check). Panics and coverage equal none's under std and qhv, and every
// path replays.
func TestHeapMerge(t *testing.T) {
	cases := []struct {
		fn        string
		none, std counts
		comment   string
	}{
		{"OneSided", counts{3, 2, 0}, counts{4, 1, 2}, "a node of one side only is kept"},
		{"PtrPhi", counts{4, 2, 0}, counts{3, 1, 1}, "a store through an ite pointer, no fork"},
		{"PtrSlice", counts{4, 2, 0}, counts{3, 1, 1}, "a slice of pointers swapped on one side"},
		{"StructPtrs", counts{3, 2, 0}, counts{3, 1, 1}, "a struct's pointer field set apart"},
		{"Push", counts{8, 8, 0}, counts{12, 1, 4}, "lists of lengths 0-3 merge into one state"},
		{"NewT", counts{4, 4, 0}, counts{5, 2, 2}, "new(T) on both sides, a nil next on one"},
		{"T7", counts{9, 3, 0}, counts{5, 1, 3}, "seed 002 T7"},
	}
	for _, c := range cases {
		t.Run(c.fn, func(t *testing.T) {
			none, rn := runCounts(t, c.fn, nil)
			std, rs := runCounts(t, c.fn, merge.NewStd(0))
			if none != c.none || std != c.std {
				t.Errorf("none %+v, std %+v; want %+v, %+v (%s)", none, std, c.none, c.std, c.comment)
			}
			q, rq := runCounts(t, c.fn, qhvAlpha(1))
			_, rsift := runCounts(t, c.fn, qhvSift())
			for name, r := range map[string]*Result{"std": rs, "qhv": rq, "qhv sift": rsift} {
				if got, want := panicSet(r), panicSet(rn); !reflect.DeepEqual(got, want) {
					t.Errorf("panics under %s %q, under none %q", name, got, want)
				}
				if got, want := r.Coverage.Funcs(), rn.Coverage.Funcs(); !reflect.DeepEqual(got, want) {
					t.Errorf("coverage under %s %v, under none %v", name, got, want)
				}
			}
			if q.P > none.P || q.P < std.P {
				t.Errorf("qhv %d paths: want between std's %d and none's %d", q.P, std.P, none.P)
			}
		})
	}
}
