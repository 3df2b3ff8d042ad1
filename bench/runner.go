package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// RunConfig is everything one benchmark run needs.
type RunConfig struct {
	Suite   *Suite
	Solvers []Solver
	Limits  Limits
	Jobs    int // parallel processes, at least 1
	Repeat  int // runs per (solver, file), at least 1
	// OutDir receives results.jsonl (appended to, and read first to resume) and run.json.
	OutDir string
	// Progress receives a progress bar with ETA; nil for none.
	Progress io.Writer
	// Log receives wrong-answer alarms and notices; nil for none.
	Log io.Writer
	// Shard restricts the run to one slice of Suite (the zero Shard: all of it).
	Shard Shard
	// Measure is the command that starts the measuring shim (measure.go), e.g.
	// {os.Executable(), MeasureArg}; nil runs jobs directly, and then a job's peak
	// RSS may be the runner's own (Linux counts it in a child started by vfork).
	Measure []string
}

// RunMeta is run.json: what a results directory was produced with, checked again on resume and by
// `sift bench merge`.
type RunMeta struct {
	Suite    string   `json:"suite"`
	LimitSec float64  `json:"limit_s"`
	Repeat   int      `json:"repeat"`
	Solvers  []Solver `json:"solvers"`
	Files    int      `json:"files"` // files this run covers (its shard)
	Started  string   `json:"started"`
	// SuiteFiles is the size of the whole suite; Shard says which slice of it this run covers.
	SuiteFiles int   `json:"suite_files"`
	Shard      Shard `json:"shard"`
	// Shards lists the shards a merged run was combined from (empty for a run made in one piece).
	Shards []Shard `json:"shards,omitempty"`
	// Identities holds each solver's version and binary hash, by solver name; Hosts the machines.
	Identities map[string]Identity `json:"identities,omitempty"`
	Hosts      []Host              `json:"hosts,omitempty"`
}

// ResultsFile and MetaFile are the names of a run's files inside its output directory.
const (
	ResultsFile = "results.jsonl"
	MetaFile    = "run.json"
)

type job struct {
	solver Solver
	inst   Instance
	repeat int
}

// Run runs every solver on every file Repeat times, skipping the jobs already in OutDir/results.jsonl, and
// returns all records of the directory (old and new). Records are appended as each job finishes, so a
// canceled context (Ctrl-C) stops the running processes and leaves a resumable file; Run then returns the
// records so far together with context.Canceled.
func Run(ctx context.Context, cfg RunConfig) ([]Record, error) {
	if cfg.Jobs < 1 {
		cfg.Jobs = 1
	}
	if cfg.Repeat < 1 {
		cfg.Repeat = 1
	}
	if cfg.Limits.Wall <= 0 {
		return nil, fmt.Errorf("the time limit must be positive")
	}
	whole := len(cfg.Suite.Instances)
	cfg.Suite = cfg.Suite.Slice(cfg.Shard)
	for i := range cfg.Solvers {
		if err := cfg.Solvers[i].Resolve(); err != nil {
			return nil, err
		}
	}
	sp := spawner{measure: cfg.Measure}
	if cfg.Limits.MemoryBytes > 0 {
		p, err := exec.LookPath("prlimit")
		if err != nil {
			return nil, fmt.Errorf("a memory limit needs prlimit(1) from util-linux (not found on PATH); install it or pass --memory 0")
		}
		sp.prlimit = p
	}
	if err := os.MkdirAll(cfg.OutDir, 0o755); err != nil {
		return nil, fmt.Errorf("output directory: %w", err)
	}
	resultsPath := filepath.Join(cfg.OutDir, ResultsFile)
	old, err := loadForResume(resultsPath)
	if err != nil {
		return nil, err
	}
	if err := checkOrWriteMeta(cfg, whole, len(old) > 0); err != nil {
		return nil, err
	}
	done := map[runKey]bool{}
	for _, r := range old {
		done[r.key()] = true
	}
	var jobs []job
	for rep := 1; rep <= cfg.Repeat; rep++ {
		for _, in := range cfg.Suite.Instances {
			for _, s := range cfg.Solvers { // solvers interleaved, so a partial run compares them on the same files
				if !done[runKey{s.Name, in.Name, rep}] {
					jobs = append(jobs, job{s, in, rep})
				}
			}
		}
	}
	if cfg.Log != nil && len(old) > 0 {
		fmt.Fprintf(cfg.Log, "resuming: %d runs on record in %s, %d to go\n", len(old), resultsPath, len(jobs))
	}
	log, err := openRecordLog(resultsPath)
	if err != nil {
		return nil, fmt.Errorf("results file: %w", err)
	}
	defer log.Close()

	bar := newBar(cfg.Progress, len(jobs))
	var (
		mu       sync.Mutex
		recs     = old
		firstErr error
	)
	queue := make(chan job)
	var wg sync.WaitGroup
	for w := 0; w < cfg.Jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range queue {
				rec, err := runJob(ctx, j, cfg.Limits, sp)
				if errors.Is(err, errCanceled) {
					continue
				}
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					continue
				}
				if err := log.Append(rec); err != nil && firstErr == nil {
					firstErr = fmt.Errorf("writing %s: %w", resultsPath, err)
				}
				recs = append(recs, rec)
				if isWrong(rec.Result, rec.Expected) && cfg.Log != nil {
					if bar != nil {
						fmt.Fprintln(cfg.Log)
					}
					fmt.Fprintf(cfg.Log, "!!! WRONG ANSWER: %s said %s on %s, expected %s\n", rec.Solver, rec.Result, rec.File, rec.Expected)
				}
				mu.Unlock()
				if bar != nil {
					_ = bar.Add(1)
				}
			}
		}()
	}
feed:
	for _, j := range jobs {
		select {
		case queue <- j:
		case <-ctx.Done():
			break feed
		}
		mu.Lock()
		stop := firstErr != nil
		mu.Unlock()
		if stop {
			break
		}
	}
	close(queue)
	wg.Wait()
	if bar != nil {
		_ = bar.Exit()
		fmt.Fprintln(cfg.Progress)
	}
	if firstErr != nil {
		return recs, firstErr
	}
	if ctx.Err() != nil {
		return recs, context.Canceled
	}
	return recs, nil
}

// runJob runs one job and turns it into a record.
func runJob(ctx context.Context, j job, lim Limits, sp spawner) (Record, error) {
	argv := j.solver.Command(j.inst, lim.Wall)
	o, err := runProcess(ctx, argv, lim, sp)
	if err != nil {
		return Record{}, err
	}
	p := parseOutput(o.stdout)
	return Record{
		Solver:        j.solver.Name,
		File:          j.inst.Name,
		Repeat:        j.repeat,
		Logic:         j.inst.Logic,
		Family:        j.inst.Family,
		Expected:      j.inst.Expected,
		Result:        classify(o, p, lim, j.solver.Kind),
		Answer:        answerOrOther(p),
		ErrorsPrinted: p.errorsPrinted,
		LimitSec:      lim.Wall.Seconds(),
		WallSec:       o.wall.Seconds(),
		UserSec:       o.user.Seconds(),
		SysSec:        o.sys.Seconds(),
		MaxRSSKB:      o.maxRSSKB,
		ExitCode:      o.exitCode,
		Signal:        o.signal,
		Killed:        o.killed,
		StdoutHead:    head(o.stdout, 300),
		StderrHead:    head(o.stderr, 500),
		Command:       argv,
	}, nil
}

// answerOrOther is what a record shows as the answer: the answer line, else the first other line.
func answerOrOther(p parsedOutput) string {
	if p.answer != "" {
		return p.answer
	}
	return head([]byte(p.other), 100)
}

// head is the first n bytes of b as valid UTF-8.
func head(b []byte, n int) string {
	if len(b) > n {
		b = b[:n]
	}
	return string(bytes.ToValidUTF8(b, []byte("?")))
}

// loadForResume reads an existing results file, first cutting a torn last line left by a killed runner.
func loadForResume(path string) ([]Record, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("results file: %w", err)
	}
	if n := len(data); n > 0 && data[n-1] != '\n' {
		cut := bytes.LastIndexByte(data, '\n') + 1
		if err := os.Truncate(path, int64(cut)); err != nil {
			return nil, fmt.Errorf("results file: cutting torn last line: %w", err)
		}
	}
	recs, err := ReadRecords(path)
	if err != nil {
		return nil, fmt.Errorf("results file (cannot resume): %w", err)
	}
	return recs, nil
}

// checkOrWriteMeta refuses to mix runs with different limits or shards in one directory.
func checkOrWriteMeta(cfg RunConfig, suiteFiles int, resuming bool) error {
	path := filepath.Join(cfg.OutDir, MetaFile)
	if resuming {
		if data, err := os.ReadFile(path); err == nil {
			var m RunMeta
			if err := json.Unmarshal(data, &m); err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			if m.LimitSec != cfg.Limits.Wall.Seconds() {
				return fmt.Errorf("%s was run with a %gs limit, not %gs: use another --out directory", cfg.OutDir, m.LimitSec, cfg.Limits.Wall.Seconds())
			}
			if m.Shard != cfg.Shard {
				return fmt.Errorf("%s holds shard %s, not %s: use another --out directory", cfg.OutDir, m.Shard, cfg.Shard)
			}
		}
	}
	m := RunMeta{Suite: cfg.Suite.Source, LimitSec: cfg.Limits.Wall.Seconds(), Repeat: cfg.Repeat,
		Solvers: cfg.Solvers, Files: len(cfg.Suite.Instances), Started: time.Now().UTC().Format(time.RFC3339),
		SuiteFiles: suiteFiles, Shard: cfg.Shard, Identities: map[string]Identity{}, Hosts: []Host{thisHost()}}
	for _, s := range cfg.Solvers {
		m.Identities[s.Name] = identify(s)
	}
	return writeMeta(cfg.OutDir, m)
}

func writeMeta(dir string, m RunMeta) error {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, MetaFile), append(data, '\n'), 0o644)
}

// newBar is the progress bar with ETA, or nil when w is nil.
func newBar(w io.Writer, total int) *progressbar.ProgressBar {
	if w == nil || total == 0 {
		return nil
	}
	return progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("sift bench"),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(200*time.Millisecond),
	)
}

// isWrong says whether a result contradicts the expected status.
func isWrong(r Result, expected Status) bool {
	return (r == ResultSat && expected == StatusUnsat) || (r == ResultUnsat && expected == StatusSat)
}

func readMeta(dir string) (RunMeta, error) {
	var m RunMeta
	data, err := os.ReadFile(filepath.Join(dir, MetaFile))
	if err != nil {
		return m, err
	}
	err = json.Unmarshal(data, &m)
	return m, err
}

// SolverOrder is the solver order recorded in a run's run.json, or nil.
func SolverOrder(dir string) []string {
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
