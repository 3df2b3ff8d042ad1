package corpus

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Config is one named set of extra flags of `sift symex` (e.g. "off" with
// --solver-chain= --value-sets=false).
type Config struct {
	Name  string
	Flags []string
	// Bin, when set, replaces the runner's binary for this configuration
	// (to compare builds, e.g. main before a change against after it).
	Bin string
}

// Runner runs entries with a binary of `sift symex`.
type Runner struct {
	Bin string // the sift binary (with Args0 = ["symex"])
	// Args0 go before the entry's arguments (["symex"] for the sift binary).
	Args0 []string
	Dir   string // the module the packages load from
	// MaxLen and Timeout, when set, replace every entry's bound.
	MaxLen  int
	Timeout time.Duration
	// Grace is how long past its --timeout a run may take before it is
	// killed (loading, SSA building, the last query).
	Grace time.Duration
	// MaxMemoryMiB is passed as --max-memory (0: none).
	MaxMemoryMiB int
	// ProfileDir, when set, has every run write a CPU profile of its
	// exploration there, as ID.CONFIG.pprof (ID with '/' as '_'), for
	// `go tool pprof`, which merges several.
	ProfileDir string
	// JSON asks each run for its --json summary (docs/symex/json.md) and
	// reads the row from it; without it, or when a run wrote none, the text
	// report is parsed.
	JSON bool
}

// Row is what one run of one entry under one configuration did.
type Row struct {
	ID, Config string
	Args       []string
	// Err is set when the run did not produce a summary (crash, kill, load
	// error); the counters are then zero.
	Err                                         string
	Paths, Returned, Panicked, Unsupported, Cut int
	// Queries went to the solver (through the solver chain, if any);
	// Avoided are the checks value sets answered without it; Engine the
	// queries that reached the engine past the chain (Queries without a
	// chain).
	Queries, Avoided, Engine, Unknown int
	Solver, Elapsed                   time.Duration // as the command reports them
	// CPU is the process CPU time of the exploration (cpu_s of --json;
	// zero from the text report): unlike Elapsed, it hardly moves when
	// other processes share the machine.
	CPU                        time.Duration
	Wall                       time.Duration // of the process
	BlocksCovered, BlocksTotal int
	Stopped                    string
	UnsupportedMsgs            []string
	// Panics lists the panic sites as "position: message (paths)", sorted
	// (from --json only).
	Panics []string
	// StatesMerged counts the states merges absorbed (states_merged of
	// --json): a merging run has fewer paths than one without merging over
	// the same space.
	StatesMerged int
	// Stats holds the command's "name: key=value ..." lines as
	// "name.key" -> value (solver stage counters and the like).
	Stats map[string]string
}

// Executor is the time outside the solver.
func (r *Row) Executor() time.Duration { return r.Elapsed - r.Solver }

// Checks are the feasibility checks the exploration needed: the queries
// and the checks value sets settled without one. Two runs that explored
// the same paths need about as many, whatever answered them.
func (r *Row) Checks() int { return r.Queries + r.Avoided }

// ChecksPerSecond is the checks answered per second of exploration.
func (r *Row) ChecksPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Checks()) / r.Elapsed.Seconds()
}

// ProfileName is the file name of e's CPU profile under c (ProfileDir).
func ProfileName(e Entry, c Config) string {
	return strings.ReplaceAll(e.ID(), "/", "_") + "." + c.Name + ".pprof"
}

// Run runs entry e under configuration c.
func (rn *Runner) Run(ctx context.Context, e Entry, c Config) *Row {
	if rn.MaxLen > 0 {
		e.MaxLen = rn.MaxLen
	}
	if rn.Timeout > 0 {
		e.Timeout = rn.Timeout
	}
	args := append(append([]string(nil), rn.Args0...), e.Args(rn.Dir)...)
	if rn.MaxMemoryMiB > 0 {
		args = append(args, "--max-memory", strconv.Itoa(rn.MaxMemoryMiB))
	}
	args = append(args, c.Flags...)
	if rn.ProfileDir != "" {
		args = append(args, "--cpu-profile", filepath.Join(rn.ProfileDir, ProfileName(e, c)))
	}
	row := &Row{ID: e.ID(), Config: c.Name, Args: args}
	// The summary comes from --json; the text report is the fallback for
	// binaries without it.
	tmp, err := os.CreateTemp("", "symexcorpus-*.json")
	if err != nil {
		row.Err = err.Error()
		return row
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	if rn.JSON {
		args = append(args, "--json", tmp.Name())
	}
	grace := rn.Grace
	if grace == 0 {
		grace = 2 * time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, e.Timeout+grace)
	defer cancel()
	bin := rn.Bin
	if c.Bin != "" {
		bin = c.Bin
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err = cmd.Run()
	row.Wall = time.Since(start)
	perr := row.parseJSON(tmp.Name())
	if perr != nil {
		perr = row.parse(out.String())
	}
	if perr != nil || err != nil {
		msg := strings.TrimSpace(errb.String())
		if i := strings.LastIndexByte(msg, '\n'); i >= 0 {
			msg = msg[i+1:]
		}
		switch {
		case ctx.Err() != nil:
			row.Err = fmt.Sprintf("killed after %s", row.Wall.Round(time.Second))
		case err != nil:
			row.Err = fmt.Sprintf("%v: %s", err, msg)
		default:
			row.Err = perr.Error()
		}
	}
	return row
}

var (
	rePaths   = regexp.MustCompile(`^paths (\d+) \(returned (\d+), panicked (\d+)\), unsupported (\d+), cut (\d+)`)
	reQueries = regexp.MustCompile(`^queries (\d+) \(unknown (\d+)\), solver time (\S+)`)
	reTime    = regexp.MustCompile(`^time (\S+) \(solver (\S+), executor (\S+)\)`)
	reCover   = regexp.MustCompile(`^coverage: blocks (\d+)/(\d+)`)
	reStats   = regexp.MustCompile(`^([a-z][a-z -]*): ((?:\S+=\S+ ?)+)$`)
)

var errNoSummary = errors.New("no summary in the output")

// parse reads the summary `sift symex` prints (Result.Report).
func (r *Row) parse(out string) error {
	seen := 0
	r.Stats = map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, "unsupported: "):
			r.UnsupportedMsgs = append(r.UnsupportedMsgs, strings.TrimPrefix(line, "unsupported: "))
		case strings.HasPrefix(line, "stopped: "):
			r.Stopped = strings.TrimPrefix(line, "stopped: ")
		}
		if m := rePaths.FindStringSubmatch(line); m != nil {
			r.Paths, r.Returned, r.Panicked, r.Unsupported, r.Cut = atoi(m[1]), atoi(m[2]), atoi(m[3]), atoi(m[4]), atoi(m[5])
			seen++
		}
		if m := reQueries.FindStringSubmatch(line); m != nil {
			r.Queries, r.Unknown = atoi(m[1]), atoi(m[2])
			r.Engine = r.Queries
			r.Solver, _ = time.ParseDuration(m[3])
			seen++
		}
		if m := reTime.FindStringSubmatch(line); m != nil {
			r.Elapsed, _ = time.ParseDuration(m[1])
		}
		if m := reCover.FindStringSubmatch(line); m != nil {
			r.BlocksCovered, r.BlocksTotal = atoi(m[1]), atoi(m[2])
		}
		if m := reStats.FindStringSubmatch(line); m != nil {
			for _, kv := range strings.Fields(m[2]) {
				k, v, _ := strings.Cut(kv, "=")
				r.Stats[m[1]+"."+k] = v
			}
		}
	}
	if seen < 2 {
		return errNoSummary
	}
	return nil
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// summary is the part of `sift symex --json` the table uses.
type summary struct {
	Paths          int            `json:"paths"`
	Returned       int            `json:"returned"`
	Panicked       int            `json:"panicked"`
	Queries        int            `json:"queries"`
	QueriesByStage map[string]int `json:"queries_by_stage"`
	SolverTimeS    float64        `json:"solver_time_s"`
	TimeS          float64        `json:"time_s"`
	CPUS           float64        `json:"cpu_s"`
	Stopped        string         `json:"stopped"`
	Cut            int            `json:"cut"`
	Unknown        int            `json:"unknown"`
	Unsupported    []site         `json:"unsupported"`
	Panics         []site         `json:"panics"`
	StatesMerged   int            `json:"states_merged"`
	Coverage       struct {
		BlocksCovered int `json:"blocks_covered"`
		BlocksTotal   int `json:"blocks_total"`
	} `json:"coverage"`
	SolverChain *struct {
		Backend int `json:"backend"`
	} `json:"solver_chain"`
	ValueSets *struct {
		Avoided int `json:"avoided"`
	} `json:"value_sets"`
}

// site is a panic or unsupported site of the summary.
type site struct {
	Position string `json:"position"`
	Message  string `json:"message"`
	Paths    int    `json:"paths"`
}

// parseJSON reads a --json summary file.
func (r *Row) parseJSON(name string) error {
	b, err := os.ReadFile(name)
	if err != nil || len(bytes.TrimSpace(b)) == 0 {
		return errNoSummary
	}
	var s summary
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("reading the summary: %w", err)
	}
	r.Paths, r.Returned, r.Panicked, r.Cut = s.Paths, s.Returned, s.Panicked, s.Cut
	r.Queries, r.Unknown, r.Stopped, r.StatesMerged = s.Queries, s.Unknown, s.Stopped, s.StatesMerged
	r.Engine = s.Queries
	if s.SolverChain != nil {
		r.Engine = s.SolverChain.Backend
	}
	if s.ValueSets != nil {
		r.Avoided = s.ValueSets.Avoided
	}
	r.Solver = time.Duration(s.SolverTimeS * float64(time.Second))
	r.Elapsed = time.Duration(s.TimeS * float64(time.Second))
	r.CPU = time.Duration(s.CPUS * float64(time.Second))
	r.BlocksCovered, r.BlocksTotal = s.Coverage.BlocksCovered, s.Coverage.BlocksTotal
	for _, u := range s.Unsupported {
		r.Unsupported += u.Paths
		r.UnsupportedMsgs = append(r.UnsupportedMsgs, u.Position+": "+u.Message)
	}
	for _, p := range s.Panics {
		r.Panics = append(r.Panics, fmt.Sprintf("%s: %s (%d)", p.Position, p.Message, p.Paths))
	}
	sort.Strings(r.Panics)
	r.Stats = map[string]string{}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err == nil {
		for k, v := range all {
			flattenCounters(r.Stats, k, v)
		}
	}
	return nil
}

// flattenCounters keeps the numbers of v under key, and those of an object
// one level down as key.field.
func flattenCounters(into map[string]string, key string, v json.RawMessage) {
	var n json.Number
	if err := json.Unmarshal(v, &n); err == nil {
		into[key] = n.String()
		return
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(v, &obj); err != nil {
		return
	}
	for k, x := range obj {
		if err := json.Unmarshal(x, &n); err == nil {
			into[key+"."+k] = n.String()
		}
	}
}
