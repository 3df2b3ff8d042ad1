package symex

import (
	"fmt"
	"os"
	"reflect"
	"sort"
	"testing"

	"github.com/sift-solver/sift/symex/merge"
)

// corpusFuncs is every function of testdata/corpus with the length bounds
// the merging tests run it at.
var corpusFuncs = []struct {
	fn      string
	maxLens []int
}{
	{"CountA", []int{2, 3}}, {"StrspnAB", []int{2, 3}}, {"Strspn", []int{2}}, {"Memspn", []int{2}},
	{"MemspnA", []int{2, 3}}, {"MarkA", []int{3}}, {"SumBytes", []int{3}}, {"AddOverflows", []int{0}}, {"Div", []int{0}},
	{"Guarded", []int{3}}, {"Last", []int{3}}, {"Runes", []int{2}}, {"Quadrant", []int{0}}, {"Table", []int{0}},
	{"Build", []int{2}}, {"MapUse", []int{0}}, {"Diamonds", []int{0}}, {"PCMerge", []int{0}},
	{"MergedIndex", []int{2}},
}

// The language features' functions (langCases) run under merging too:
// Vec arrays, maps, pending defers and panics in flight.
func init() {
	for _, c := range langCases {
		corpusFuncs = append(corpusFuncs, struct {
			fn      string
			maxLens []int
		}{c.fn, []int{c.maxLen}})
	}
}

// eachCorpusFuncAtLargest runs check as a subtest on every corpus
// function at its largest bound.
func eachCorpusFuncAtLargest(t *testing.T, check func(t *testing.T, p *Program, opts Options)) {
	for _, c := range corpusFuncs {
		n := c.maxLens[len(c.maxLens)-1]
		t.Run(fmt.Sprintf("%s/%d", c.fn, n), func(t *testing.T) {
			check(t, loadCorpus(t, c.fn), Options{MaxLen: n})
		})
	}
}

func panicSet(r *Result) []string {
	var out []string
	for _, p := range r.Panics {
		out = append(out, p.Pos.String()+": "+p.Message)
	}
	sort.Strings(out)
	return out
}

// TestStdMergeKeepsPanicsAndCoverage: on every corpus function, std (and
// qhv) finds
// the same panic sites and unsupported constructs and covers the same
// blocks and lines as no merging, never with more paths, and every path it
// reports replays exactly.
func TestStdMergeKeepsPanicsAndCoverage(t *testing.T) {
	t.Parallel() // heavy: beside the other heavy tests (symex_test.go)
	for _, c := range corpusFuncs {
		for _, n := range c.maxLens {
			// The three strategies compare with one run without merging.
			var none noneRuns
			opts := Options{MaxLen: n}
			t.Run(fmt.Sprintf("%s/%d", c.fn, n), func(t *testing.T) {
				p := loadCorpus(t, c.fn)
				checkMergeAgreesWith(t, p, none.of(t, p, opts), opts, merge.NewStd(0))
			})
			// qhv (seed 002): std vetoed by query hot values.
			t.Run(fmt.Sprintf("%s/%d/qhv", c.fn, n), func(t *testing.T) {
				p := loadCorpus(t, c.fn)
				checkMergeAgreesWith(t, p, none.of(t, p, opts), opts, merge.NewQHV(0))
			})
			// qhv with sift's form of the decision, as the command runs it.
			t.Run(fmt.Sprintf("%s/%d/qhv-sift", c.fn, n), func(t *testing.T) {
				p := loadCorpus(t, c.fn)
				checkMergeAgreesWith(t, p, none.of(t, p, opts), opts, qhvSift())
			})
		}
	}
}

// noneRuns holds the runs without merging of one function that several
// strategies compare with (checkMergeAgreesWith), by their options: a
// run is deterministic, so one run stands for all. Subtests that share
// one run one at a time.
type noneRuns map[string]*Result

// of returns the run of p without merging under opts (whose Merge is nil),
// exploring it on the first call.
func (r *noneRuns) of(t *testing.T, p *Program, opts Options) *Result {
	t.Helper()
	key := fmt.Sprintf("%p %#v", p.Fn, opts)
	if res := (*r)[key]; res != nil {
		return res
	}
	_, res := explore(t, p, opts, nil)
	if *r == nil {
		*r = noneRuns{}
	}
	(*r)[key] = res
	return res
}

// TestStdMergeAgreesOnStdlibCorpus is the same comparison on the
// standard-library functions of the symex corpus, at small bounds.
func TestStdMergeAgreesOnStdlibCorpus(t *testing.T) {
	t.Parallel() // heavy: beside the other heavy tests (symex_test.go)
	merged := 0
	full := os.Getenv("SIFT_SYMEX_CORPUS_FULL") != ""
	eachStdlibCorpus(t, func(t *testing.T, p *Program, opts Options) {
		if n, ok := stdMergeBound[p.Fn.String()]; ok && !full {
			opts.MaxLen = n
		}
		merged += checkMergeAgrees(t, p, opts, merge.NewStd(0)).Stats.StatesMerged
	})
	if merged == 0 {
		t.Error("std merged no states on the corpus")
	}
}

// TestPatAgreesOnStdlibCorpus is the same comparison for pat, with
// --check-merges on: every quantified merge must be proved equal to the
// standard merge of its states, without and with coverage scouts. It takes
// minutes (pat's quantified queries), so it runs when SIFT_SYMEX_PAT_CORPUS
// is set.
func TestPatAgreesOnStdlibCorpus(t *testing.T) {
	if os.Getenv("SIFT_SYMEX_PAT_CORPUS") == "" {
		t.Skip("set SIFT_SYMEX_PAT_CORPUS=1 to compare pat with none on the standard-library corpus")
	}
	quantified := 0
	full := os.Getenv("SIFT_SYMEX_CORPUS_FULL") != ""
	eachStdlibCorpus(t, func(t *testing.T, p *Program, opts Options) {
		if n, ok := stdMergeBound[p.Fn.String()]; ok && !full {
			opts.MaxLen = n
		}
		// The reference settings (NewPat) and the command line's
		// (--merge=pat, the default), without and with scouts.
		for _, cmd := range []bool{false, true} {
			for _, scout := range []float64{0, 1} {
				pat := merge.NewPat()
				if cmd {
					s, err := merge.New("pat", merge.Options{HotVeto: true, NoStdVeto: true})
					if err != nil {
						t.Fatal(err)
					}
					pat = s.(*merge.Pat)
				}
				pat.Check = merge.NewChecker()
				o := opts
				o.ScoutShare, o.ScoutLoopShare = scout, scout
				checkMergeAgrees(t, p, o, pat)
				if pat.Check.Proved != pat.Stats().Quantified {
					t.Errorf("command line %v, scouts %v: --check-merges proved %d of %d quantified merges", cmd, scout,
						pat.Check.Proved, pat.Stats().Quantified)
				}
				quantified += pat.Stats().Quantified
			}
		}
	})
	t.Logf("%d quantified merges, all proved", quantified)
}

// stdMergeBound lowers the bound of the functions whose runs at the
// corpus test's bound take more than a few CPU seconds: at 2, none takes 90
// s on mime.ParseMediaType, and std 16 s on strings.ToLower (merged flags
// make the Unicode path's branches symbolic).
var stdMergeBound = map[string]int{"mime.ParseMediaType": 1, "strings.ToLower": 1}

// checkMergeAgrees explores p without merging and with strategy s, and
// requires the same panic sites, unsupported constructs and coverage, no
// more paths, an exhausted space, and an exact replay of every path the
// merged run reports.
func checkMergeAgrees(t *testing.T, p *Program, opts Options, s merge.Strategy) *Result {
	t.Helper()
	_, none := explore(t, p, opts, nil)
	return checkMergeAgreesWith(t, p, none, opts, s)
}

// checkMergeAgreesWith is checkMergeAgrees with the run without merging,
// none, made already (with opts).
func checkMergeAgreesWith(t *testing.T, p *Program, none *Result, opts Options, s merge.Strategy) *Result {
	t.Helper()
	o := opts
	o.Merge = s
	ex, m := explore(t, p, o, nil)
	if !none.Stats.Exhausted() || !m.Stats.Exhausted() {
		t.Fatalf("a run did not exhaust the bounded space: none %+v, %s %+v", none.Stats, s.Name(), m.Stats)
	}
	if got, want := panicSet(m), panicSet(none); !reflect.DeepEqual(got, want) {
		t.Errorf("panics under %s %q, under none %q", s.Name(), got, want)
	}
	if got, want := unsupportedSet(m), unsupportedSet(none); !reflect.DeepEqual(got, want) {
		t.Errorf("unsupported under %s %q, under none %q", s.Name(), got, want)
	}
	if got, want := m.Coverage.Funcs(), none.Coverage.Funcs(); !reflect.DeepEqual(got, want) {
		t.Errorf("coverage under %s %v, under none %v", s.Name(), got, want)
	}
	if m.Stats.Paths > none.Stats.Paths {
		t.Errorf("%s: %d paths, none %d", s.Name(), m.Stats.Paths, none.Stats.Paths)
	}
	replayed := 0
	for _, p := range m.Paths {
		if p.Inputs == nil || (p.Kind != "return" && p.Kind != "panic") {
			continue
		}
		replayed++
		if err := ex.Replay(p); err != nil {
			t.Error(err)
		}
	}
	if replayed != m.Stats.Paths {
		t.Errorf("%d of %d paths replayed", replayed, m.Stats.Paths)
	}
	return m
}

func unsupportedSet(r *Result) []string {
	seen := map[string]bool{}
	var out []string
	for _, p := range r.Paths {
		if k := p.Pos.String() + ": " + p.Message; p.Kind == "unsupported" && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// TestStdMergeCounts checks merged-state counts derived by hand.
func TestStdMergeCounts(t *testing.T) {
	cases := []struct {
		fn                     string
		maxLen                 int
		paths, queries         int
		merges, statesMerged   int
		nonePaths, noneQueries int
		comment                string
	}{
		// Seed 002 T1 with n = 5: one query for the input constraints, then
		// one per if (the model decides one side, the solver the other);
		// each join merges its two states, so one path remains.
		{"Diamonds", 0, 1, 1 + 5, 5, 10, 32, 1 + 31, "2^5 paths become 1"},
		// CountA at max-len 3: the loop's join after the 'a' test merges
		// the two sides in each of 3 iterations; the loop exit (a symbolic
		// loop: i < len(s)) merges the 4 exits (lengths 0..3).
		{"CountA", 3, 1, 11, 4, 10, 15, 30, "one merged state per iteration, one at the exit"},
	}
	for _, c := range cases {
		t.Run(c.fn, func(t *testing.T) {
			p := loadCorpus(t, c.fn)
			// The counts follow the convention that the model decides one
			// side of a branch and the solver the other: value sets, which
			// settle sides without the solver, are off.
			_, none := explore(t, p, Options{MaxLen: c.maxLen, NoValueSets: true}, nil)
			_, std := explore(t, p, Options{MaxLen: c.maxLen, Merge: merge.NewStd(0), NoValueSets: true}, nil)
			got := [6]int{std.Stats.Paths, std.Stats.Queries, std.Merge.Merges, std.Merge.StatesMerged,
				none.Stats.Paths, none.Stats.Queries}
			want := [6]int{c.paths, c.queries, c.merges, c.statesMerged, c.nonePaths, c.noneQueries}
			if got != want {
				t.Errorf("(paths, queries, merges, states merged, none's paths, none's queries) = %v, want %v (%s)",
					got, want, c.comment)
			}
			if std.Stats.Merges != std.Merge.Merges || std.Stats.StatesMerged != std.Merge.StatesMerged {
				t.Errorf("executor counted %d merges of %d states, strategy %d of %d", std.Stats.Merges,
					std.Stats.StatesMerged, std.Merge.Merges, std.Merge.StatesMerged)
			}
		})
	}
}

// TestGeneratedTestsPanicUnderStd: the inputs std gives for panics reached
// from merged states (models of merged path constraints) make the function
// panic in a real run of the generated test.
func TestGeneratedTestsPanicUnderStd(t *testing.T) {
	files := map[string]string{}
	total, fromMerged := 0, 0
	for _, fn := range []string{"AddOverflows", "Guarded", "PCMerge", "Last", "MergedIndex"} {
		_, res := explore(t, loadCorpus(t, fn), Options{MaxLen: 3, Merge: merge.NewStd(0)}, nil)
		for _, p := range res.Paths {
			if p.Kind == "panic" && p.Merged {
				fromMerged++
			}
		}
		total += len(res.Panics)
		files["symex_"+fn+"_test.go"] = res.TestFile(false)
	}
	if fromMerged == 0 {
		t.Fatal("no panic was reached from a merged state: the test checks nothing about merging")
	}
	if rows, _ := runGeneratedTests(t, files); rows != total {
		t.Errorf("%d panic rows passed, want %d", rows, total)
	}
}
