package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/sift-solver/sift/internal/output"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/symex"
	"github.com/sift-solver/sift/symex/chain"
	"github.com/sift-solver/sift/symex/merge"
	"github.com/sift-solver/sift/term"
)

// SymexCmd is `sift symex`: its flags, for kong. Run turns them into
// symex.Options (or, with --concolic, a concolic.Config: concolic.go) and
// drives the exploration.
type SymexCmd struct {
	Package    string        `arg:"" help:"Package pattern (one package)."`
	Func       string        `arg:"" optional:"" help:"Function (or Type.Method) to explore; none: every exported function and method of the package (package mode)."`
	Dir        string        `help:"Directory to load the package from." default:""`
	MaxLen     int           `name:"max-len" help:"Bound on every input length: strings, slices, variadic counts, the bytes of readers." default:"4"`
	Search     string        `help:"dfs (default), bfs, random-path or covnew (new branch sides first, for finding bugs); with --concolic: bfs, dfs or covfirst (default covfirst)." default:"" enum:",dfs,bfs,random-path,covnew,covfirst"`
	Seed       int64         `help:"Seed of random-path." default:"1"`
	Solver     string        `help:"'engine' (in-process) or an SMT-LIB command, e.g. 'z3 -in'." default:"engine"`
	MaxPaths   int           `name:"max-paths" help:"Stop after this many paths (0: none)." default:"0"`
	MaxDepth   int           `name:"max-depth" help:"Symbolic branches per path (0: 10000)." default:"0"`
	MaxSteps   int           `name:"max-steps" help:"Instructions per path (0: 1e6)." default:"0"`
	Timeout    time.Duration `help:"Time limit of the exploration (0: none)." default:"0"`
	CPULimit   time.Duration `name:"cpu-limit" help:"CPU time limit of the exploration, the solver's worker processes included (0: none): the same work for every run on a shared machine." default:"0"`
	Budget     time.Duration `help:"CPU time of each function's exploration, as --cpu-limit (0: none for one function, 30s each in package mode)." default:"0"`
	FirstPanic bool          `name:"stop-at-panic" help:"End a function's exploration at its first panic."`
	DeepenMax  int           `name:"deepen-max" help:"With --budget (and in package mode): while an exploration exhausts the inputs up to the length bound with budget left, explore again with twice the bound, up to this one (0: never; --json's deepening lists the rounds)." default:"1024"`
	MaxMemory  int           `name:"max-memory" help:"Heap limit in MiB (0: none): the collector works harder as the heap nears it, and the exploration stops (memory limit) once the live heap passes three quarters of it." default:"0"`
	Fix        []string      `help:"Fix an integer parameter: NAME=VALUE (repeatable)."`
	EmitSMT2   string        `name:"emit-smt2" help:"Write every query to DIR as a .smt2 file." placeholder:"DIR"`
	Tests      string        `help:"Write the generated _test.go to this file."`
	AllPaths   bool          `name:"all-paths" help:"Also generate one test row per explored path."`
	FuzzCorp   bool          `name:"fuzz-corpus" help:"With --tests: also write FuzzX targets (…_fuzz_test.go) and one seed per panic and per path that reached new blocks under testdata/fuzz/FuzzX next to the tests; go test replays the panics, go test -fuzz starts from the paths."`
	CorpusMax  int           `name:"corpus-max" help:"Most seed files per fuzz target (0: no limit)." default:"1000"`
	CorpusAll  bool          `name:"corpus-all-paths" help:"Seed every explored path's input, not only those of the paths that reached new blocks."`
	Coverage   bool          `help:"Print block and line coverage per function."`
	SARIF      string        `name:"sarif" help:"Write the panics found to FILE as SARIF 2.1.0, one result per panic site, file locations relative to --dir." placeholder:"FILE"`
	CoverProf  string        `name:"coverprofile" help:"Write the statements the exploration covered to FILE in go test -coverprofile's format (for go tool cover -html and -func)." placeholder:"FILE"`
	Progress   bool          `help:"Show a progress display on stderr."`
	Replay     bool          `help:"Re-run every path concretely and check it takes the same branches."`
	Merge      string        `help:"State merging: none, std (seed 000 Def. 2.1), pat (seed 000's pattern-based merging, the default) or qhv (seed 002: std vetoed by query hot values); with --concolic: none (the default) or dag (seed 001)." default:""`
	MergePts   string        `name:"merge-points" help:"Where states merge: joins, loop-exits or all (default: the strategy's choice; std and pat: all)." default:""`
	Incr       bool          `name:"incremental-merge" help:"Merge new leaves with internal nodes (seed 000 §4; pat)."`
	MaxPat     int           `name:"max-patterns" help:"Most pattern groups per merge before pat falls back to std." default:"10"`
	HotVeto    bool          `name:"hot-veto" help:"pat: leave states unmerged where a merged value is query-hot ahead or no query is (seed 002 Eq. 14, the --qhv-* parameters); on unless --no-hot-veto." default:"true" negatable:""`
	StdVeto    bool          `name:"std-veto" help:"pat with --hot-veto: veto the standard merges pat makes (at joins and in its fallbacks) too, as qhv does (off by default: the veto keeps only pattern groups apart)." negatable:""`
	CheckMrg   bool          `name:"check-merges" help:"Prove every merge equal to the standard merge of its states; fail if not."`
	ScoutShare float64       `name:"scout-share" help:"With merging: a state with a block no path covered yet ahead passes merge points instead of waiting there (a scout, run depth-first to its end) while scouts did at most this share of the exploration's work, counted in instructions and solver queries (1: always; 0, the default: states always wait)." default:"0"`
	MergeAfter int64         `name:"merge-after" help:"With merging: explore without merging, as --merge=none does, until the exploration's work passes this many units (instructions, and 300 per solver query), then merge (0: merge from the start; default: 262144, or 0 with --incremental-merge)." default:"-1"`
	ScoutLoop  float64       `name:"scout-loop-share" help:"With merging: --scout-share for a state in the body of a symbolic loop (0: none sets out there; default: 0.1 when --scout-share is set)." default:"-1"`
	QHVAlpha   float64       `name:"qhv-alpha" help:"qhv: α, the cost of a query on a merged (ite) value beyond 1 (seed 002 Eq. 14)." default:"1"`
	QHVBeta    float64       `name:"qhv-beta" help:"qhv: β, the weight of each branch arm in the query count (Eq. 7)." default:"1"`
	QHVGamma   float64       `name:"qhv-gamma" help:"qhv: γ, the share of variables taken as symbolic (Eq. 11; --qhv-model=paper)." default:"0.05"`
	QHVDelta   float64       `name:"qhv-delta" help:"qhv: δ, the scale of one variable's query count (Eq. 13)." default:"1"`
	QHVModel   string        `name:"qhv-model" help:"qhv: the decision, sift (Eq. 6 for the group of states meeting, from their values, with γ measured in the run; docs/design/merging.md) or paper (Eq. 14 per variable, with --qhv-gamma)." default:"sift" enum:"sift,paper"`
	JSON       string        `name:"json" help:"Write a machine-readable summary of the run to FILE (docs/symex/json.md)." placeholder:"FILE"`
	CPUProfile string        `name:"cpu-profile" hidden:"" type:"path" help:"Write a CPU profile of the exploration to this file."`
	ValueSets  bool          `name:"value-sets" help:"Keep value sets of the symbolic variables per path and settle branches with them (seed 004)." default:"true" negatable:""`
	Concolic   bool          `help:"Concolic mode (seed 001, package symex/concolic): concrete runs with a symbolic shadow, merged in an execution DAG."`
	MaxEvents  int           `name:"max-events" help:"Concolic mode: handler executions per run of an event-driven entry (one returning []func())." default:"3"`
	MaxRuns    int           `name:"max-runs" help:"Concolic mode: stop after this many runs (0: 10000)." default:"0"`
	Floats     string        `help:"symbolic (floats are terms of the FP theory) or concrete (a float takes its value in the path's model, recorded in the path constraint; the run is then never exhausted)." default:"symbolic" enum:"symbolic,concrete"`
	Chain      string        `name:"solver-chain" help:"Layers of the solver chain before the solver, comma-separated: independence, cache, cex ('' for none)." default:"independence,cache,cex"`
}

// defaultScoutLoopShare is --scout-loop-share's default when --scout-share
// sends scouts out (docs/bench/symex-merge/README.md: chosen by measuring).
const defaultScoutLoopShare = 0.1

// defaultMerge is --merge's default outside concolic mode: pat, since the
// run of abdcf81 (docs/bench/symex-merge/README.md: pat exhausts the
// loop-heavy spaces at least 5 times faster than none, and is within noise
// of none where none exhausts them quickly, thanks to the warm-up).
const defaultMerge = "pat"

// defaultMergeAfter is --merge-after's default (docs/bench/symex-merge/
// README.md: chosen by measuring).
const defaultMergeAfter = 1 << 18

// mergeAfter is --merge-after's value: as given, or when not given
// (negative), defaultMergeAfter. Incremental merging grows its trees from
// the loop entries of a run that merges from the start, so with it the
// value is 0, and a warm-up asked for is an error.
func (c *SymexCmd) mergeAfter() (int64, error) {
	switch {
	case c.Incr && c.MergeAfter > 0:
		return 0, fmt.Errorf("--merge-after: incremental merging (--incremental-merge) merges from the start")
	case c.MergeAfter >= 0:
		return c.MergeAfter, nil
	case c.Incr:
		return 0, nil
	}
	return defaultMergeAfter, nil
}

// scoutLoopShare is --scout-loop-share's value: as given, or when not given
// (negative), defaultScoutLoopShare where --scout-share sends scouts out.
func (c *SymexCmd) scoutLoopShare() float64 {
	switch {
	case c.ScoutLoop >= 0:
		return c.ScoutLoop
	case c.ScoutShare > 0:
		return defaultScoutLoopShare
	}
	return 0
}

// deepenMax is the bound ExploreDeepening deepens to: --deepen-max where
// a --budget is the run's to spend (package mode always has one), none
// for a run with no budget or only --cpu-limit, a guard against running
// long that benchmarks of the time to exhaust a space rely on.
func (c *SymexCmd) deepenMax() int {
	if c.Budget == 0 && c.Func != "" {
		return 0
	}
	return c.DeepenMax
}

// options turns the flags of the forking executor into its Options.
func (c *SymexCmd) options() (symex.Options, error) {
	opts := symex.Options{MaxLen: c.MaxLen, Search: c.Search, Seed: c.Seed, MaxPaths: c.MaxPaths, MaxDepth: c.MaxDepth,
		MaxSteps: c.MaxSteps, Timeout: c.Timeout, CPULimit: c.CPULimit, MaxMemory: uint64(c.MaxMemory) << 20, EmitSMT2: c.EmitSMT2,
		Fixed: map[string]int64{}, StopAtPanic: c.FirstPanic}
	if c.Budget > 0 && (opts.CPULimit == 0 || c.Budget < opts.CPULimit) {
		opts.CPULimit = c.Budget
	}
	for _, f := range c.Fix {
		k, v, ok := strings.Cut(f, "=")
		n, err := strconv.ParseInt(v, 0, 64)
		if !ok || err != nil {
			return opts, fmt.Errorf("--fix %q: want NAME=INTEGER", f)
		}
		opts.Fixed[k] = n
	}
	layers, err := chain.ParseLayers(c.Chain)
	if err != nil {
		return opts, err
	}
	opts.SolverChain = &layers
	opts.NoValueSets = !c.ValueSets
	opts.ConcreteFloats = c.Floats == "concrete"
	opts.ScoutShare = c.ScoutShare
	opts.ScoutLoopShare = c.scoutLoopShare()
	if opts.MergeAfter, err = c.mergeAfter(); err != nil {
		return opts, err
	}
	kinds, err := merge.ParseKinds(c.MergePts)
	if err != nil {
		return opts, err
	}
	opts.Merge, err = merge.New(c.Merge, merge.Options{Kinds: kinds, MaxPatterns: c.MaxPat,
		Incremental: c.Incr, CheckMerges: c.CheckMrg, HotVeto: c.HotVeto, NoStdVeto: !c.StdVeto,
		QHV: &merge.QHVParams{Alpha: c.QHVAlpha, Beta: c.QHVBeta, Gamma: c.QHVGamma, Delta: c.QHVDelta, Model: c.QHVModel}})
	return opts, err
}

// Run explores the function and reports.
func (c *SymexCmd) Run(s *streams) error {
	if c.Concolic {
		if c.FirstPanic || c.Budget != 0 {
			return fmt.Errorf("--stop-at-panic and --budget: not in concolic mode (--max-runs, --timeout)")
		}
		if c.Func == "" {
			return fmt.Errorf("--concolic explores one function: give FUNC")
		}
		return c.runConcolic(s)
	}
	if c.Merge == "" {
		c.Merge = defaultMerge
		if c.FirstPanic {
			// Finding, not exhausting: merged states finish few paths
			// (docs/symex/speed.md: html.Parse, language.Parse).
			c.Merge = "none"
		}
	}
	opts, err := c.options()
	if err != nil {
		return err
	}
	if c.DeepenMax < 0 {
		return fmt.Errorf("--deepen-max %d: want 0 (none) or a length bound", c.DeepenMax)
	}
	if c.Func == "" {
		return c.runPackage(s)
	}
	prog, err := symex.Load(c.Dir, c.Package, c.Func)
	if err != nil {
		return err
	}
	var newSolver func(*term.Store) (symex.Solver, error)
	if c.Solver != "" && c.Solver != "engine" {
		newSolver = func(st *term.Store) (symex.Solver, error) { return symex.NewPipeSolver(st, c.Solver) }
	}
	newOpts := func() symex.Options {
		o, _ := c.options() // checked above
		o.Progress = opts.Progress
		return o
	}
	if c.Progress {
		bar := progressbar.NewOptions(-1, progressbar.OptionSetWriter(s.err), progressbar.OptionSpinnerType(14))
		opts.Progress = func(s symex.Stats) {
			bar.Describe(fmt.Sprintf("paths %d  queries %d  blocks %d/%d", s.Paths, s.Queries, s.BlocksCovered, s.BlocksTotal))
			bar.Add(1)
		}
		defer bar.Finish()
	}
	stopProfile := func() {}
	if c.CPUProfile != "" {
		// The exploration only: loading and SSA building are not profiled.
		if stopProfile, err = startCPUProfile(c.CPUProfile); err != nil {
			return err
		}
	}
	res, ex, err := symex.ExploreDeepening(context.Background(), prog, newOpts, newSolver, c.deepenMax())
	stopProfile()
	if err != nil {
		return err
	}
	if c.Replay {
		bad := 0
		for _, p := range res.Paths {
			if p.Inputs != nil && (p.Kind == "return" || p.Kind == "panic") {
				if err := ex.Replay(p); err != nil {
					bad++
					fmt.Fprintln(s.out, "replay:", err)
				}
			}
		}
		fmt.Fprintf(s.out, "replay: %d mismatches\n", bad)
	}
	res.Report(s.out, c.Coverage)
	if c.JSON != "" {
		if err := res.WriteJSONFile(c.JSON, opts); err != nil {
			return err
		}
	}
	return c.writeOutputs(s, []*symex.Result{res})
}

// writeOutputs writes the files asked for of the explorations of one
// package (one function, or package mode's): --coverprofile, --sarif, the
// generated tests (--tests) and their fuzz corpus.
func (c *SymexCmd) writeOutputs(s *streams, results []*symex.Result) error {
	if c.CoverProf != "" {
		if err := writeCoverProfile(c.CoverProf, results...); err != nil {
			return err
		}
	}
	if c.SARIF != "" {
		if err := writeSARIF(c.SARIF, c.Dir, results...); err != nil {
			return err
		}
	}
	if c.Tests != "" {
		if err := symex.WriteTestFile(c.Tests, symex.PackageTestFile(results, c.AllPaths)); err != nil {
			return err
		}
	}
	return c.writeFuzz(s, results)
}

// writeCoverProfile writes the cover profile of results to path.
func writeCoverProfile(path string, results ...*symex.Result) error {
	return output.WriteFile(path, func(w io.Writer) error { return symex.WriteCoverProfile(w, results...) })
}

// writeSARIF writes the SARIF log of results to path, locations relative
// to root.
func writeSARIF(path, root string, results ...*symex.Result) error {
	opts := symex.SARIFOptions{Version: "sift " + smtlib.Version, Root: root}
	return output.WriteFile(path, func(w io.Writer) error { return symex.WriteSARIF(w, opts, results...) })
}
