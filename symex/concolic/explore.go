package concolic

import (
	"fmt"
	"go/token"
	"maps"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/symex"

	"github.com/sift-solver/sift/term"
)

// Config is one concolic exploration's choices.
type Config struct {
	Merge      bool   // --merge=dag; false is --merge=none
	Search     string // bfs (default), dfs, covfirst
	MaxRuns    int    // 0: 10000
	MaxEvents  int    // --max-events K (0: 3)
	Timeout    time.Duration
	NoReset    bool // keep UNSAT marks below merged nodes (the T9 ablation)
	NoStack    bool // program points without the call stack (the T4 negative test)
	NoIters    bool // program points without loop iteration counters (T6)
	CheckAfter func(d *DAG) error
}

// RunInfo is one run as the report lists it.
type RunInfo struct {
	Inputs map[string]int64
	Out    *Outcome
}

// Panic is a panic site and the first run that reached it.
type Panic struct {
	Pos     token.Position
	Message string
	Run     int // 1-based
	Count   int // runs that panicked here
	// Found is the CPU time from the exploration's start to the end of
	// the first run that panicked here.
	Found   time.Duration
	Example *Outcome
	Inputs  map[string]int64
}

// Result is what an exploration found.
type Result struct {
	Fn          *ssa.Function
	Config      Config
	Runs        int
	Nodes       int
	Merges      int
	Attempts    int
	Refused     int
	Divergences int
	Explored    int // explored (node, direction) pairs
	UnsatEdges  int // UNSAT marks left at the end
	Exhausted   bool
	Stopped     string
	Selection   SelectStats
	Ends        map[string]int // runs by how they ended
	Panics      []*Panic
	Unsupported map[string]int // message → runs
	FirstMark   map[string]int // marker label → first run that hit it
	EventDriven bool
	Blocks      [2]int // covered, total (SSA blocks of the functions entered)
	Time, CPU   time.Duration
	DAG         *DAG
	Interp      *Interp
	History     []RunInfo
}

// Explore runs the concolic loop on p.Fn: run, insert the trace, select the
// next edge, solve for inputs, until no edge is left or a limit strikes.
func Explore(st *term.Store, p *symex.Program, s Solver, cfg Config) (*Result, error) {
	start, cpu := time.Now(), symex.ProcessCPU()
	if cfg.Search == "" {
		cfg.Search = "bfs"
	}
	if cfg.Search != "bfs" && cfg.Search != "dfs" && cfg.Search != "covfirst" {
		return nil, fmt.Errorf("concolic: unknown search %q (bfs, dfs, covfirst)", cfg.Search)
	}
	if cfg.MaxRuns == 0 {
		cfg.MaxRuns = 10000
	}
	ip := NewInterp(st, p, s)
	if cfg.MaxEvents > 0 {
		ip.MaxEvents = cfg.MaxEvents
	}
	ip.NoStack, ip.NoIters = cfg.NoStack, cfg.NoIters
	d := NewDAG(st, ip, cfg.Merge)
	d.ResetUnsat = !cfg.NoReset
	res := &Result{Fn: p.Fn, Config: cfg, Ends: map[string]int{}, Unsupported: map[string]int{}, FirstMark: map[string]int{},
		EventDriven: ip.EventDriven(), DAG: d, Interp: ip}
	panics := map[string]*Panic{}
	inputs := map[string]int64{}
	var target *Target
	for {
		if res.Runs >= cfg.MaxRuns {
			res.Stopped = "run limit"
			break
		}
		if cfg.Timeout > 0 && time.Since(start) > cfg.Timeout {
			res.Stopped = "time limit"
			break
		}
		out := ip.Run(inputs)
		res.Runs++
		res.History = append(res.History, RunInfo{Inputs: maps.Clone(inputs), Out: out})
		end := out.Trace.End
		res.Ends[end.Kind]++
		switch end.Kind {
		case "panic":
			key := end.Pos.String() + "|" + end.Message
			if p, ok := panics[key]; ok {
				p.Count++
			} else {
				p = &Panic{Pos: end.Pos, Message: end.Message, Run: res.Runs, Count: 1, Example: out, Inputs: maps.Clone(inputs),
					Found: symex.ProcessCPU() - cpu}
				panics[key] = p
				res.Panics = append(res.Panics, p)
			}
		case "unsupported":
			res.Unsupported[end.Message]++
		}
		for _, m := range out.Marks {
			if _, ok := res.FirstMark[m]; !ok {
				res.FirstMark[m] = res.Runs
			}
		}
		followed := d.Insert(&out.Trace)
		if target != nil && target.Node.Status[target.Dir] != Explored {
			if followed {
				d.Divergences++
			}

			target.Node.Status[target.Dir] = Diverged
		}
		if cfg.CheckAfter != nil {
			if err := cfg.CheckAfter(d); err != nil {
				return nil, err
			}
		}
		var err error
		target, err = d.Select(cfg.Search, s, &res.Selection)
		if err != nil {
			return nil, err
		}
		if target == nil {
			res.Exhausted = true
			break
		}
		inputs = maps.Clone(inputs)
		maps.Copy(inputs, target.Model)
	}
	res.Nodes, res.Merges, res.Attempts, res.Refused, res.Divergences = len(d.Nodes), d.Merges, d.Attempts, d.Refused, d.Divergences
	res.Explored, res.UnsatEdges, _ = d.Counts()
	for f := range ip.entered() {
		res.Blocks[1] += len(f.Blocks)
	}
	res.Blocks[0] = len(ip.Covered)
	// An edge left after a divergence or an unknown answer, or a cut run,
	// means the space was not covered.
	if res.Exhausted && (res.Selection.Unknown > 0 || res.Ends["cut"] > 0 || res.Divergences > 0) {
		res.Exhausted = false
	}
	res.Time, res.CPU = time.Since(start), symex.ProcessCPU()-cpu
	return res, nil
}
