package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/alecthomas/kong"
)

// Cmd is `sift bench`. cmd/sift embeds it as a kong subcommand:
//
//	Bench bench.Cmd `cmd:"" help:"Benchmark sift against peer solvers."`
//
// and calls kctx.Run() as usual: each leaf command has a Run(*kong.Context) method that writes to the
// context's Stdout and Stderr (kong binds *kong.Context itself). `sift bench SUITE…` means `sift bench run SUITE…`.
type Cmd struct {
	Run     RunCmd     `cmd:"" default:"withargs" help:"Run solvers on suites and report (the default)."`
	Compare CompareCmd `cmd:"" help:"Compare two runs (before/after)."`
	Report  ReportCmd  `cmd:"" help:"Score a results directory again and rewrite its reports."`
	Merge   MergeCmd   `cmd:"" help:"Combine the results of the shards of one suite into one run and report."`
}

// RunCmd is `sift bench run`.
type RunCmd struct {
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

// MergeCmd is `sift bench merge DIR…`.
type MergeCmd struct {
	Dirs          []string `arg:"" name:"dir" help:"Results directories of the shards (of 'sift bench run --shard I/N')."`
	Out           string   `short:"o" required:"" help:"New directory for the merged run."`
	Partial       bool     `help:"Score even when some shards are missing."`
	MixedVersions bool     `name:"mixed-versions" help:"Accept solver builds that differ between shards."`
	Scatter       string   `default:"sift" help:"Solver plotted against each peer."`
}

// Run implements `sift bench merge`.
func (c *MergeCmd) Run(k *kong.Context) error {
	m, err := MergeRuns(c.Dirs, MergeOptions{Partial: c.Partial, MixedVersions: c.MixedVersions})
	if err != nil {
		return err
	}
	sc, err := m.Write(c.Out, c.Scatter)
	if err != nil {
		return err
	}
	if err := WriteMarkdown(k.Stdout, sc); err != nil {
		return err
	}
	fmt.Fprintln(k.Stdout)
	if err := WriteShardTable(k.Stdout, m); err != nil {
		return err
	}
	fmt.Fprintf(k.Stderr, "merged %d shards (%d records) into %s\n", len(c.Dirs), len(m.Records), c.Out)
	return nil
}

// CompareCmd is `sift bench compare RUN_A RUN_B`.
type CompareCmd struct {
	RunA string `arg:"" name:"run-a" help:"Results directory (or results.jsonl) before."`
	RunB string `arg:"" name:"run-b" help:"Results directory (or results.jsonl) after."`
}

// ReportCmd is `sift bench report DIR`.
type ReportCmd struct {
	Dir     string `arg:"" help:"Results directory."`
	Scatter string `default:"sift" help:"Solver plotted against each peer."`
}

// Run implements `sift bench run`. Ctrl-C stops the jobs; the partial results stay in --out.
func (r *RunCmd) Run(k *kong.Context) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return r.run(ctx, k.Stdout, k.Stderr)
}

// Run implements `sift bench compare`.
func (c *CompareCmd) Run(k *kong.Context) error {
	a, err := LoadRun(c.RunA)
	if err != nil {
		return err
	}
	b, err := LoadRun(c.RunB)
	if err != nil {
		return err
	}
	cmp, err := Compare(a, b)
	if err != nil {
		return err
	}
	return WriteComparison(k.Stdout, cmp, c.RunA, c.RunB)
}

// Run implements `sift bench report`.
func (c *ReportCmd) Run(k *kong.Context) error {
	recs, err := LoadRun(c.Dir)
	if err != nil {
		return err
	}
	sc := ScoreRecords(recs, metaSolverOrder(c.Dir))
	if err := WriteReports(c.Dir, recs, sc, c.Scatter); err != nil {
		return err
	}
	return WriteMarkdown(k.Stdout, sc)
}

// ErrInterrupted is returned when a run was stopped early; its partial results are saved.
var ErrInterrupted = errors.New("interrupted")

func (r *RunCmd) run(ctx context.Context, stdout, stderr io.Writer) error {
	solvers, err := r.solvers()
	if err != nil {
		return err
	}
	mem, err := ParseBytes(r.Memory)
	if err != nil {
		return fmt.Errorf("--memory: %w", err)
	}
	var shard Shard
	if r.Shard != "" {
		if shard, err = ParseShard(r.Shard); err != nil {
			return err
		}
	}
	if r.Timeout <= 0 || r.KillMargin < 0 {
		return fmt.Errorf("--timeout must be positive and --kill-margin not negative")
	}
	suite, err := LoadSuites(r.Suites)
	if err != nil {
		return err
	}
	jobs := r.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	cfg := RunConfig{Suite: suite, Solvers: solvers, Jobs: jobs, Repeat: r.Repeat, OutDir: r.Out, Log: stderr,
		Limits: Limits{Wall: r.Timeout, KillMargin: r.KillMargin, MemoryBytes: mem}, Shard: shard}
	if !r.Quiet && isTerminal(stderr) {
		cfg.Progress = stderr
	}
	recs, runErr := Run(ctx, cfg)
	if runErr != nil && !errors.Is(runErr, context.Canceled) {
		return runErr
	}
	names := make([]string, len(solvers))
	for i, s := range solvers {
		names[i] = s.Name
	}
	if len(recs) == 0 {
		return fmt.Errorf("%w before any run finished; nothing recorded", ErrInterrupted)
	}
	sc := ScoreRecords(recs, names)
	if err := WriteReports(r.Out, recs, sc, r.Scatter); err != nil {
		return err
	}
	if err := WriteMarkdown(stdout, sc); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "reports written to %s (%s, %s, %s, %s, plots)\n", r.Out, TableFile, SummaryCSVFile, SummaryJSONFile, ResultsFile)
	if len(sc.Wrong) > 0 {
		fmt.Fprintf(stderr, "!!! %d WRONG ANSWERS: see the table above\n", len(sc.Wrong))
	}
	if runErr != nil {
		return fmt.Errorf("%w: partial results saved in %s; run the same command again to resume", ErrInterrupted, r.Out)
	}
	return nil
}

func (r *RunCmd) solvers() ([]Solver, error) {
	var out []Solver
	if r.Config != "" {
		cs, err := LoadSolverConfig(r.Config)
		if err != nil {
			return nil, err
		}
		out = append(out, cs...)
	}
	for _, spec := range r.Solver {
		s, err := ParseSolverSpec(spec)
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

// metaSolverOrder is the solver order recorded in a run's run.json, or nil.
func metaSolverOrder(dir string) []string {
	m, err := readMeta(dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, s := range m.Solvers {
		names = append(names, s.Name)
	}
	return names
}

// ParseBytes reads sizes such as 512M, 8G, 8GiB or a plain byte count; units are powers of 1024.
func ParseBytes(s string) (uint64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I")
	mult := uint64(1)
	if n := len(t); n > 0 {
		switch t[n-1] {
		case 'K':
			mult = 1 << 10
		case 'M':
			mult = 1 << 20
		case 'G':
			mult = 1 << 30
		case 'T':
			mult = 1 << 40
		}
		if mult > 1 {
			t = t[:n-1]
		}
	}
	v, err := strconv.ParseUint(t, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a size like 512M or 8G", s)
	}
	return v * mult, nil
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

// Main runs `sift bench` with args (without the program name) and returns the exit status: 0 on success,
// 1 on an error, 2 on bad usage, 130 when interrupted (partial results saved).
func Main(args []string, stdout, stderr io.Writer) (status int) {
	var cli Cmd
	exited := false
	parser, err := kong.New(&cli, kong.Name("sift bench"),
		kong.Description("SMT-COMP-style benchmarking of sift and peer solvers."),
		kong.Writers(stdout, stderr),
		kong.Exit(func(code int) { exited = true; status = code }),
		kong.UsageOnError())
	if err != nil {
		fmt.Fprintln(stderr, "sift bench:", err)
		return 1
	}
	kctx, err := parser.Parse(args)
	if exited { // --help
		return status
	}
	if err != nil {
		fmt.Fprintln(stderr, "sift bench:", err)
		return 2
	}
	if err := kctx.Run(); err != nil {
		fmt.Fprintln(stderr, "sift bench:", err)
		if errors.Is(err, ErrInterrupted) {
			return 130
		}
		return 1
	}
	return 0
}
