package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sift-solver/sift/internal/panicbench"
)

type runCmd struct {
	common
	Out        string        `help:"This run's raw output (logs, summaries, results.json, table.md)." default:"out/panics/run"`
	Work       string        `help:"Where the run's work modules go (default: OUT/work); both tools load each bug from the same one."`
	Reuse      bool          `help:"Reuse the work modules already under --work instead of making them again (the module cache, or the proxy)."`
	Fuzz       bool          `help:"Run go test -fuzz on each bug."`
	Symex      string        `help:"Run this sift binary's symex on each bug."`
	SymexFlag  []string      `name:"symex-flag" help:"A further flag for sift symex (repeatable), e.g. --symex-flag=--max-len=16." sep:"none"`
	Budget     time.Duration `help:"Each tool's budget per bug: -fuzztime, and symex's CPU --budget." default:"60s"`
	FuzzClock  string        `name:"fuzz-clock" help:"wall: the budget is go test's -fuzztime (wall clock); cpu: CPU time of the go test processes, as symex's budget (go test is interrupted when it has used it)." default:"wall" enum:"wall,cpu"`
	CPU        int           `help:"The core both tools are pinned to with taskset (-1: none)." default:"1"`
	Pair       bool          `help:"With --symex: the pair of issue 30. sift symex also writes its --fuzz-corpus (OUT/corpus/ID), then go test -fuzz runs with the same budget and clock seeded from it (results.json: seeded_fuzz). With --fuzz the zero-seeded fuzzer runs too, first."`
	PairMissed bool          `name:"pair-missed" help:"With --pair: run the pair's fuzzer only where symex found no panic (where it did, the pair's time is symex's)."`
	SeedCorpus string        `name:"seed-corpus" help:"Seed the fuzzer from DIR/ID/ (corpus files, e.g. sift symex --fuzz-corpus output) instead of the zero seed alone." type:"existingdir"`
	Title      string        `help:"The table's heading." default:"Historical panics: go test -fuzz and sift symex"`
}

func (c *runCmd) Run(ctx context.Context) error {
	_, bugs, err := c.bugs()
	if err != nil {
		return err
	}
	if !c.Fuzz && c.Symex == "" {
		return fmt.Errorf("nothing to run: give --fuzz and/or --symex BIN")
	}
	if c.PairMissed && !c.Pair {
		return fmt.Errorf("--pair-missed: give --pair too")
	}
	if c.Pair && c.Symex == "" {
		return fmt.Errorf("--pair: give --symex BIN (the pair's corpus comes from sift symex)")
	}
	var notes []string
	if c.Work == "" {
		c.Work = filepath.Join(c.Out, "work")
	}
	opts := panicbench.RunOptions{Work: c.Work, Out: c.Out, Setup: !c.Reuse, SeedCorpus: c.SeedCorpus, Progress: os.Stderr}
	if c.Fuzz {
		opts.Fuzz = &panicbench.FuzzOptions{Budget: c.Budget, CPU: c.CPU, CPUClock: c.FuzzClock == "cpu"}
		notes = append(notes, fuzzClockNote(c.FuzzClock, c.Budget))
	}
	if c.Pair {
		opts.Pair = &panicbench.FuzzOptions{Budget: c.Budget, CPU: c.CPU, CPUClock: c.FuzzClock == "cpu"}
		opts.PairMissed = c.PairMissed
		notes = append(notes, "The pair's fuzzer: "+fuzzClockNote(c.FuzzClock, c.Budget)+", seeded with the corpus sift symex wrote for the bug (--fuzz-corpus)")
		if c.PairMissed {
			notes = append(notes, "The pair's fuzzer ran only where symex found no panic (--pair-missed); where it found one, the pair's time is symex's")
		}
	}
	if c.Symex != "" {
		missing, err := panicbench.MissingSymexFlags(ctx, c.Symex)
		if err != nil {
			return err
		}
		if len(missing) > 0 {
			return fmt.Errorf("%s symex does not support %s (issue 30): build sift from a newer commit", c.Symex, strings.Join(missing, ", "))
		}
		opts.Symex = &panicbench.SymexOptions{Bin: c.Symex, Budget: c.Budget, CPU: c.CPU, Extra: c.SymexFlag}
	}
	start := time.Now()
	record := func(results []panicbench.Result) error {
		rec := runRecord{
			Title: c.Title, Command: "panicbench " + strings.Join(os.Args[1:], " "),
			Started: start.UTC(), Took: time.Since(start).Round(time.Second).String(),
			Budget: c.Budget.String(), CPU: c.CPU, Notes: notes, Results: results,
		}
		return rec.write(c.Out, bugs)
	}
	// The record is written after every row: a run stopped early (a
	// deadline, a loaded machine) keeps the rows it finished.
	opts.RowDone = record
	results, runErr := panicbench.Run(ctx, bugs, opts)
	if err := record(results); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "wrote %s and %s\n", filepath.Join(c.Out, "table.md"), filepath.Join(c.Out, "results.json"))
	return runErr
}

// loadNote gives the range of the 1-minute load averages the runs saw.
func loadNote(results []panicbench.Result) string {
	lo, hi := -1.0, -1.0
	see := func(l [2]float64) {
		for _, v := range l {
			if v < 0 {
				continue
			}
			if lo < 0 || v < lo {
				lo = v
			}
			if v > hi {
				hi = v
			}
		}
	}
	for _, r := range results {
		if r.Fuzz != nil {
			see(r.Fuzz.Load)
		}
		if r.Symex != nil {
			see(r.Symex.Load)
		}
	}
	if lo < 0 {
		return ""
	}
	return fmt.Sprintf("Load average (1 min, 2 cores shared with other work) %.1f-%.1f.", lo, hi)
}

func fuzzClockNote(clock string, budget time.Duration) string {
	if clock == "cpu" {
		return fmt.Sprintf("go test -fuzz had %s of CPU time (its process tree, sampled every 50 ms; interrupted then) and the fuzz times are CPU seconds to the failure", budget)
	}
	return fmt.Sprintf("go test -fuzz ran with -fuzztime=%s (wall clock); the fuzz times are go test's own, wall seconds from the start of fuzzing to the failure, and the CPU column is what the go test process tree used in that time", budget)
}

// runRecord is a run's results.json: what ran, and the rows.
type runRecord struct {
	Title   string              `json:"title"`
	Command string              `json:"command"`
	Started time.Time           `json:"started"`
	Took    string              `json:"took"`
	Budget  string              `json:"budget"`
	CPU     int                 `json:"cpu"`
	Notes   []string            `json:"notes,omitempty"`
	Results []panicbench.Result `json:"results"`
}

// write writes results.json and table.md into dir.
func (rec runRecord) write(dir string, bugs []panicbench.Bug) error {
	data, err := json.MarshalIndent(rec, "", " ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "results.json"), append(data, '\n'), 0o644); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, "table.md"))
	if err != nil {
		return err
	}
	defer f.Close()
	fmt.Fprintf(f, "# %s\n\n", rec.Title)
	fmt.Fprintf(f, "Command: `%s`  \n", rec.Command)
	fmt.Fprintf(f, "Started %s, took %s; budget %s per tool and bug, pinned to CPU %d, GOMAXPROCS=1. %s\n\n",
		rec.Started.Format("2006-01-02 15:04 UTC"), rec.Took, rec.Budget, rec.CPU, loadNote(rec.Results))
	for _, n := range rec.Notes {
		fmt.Fprintf(f, "%s.\n\n", n)
	}
	panicbench.WriteTable(f, bugs, rec.Results)
	return f.Close()
}

type tableCmd struct {
	common
	Dir       string   `arg:"" help:"A run's output directory (results.json and the logs)." type:"existingdir"`
	RowsFrom  string   `name:"rows-from" help:"Take the rows this run's directory has (a rerun of some bugs, --only) in place of DIR's, with their logs; the table notes which." type:"existingdir"`
	SymexFrom []string `name:"symex-from" help:"Take sift symex's results of rows that have none, with the pair's seeded fuzzer, from these runs' directories (--symex --pair runs of parts of the corpus beside a --fuzz one), with their logs; the table notes which." type:"existingdir"`
	FuzzFrom  []string `name:"fuzz-from" help:"Take the zero-seeded fuzzer's results of rows that have none from these runs' directories (a --fuzz run beside a --symex --pair one), with their logs; the table notes which." type:"existingdir"`
}

// Run rewrites a run's table from its results.json, with the fuzz results
// read again from the saved logs (the runner's reading of go test's output
// may have changed since).
func (c *tableCmd) Run(ctx context.Context) error {
	m, _, err := c.bugs()
	if err != nil {
		return err
	}
	data, err := os.ReadFile(filepath.Join(c.Dir, "results.json"))
	if err != nil {
		return err
	}
	var rec runRecord
	if err := json.Unmarshal(data, &rec); err != nil {
		// The first runs wrote the rows alone; their table.md has the rest.
		if err := json.Unmarshal(data, &rec.Results); err != nil {
			return err
		}
		if err := rec.fromTable(filepath.Join(c.Dir, "table.md")); err != nil {
			return err
		}
	}
	if c.RowsFrom != "" {
		if err := rec.replaceRows(c.Dir, c.RowsFrom); err != nil {
			return err
		}
	}
	for _, from := range c.FuzzFrom {
		if err := rec.fillFrom(c.Dir, from, fuzzPart); err != nil {
			return err
		}
	}
	for _, from := range c.SymexFrom {
		if err := rec.fillFrom(c.Dir, from, symexPart); err != nil {
			return err
		}
	}
	if err := panicbench.Reread(m.Bugs, rec.Results, c.Dir); err != nil {
		return err
	}
	return rec.write(c.Dir, m.Bugs)
}

// replaceRows puts the rows of the run in from (and their logs) in place of
// the same bugs' rows in dir's run.
func (rec *runRecord) replaceRows(dir, from string) error {
	other, err := readRun(from)
	if err != nil {
		return err
	}
	var ids []string
	for _, o := range other.Results {
		i := slices.IndexFunc(rec.Results, func(r panicbench.Result) bool { return r.ID == o.ID })
		if i < 0 {
			return fmt.Errorf("%s: no row %s in %s", from, o.ID, dir)
		}
		rec.Results[i] = o
		ids = append(ids, o.ID)
		for _, suffix := range []string{".fuzz.log", ".symex.log", ".symex.json"} {
			if err := copyLog(from, dir, o.ID+suffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		}
	}
	rec.Notes = append(rec.Notes, fmt.Sprintf("Rows %s are from `%s` (started %s)",
		strings.Join(ids, ", "), other.Command, other.Started.Format("2006-01-02 15:04 UTC")))
	return nil
}

// A part of a row that a run can take from another run: the
// zero-seeded fuzzer's results, or symex's with the pair's seeded fuzzer.
type rowPart struct {
	has  func(r *panicbench.Result) bool
	take func(r, o *panicbench.Result)
	logs []string // suffixes of the row's logs; a missing one is skipped
	what string   // in the run's notes
}

var (
	fuzzPart = rowPart{
		has:  func(r *panicbench.Result) bool { return r.Fuzz != nil },
		take: func(r, o *panicbench.Result) { r.Fuzz = o.Fuzz },
		logs: []string{".fuzz.log"},
		what: "The zero-seeded fuzzer's results",
	}
	symexPart = rowPart{
		has:  func(r *panicbench.Result) bool { return r.Symex != nil },
		take: func(r, o *panicbench.Result) { r.Symex, r.Seeded, r.SeededSkipped = o.Symex, o.Seeded, o.SeededSkipped },
		logs: []string{".symex.log", ".symex.json", ".seeded.fuzz.log"},
		what: "sift symex's results (and the pair's)",
	}
)

// fillFrom fills part of the rows that lack it with the same rows' part in
// the run in from, and copies their logs into dir.
func (rec *runRecord) fillFrom(dir, from string, part rowPart) error {
	other, err := readRun(from)
	if err != nil {
		return err
	}
	var ids []string
	for j := range other.Results {
		o := &other.Results[j]
		i := slices.IndexFunc(rec.Results, func(r panicbench.Result) bool { return r.ID == o.ID })
		if i < 0 || !part.has(o) || part.has(&rec.Results[i]) {
			continue
		}
		for _, suffix := range part.logs {
			if err := copyLog(from, dir, o.ID+suffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		}
		part.take(&rec.Results[i], o)
		ids = append(ids, o.ID)
	}
	if len(ids) > 0 {
		rec.Notes = append(rec.Notes, fmt.Sprintf("%s of %s are from `%s` (started %s)",
			part.what, strings.Join(ids, ", "), other.Command, other.Started.Format("2006-01-02 15:04 UTC")))
	}
	return nil
}

// readRun reads the record of the run in dir.
func readRun(dir string) (*runRecord, error) {
	data, err := os.ReadFile(filepath.Join(dir, "results.json"))
	if err != nil {
		return nil, err
	}
	var rec runRecord
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, err
	}
	return &rec, nil
}

// copyLog copies the file name of the run in from into dir.
func copyLog(from, dir, name string) error {
	data, err := os.ReadFile(filepath.Join(from, name))
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, name), data, 0o644)
}

var (
	titleRE   = regexp.MustCompile("(?m)^# (.*)$")
	commandRE = regexp.MustCompile("(?m)^Command: `(.*)`")
	startedRE = regexp.MustCompile(`(?m)^Started (\S+ \S+) UTC, took (\S+); budget (\S+) per tool and bug, pinned to CPU (-?\d+)`)
)

// fromTable reads what a run of the first format kept only in its table.
func (rec *runRecord) fromTable(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	t, c, s := titleRE.FindSubmatch(data), commandRE.FindSubmatch(data), startedRE.FindSubmatch(data)
	if t == nil || c == nil || s == nil {
		return fmt.Errorf("%s: no title, command or start line", path)
	}
	rec.Title, rec.Command = string(t[1]), string(c[1])
	rec.Started, err = time.Parse("2006-01-02 15:04", string(s[1]))
	rec.Took, rec.Budget = string(s[2]), string(s[3])
	rec.CPU, _ = strconv.Atoi(string(s[4]))
	if strings.Contains(rec.Command, "--fuzz") {
		clock := "wall"
		if strings.Contains(rec.Command, "--fuzz-clock cpu") {
			clock = "cpu"
		}
		rec.Notes = append(rec.Notes, fuzzClockNote(clock, mustDuration(rec.Budget)))
	}
	return err
}

func mustDuration(s string) time.Duration {
	d, _ := time.ParseDuration(s)
	return d
}
