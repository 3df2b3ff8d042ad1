package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"syscall"
	"time"

	"github.com/sift-solver/sift/bench"
)

// BenchCmd is `sift bench`; `sift bench SUITE…` means `sift bench run SUITE…`.
// Each leaf command turns its flags into package bench's configuration and
// drives it: run, score, report.
type BenchCmd struct {
	Run     BenchRunCmd     `cmd:"" default:"withargs" help:"Run solvers on suites and report (the default)."`
	Compare BenchCompareCmd `cmd:"" help:"Compare two runs (before/after)."`
	Report  BenchReportCmd  `cmd:"" help:"Score a results directory again and rewrite its reports."`
	Merge   BenchMergeCmd   `cmd:"" help:"Combine the results of the shards of one suite into one run and report."`
	Peers   BenchPeersCmd   `cmd:"" help:"Compare a run file by file with a table of peers' answers and CPU times."`
}

// BenchPeersCmd is `sift bench peers RUN PEERS.tsv`.
type BenchPeersCmd struct {
	Dir      string        `arg:"" name:"run" help:"Results directory (or results.jsonl)."`
	Peers    string        `arg:"" optional:"" name:"peers" help:"Peers table: path, expected, NAME_answer and NAME_cpu_s columns."`
	Peer     []string      `name:"peer" help:"Take the peers from the run itself: this solver of the run is one (repeatable; instead of a peers table)."`
	Top      int           `default:"30" help:"Slowest files listed per solver."`
	CPULimit time.Duration `name:"cpu-limit" help:"Count an answer that took more CPU time as unsolved (default: the run's limit); for runs with a longer wall limit on a loaded machine."`
}

// Run implements `sift bench peers`.
func (c *BenchPeersCmd) Run(s *streams) error {
	recs, err := bench.LoadRun(c.Dir)
	if err != nil {
		return err
	}
	sc := bench.ScoreRecords(recs, bench.SolverOrder(c.Dir))
	var p *bench.Peers
	switch {
	case (c.Peers == "") == (len(c.Peer) == 0):
		return errors.New("give a peers table or --peer NAME, one of the two")
	case c.Peers != "":
		p, err = bench.ReadPeers(c.Peers)
	default:
		p, err = bench.PeersFromRun(sc, c.Peer)
	}
	if err != nil {
		return err
	}
	limit := sc.LimitSec
	if c.CPULimit > 0 {
		limit = c.CPULimit.Seconds()
	}
	vs := slices.DeleteFunc(bench.ComparePeers(sc, p, limit), func(v bench.VsPeers) bool { return slices.Contains(c.Peer, v.Solver) })
	return bench.WritePeerComparison(s.out, vs, limit, c.Top)
}

// BenchRunCmd is `sift bench run`.
type BenchRunCmd struct {
	Suites     []string      `arg:"" name:"suite" help:"Directories of .smt2 files or manifest .tsv files."`
	Solver     []string      `short:"s" help:"A solver: z3, cvc5, boolector, sift, NAME=BINARY, or 'NAME=CMD … {file}' ({timeout}, {timeout_ms} also substituted). Repeatable."`
	Config     string        `short:"c" help:"File with one solver spec per line (the --solver syntax), # for comments."`
	Timeout    time.Duration `short:"t" default:"20s" help:"Wall-time limit per run."`
	KillMargin time.Duration `default:"2s" help:"How long past the limit the process group is killed."`
	Memory     string        `default:"8G" help:"Address-space limit (RLIMIT_AS via prlimit(1)), e.g. 4G, 512M; 0 for none."`
	Jobs       int           `short:"j" default:"0" help:"Parallel jobs (0: number of CPUs)."`
	Repeat     int           `default:"1" help:"Runs per solver and file."`
	Out        string        `short:"o" default:"bench-results" help:"Output directory; an existing results.jsonl there is resumed."`
	Quiet      bool          `short:"q" help:"No progress bar."`
	Scatter    string        `default:"sift" help:"Solver plotted against each peer in scatter plots (the first solver if absent)."`
	Shard      string        `help:"Run only shard I of N of the suite (I/N, 1 ≤ I ≤ N): every N-th file, the same slice on every machine; combine the shards with 'sift bench merge'."`
}

// BenchMergeCmd is `sift bench merge DIR…`.
type BenchMergeCmd struct {
	Dirs          []string `arg:"" name:"dir" help:"Results directories of the shards (of 'sift bench run --shard I/N')."`
	Out           string   `short:"o" required:"" help:"New directory for the merged run."`
	Partial       bool     `help:"Score even when some shards are missing."`
	MixedVersions bool     `name:"mixed-versions" help:"Accept solver builds that differ between shards."`
	Scatter       string   `default:"sift" help:"Solver plotted against each peer."`
}

// BenchCompareCmd is `sift bench compare RUN_A RUN_B`.
type BenchCompareCmd struct {
	RunA string `arg:"" name:"run-a" help:"Results directory (or results.jsonl) before."`
	RunB string `arg:"" name:"run-b" help:"Results directory (or results.jsonl) after."`
}

// BenchReportCmd is `sift bench report DIR`.
type BenchReportCmd struct {
	Dir     string `arg:"" help:"Results directory."`
	Scatter string `default:"sift" help:"Solver plotted against each peer."`
}

// Run implements `sift bench merge`.
func (c *BenchMergeCmd) Run(s *streams) error {
	m, err := bench.MergeRuns(c.Dirs, bench.MergeOptions{Partial: c.Partial, MixedVersions: c.MixedVersions})
	if err != nil {
		return err
	}
	sc, err := m.Write(c.Out, c.Scatter)
	if err != nil {
		return err
	}
	if err := bench.WriteMarkdown(s.out, sc); err != nil {
		return err
	}
	fmt.Fprintln(s.out)
	if err := bench.WriteShardTable(s.out, m); err != nil {
		return err
	}
	fmt.Fprintf(s.err, "merged %d shards (%d records) into %s\n", len(c.Dirs), len(m.Records), c.Out)
	return nil
}

// Run implements `sift bench compare`.
func (c *BenchCompareCmd) Run(s *streams) error {
	a, err := bench.LoadRun(c.RunA)
	if err != nil {
		return err
	}
	b, err := bench.LoadRun(c.RunB)
	if err != nil {
		return err
	}
	cmp, err := bench.Compare(a, b)
	if err != nil {
		return err
	}
	return bench.WriteComparison(s.out, cmp, c.RunA, c.RunB)
}

// Run implements `sift bench report`.
func (c *BenchReportCmd) Run(s *streams) error {
	recs, err := bench.LoadRun(c.Dir)
	if err != nil {
		return err
	}
	sc := bench.ScoreRecords(recs, bench.SolverOrder(c.Dir))
	if err := bench.WriteReports(c.Dir, recs, sc, c.Scatter); err != nil {
		return err
	}
	return bench.WriteMarkdown(s.out, sc)
}

// errInterrupted is returned when a run was stopped early; its partial
// results are saved (exit status 130).
var errInterrupted = errors.New("interrupted")

// Run implements `sift bench run`. Ctrl-C stops the jobs; the partial results stay in --out.
func (r *BenchRunCmd) Run(s *streams) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return r.run(ctx, s.out, s.err)
}

func (r *BenchRunCmd) run(ctx context.Context, stdout, stderr io.Writer) error {
	solvers, err := r.solvers()
	if err != nil {
		return err
	}
	mem, err := bench.ParseBytes(r.Memory)
	if err != nil {
		return fmt.Errorf("--memory: %w", err)
	}
	var shard bench.Shard
	if r.Shard != "" {
		if shard, err = bench.ParseShard(r.Shard); err != nil {
			return err
		}
	}
	if r.Timeout <= 0 || r.KillMargin < 0 {
		return fmt.Errorf("--timeout must be positive and --kill-margin not negative")
	}
	suite, err := bench.LoadSuites(r.Suites)
	if err != nil {
		return err
	}
	jobs := r.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	cfg := bench.RunConfig{Suite: suite, Solvers: solvers, Jobs: jobs, Repeat: r.Repeat, OutDir: r.Out, Log: stderr,
		Limits: bench.Limits{Wall: r.Timeout, KillMargin: r.KillMargin, MemoryBytes: mem}, Shard: shard}
	if !r.Quiet && isTerminal(stderr) {
		cfg.Progress = stderr
	}
	// Jobs start through sift itself as the measuring shim, so that a job's
	// peak RSS is its own, not the runner's.
	if exe, err := os.Executable(); err == nil {
		cfg.Measure = []string{exe, bench.MeasureArg}
	}
	recs, runErr := bench.Run(ctx, cfg)
	if runErr != nil && !errors.Is(runErr, context.Canceled) {
		return runErr
	}
	names := make([]string, len(solvers))
	for i, s := range solvers {
		names[i] = s.Name
	}
	if len(recs) == 0 {
		return fmt.Errorf("%w before any run finished; nothing recorded", errInterrupted)
	}
	sc := bench.ScoreRecords(recs, names)
	if err := bench.WriteReports(r.Out, recs, sc, r.Scatter); err != nil {
		return err
	}
	if err := bench.WriteMarkdown(stdout, sc); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "reports written to %s (%s, %s, %s, %s, %s, plots)\n", r.Out, bench.HTMLFile, bench.TableFile,
		bench.SummaryCSVFile, bench.SummaryJSONFile, bench.ResultsFile)
	if len(sc.Wrong) > 0 {
		fmt.Fprintf(stderr, "!!! %d WRONG ANSWERS: see the table above\n", len(sc.Wrong))
	}
	if runErr != nil {
		return fmt.Errorf("%w: partial results saved in %s; run the same command again to resume", errInterrupted, r.Out)
	}
	return nil
}

// solvers are the solvers of --config and --solver, in that order, each
// named once.
func (r *BenchRunCmd) solvers() ([]bench.Solver, error) {
	var out []bench.Solver
	if r.Config != "" {
		cs, err := bench.LoadSolverConfig(r.Config)
		if err != nil {
			return nil, err
		}
		out = append(out, cs...)
	}
	for _, spec := range r.Solver {
		s, err := bench.ParseSolverSpec(spec)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no solver given: use --solver (e.g. --solver z3 --solver cvc5) or --config")
	}
	seen := map[string]bool{}
	for _, s := range out {
		if seen[s.Name] {
			return nil, fmt.Errorf("solver name %q given twice; name them apart with NAME=…", s.Name)
		}
		seen[s.Name] = true
	}
	return out, nil
}

// isTerminal reports whether w is a character device, where a progress bar makes sense.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
