package symex

import (
	"fmt"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sift-solver/sift/symex/chain"
	symexcorpus "github.com/sift-solver/sift/symex/corpus"
)

// ablations are the configurations the solver-chain and value-set tests
// compare: nothing, each chain layer alone, value sets alone, everything.
var ablations = []struct {
	name        string
	layers      chain.Layers
	noValueSets bool
}{
	{"none", chain.Layers{}, true},
	{"independence", chain.Layers{Independence: true}, true},
	{"cache", chain.Layers{QueryCache: true}, true},
	{"cex", chain.Layers{CexCache: true}, true},
	{"value-sets", chain.Layers{}, false},
	{"all", chain.Layers{Independence: true, QueryCache: true, CexCache: true}, false},
}

// pathSet lists a run's finished paths by how they ended, where, and the
// branch decisions they took (hash and count), sorted: two runs that
// explored the same paths in any order give equal lists.
func pathSet(r *Result) []string {
	out := make([]string, 0, len(r.Paths))
	for _, p := range r.Paths {
		out = append(out, fmt.Sprintf("%s %s %s %x/%d", p.Kind, p.Pos, p.Message, p.hash, p.traceLen))
	}
	sort.Strings(out)
	return out
}

// compareRuns reports the differences between two runs of one function.
func compareRuns(t *testing.T, what string, got, want *Result) {
	t.Helper()
	if !got.Stats.Exhausted() || !want.Stats.Exhausted() {
		t.Fatalf("%s: a run did not finish (stopped %q / %q)", what, got.Stats.Stopped, want.Stats.Stopped)
	}
	if g, w := pathSet(got), pathSet(want); !reflect.DeepEqual(g, w) {
		t.Errorf("%s: %d paths, want %d; first differences: %v", what, len(g), len(w), firstDiff(g, w))
	}
	if g, w := panicSet(got), panicSet(want); !reflect.DeepEqual(g, w) {
		t.Errorf("%s: panics %q, want %q", what, g, w)
	}
	if g, w := got.Coverage.Funcs(), want.Coverage.Funcs(); !reflect.DeepEqual(g, w) {
		t.Errorf("%s: coverage %v, want %v", what, g, w)
	}
}

func firstDiff(a, b []string) []string {
	in := func(xs []string) map[string]bool {
		m := map[string]bool{}
		for _, x := range xs {
			m[x] = true
		}
		return m
	}
	ma, mb := in(a), in(b)
	var out []string
	for _, x := range a {
		if !mb[x] && len(out) < 3 {
			out = append(out, "+"+x)
		}
	}
	for _, x := range b {
		if !ma[x] && len(out) < 6 {
			out = append(out, "-"+x)
		}
	}
	return out
}

// TestAblationsAgreeOnCorpus: with every layer of the solver chain on,
// off, or alone, and with value sets on or off, the test corpus functions
// explore the same paths, find the same panics and cover the same blocks.
func TestAblationsAgreeOnCorpus(t *testing.T) {
	t.Parallel() // heavy: beside the other heavy tests (symex_test.go)
	eachCorpusFuncAtLargest(t, func(t *testing.T, p *Program, opts Options) { checkAblations(t, p, opts) })
}

// checkAblations runs p under every configuration of ablations and compares
// each with the first (nothing on); every path of every run replays. It
// returns the counters of the run with everything on.
func checkAblations(t *testing.T, p *Program, opts Options) (chain.Stats, ValueSetStats) {
	t.Helper()
	var base *Result
	var cs chain.Stats
	var vs ValueSetStats
	for _, cf := range ablations {
		o := opts
		layers := cf.layers
		o.SolverChain, o.NoValueSets = &layers, cf.noValueSets
		ex, res := explore(t, p, o, nil)
		if res.ValueSets != nil && res.ValueSets.Disagreed != 0 {
			t.Errorf("%s: the path's model contradicted the value sets %d times", cf.name, res.ValueSets.Disagreed)
		}
		if base == nil {
			base = res
			continue
		}
		compareRuns(t, cf.name, res, base)
		for _, path := range res.Paths {
			if path.Kind == "return" || path.Kind == "panic" {
				if err := ex.Replay(path); err != nil {
					t.Errorf("%s: %v", cf.name, err)
				}
			}
		}
		if cf.name == "all" {
			cs, vs = *res.Chain, *res.ValueSets
		}
	}
	return cs, vs
}

// stdlibPathBudget bounds the paths of a run without chain and value sets
// at the bound the stdlib corpus tests pick for a function: the largest
// --max-len up to 2 (the corpus table uses the manifest's bounds) whose run
// finishes within it, so that the tests' runs stay short whatever the
// language support explores (a path budget, unlike a time limit, picks the
// same bound on any machine).
const stdlibPathBudget = 100

// stdlibBound returns the bound of p in the stdlib corpus tests (see
// stdlibPathBudget), or 0 when even --max-len 1 exceeds the budget.
func stdlibBound(t *testing.T, p *Program, e symexcorpus.Entry, opts Options) int {
	t.Helper()
	none := chain.Layers{}
	for n := min(e.MaxLen, 2); n >= 1; n-- {
		o := opts
		o.MaxLen, o.MaxPaths, o.Timeout, o.SolverChain, o.NoValueSets = n, stdlibPathBudget, 20*time.Second, &none, true
		if _, res := explore(t, p, o, nil); res.Stats.Exhausted() && res.Stats.Paths+res.Stats.Unsupported < stdlibPathBudget {
			return n
		}
	}
	return 0
}

// TestAblationsAgreeOnStdlibCorpus is the same comparison on every
// standard-library function of the symex corpus (symex/testdata/realcode),
// at small bounds; SIFT_SYMEX_CORPUS_FULL=1 uses the manifest's bounds.
func TestAblationsAgreeOnStdlibCorpus(t *testing.T) {
	t.Parallel() // heavy: beside the other heavy tests (symex_test.go)
	ablationsOnCorpus(t, false)
}

// TestAblationsAgreeOnModuleCorpus is the same on the corpus functions of
// the pinned public modules. They load from the module cache, which `make
// symex-corpus` fills over the network, so the test runs only with
// SIFT_SYMEX_CORPUS_MODULES=1.
func TestAblationsAgreeOnModuleCorpus(t *testing.T) {
	if os.Getenv("SIFT_SYMEX_CORPUS_MODULES") == "" {
		t.Skip("SIFT_SYMEX_CORPUS_MODULES is not set (needs the modules of symex/testdata/realcode/go.mod in the module cache)")
	}
	ablationsOnCorpus(t, true)
}

func ablationsOnCorpus(t *testing.T, modules bool) {
	var total chain.Stats
	var avoided int
	eachCorpus(t, modules, func(t *testing.T, p *Program, opts Options) {
		s, v := checkAblations(t, p, opts)
		total.Queries += s.Queries
		total.Backend += s.Backend
		avoided += v.Avoided
	})
	// The comparison means something only if the layers answered questions.
	if total.Queries == 0 || total.Backend*10 > total.Queries*9 || avoided == 0 {
		t.Errorf("the chain sent %d of %d questions to the engine; value sets avoided %d", total.Backend, total.Queries, avoided)
	}
	t.Logf("everything on: value sets avoided %d checks; the chain got %d and sent %d to the engine", avoided, total.Queries, total.Backend)
}

// corpusLoaded holds the corpus packages loaded so far, by path: loading
// is most of the cost of a run at small bounds, and tests that run at once
// share them.
var corpusLoaded sync.Map // package path → *loadedProgram

// eachStdlibCorpus runs check in a subtest on every standard-library
// function of the symex corpus (see eachCorpus).
func eachStdlibCorpus(t *testing.T, check func(t *testing.T, p *Program, opts Options)) {
	eachCorpus(t, false, check)
}

// eachCorpus runs check in a subtest on every function of the symex corpus
// from the standard library (modules false) or from the pinned modules
// (modules true), with its fixed parameters and the bound of stdlibBound
// (the manifest's with SIFT_SYMEX_CORPUS_FULL=1).
func eachCorpus(t *testing.T, modules bool, check func(t *testing.T, p *Program, opts Options)) {
	const dir = "testdata/realcode"
	entries, err := symexcorpus.ReadManifest(dir + "/corpus.tsv")
	if err != nil {
		t.Fatal(err)
	}
	full := os.Getenv("SIFT_SYMEX_CORPUS_FULL") != ""
	for _, e := range entries {
		if e.Stdlib() == modules {
			continue
		}
		t.Run(e.ID(), func(t *testing.T) {
			v, _ := corpusLoaded.LoadOrStore(e.Pkg, &loadedProgram{})
			l := v.(*loadedProgram)
			l.once.Do(func() {
				from := ""
				if modules {
					from = dir
				}
				l.p, l.err = LoadPackage(from, e.Pkg)
			})
			if l.err != nil {
				t.Fatal(l.err)
			}
			p, err := l.p.WithFunc(e.Func)
			if err != nil {
				t.Fatal(err)
			}
			opts := Options{Fixed: fixedOf(t, e.Flags)}
			if full {
				opts.MaxLen = e.MaxLen
			} else if opts.MaxLen = stdlibBound(t, p, e, opts); opts.MaxLen == 0 {
				t.Skipf("more than %d paths even at --max-len 1", stdlibPathBudget)
			}
			check(t, p, opts)
		})
	}
}

// fixedOf reads the manifest's --fix NAME=VALUE flags.
func fixedOf(t *testing.T, flags []string) map[string]int64 {
	out := map[string]int64{}
	for i := 0; i+1 < len(flags); i++ {
		if flags[i] != "--fix" {
			continue
		}
		k, v, _ := strings.Cut(flags[i+1], "=")
		n, err := strconv.ParseInt(v, 0, 64)
		if err != nil {
			t.Fatalf("--fix %s: %v", flags[i+1], err)
		}
		out[k] = n
	}
	return out
}
