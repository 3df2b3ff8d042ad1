package panicbench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// SymexOptions set how `sift symex` runs: the interface of issue 30,
//
//	sift symex --dir D PKG FUNC --stop-at-panic --budget 60s --json FILE
//
// on the same work module as the fuzzer, pinned to one core.
type SymexOptions struct {
	Bin    string        // the sift binary
	Budget time.Duration // --budget: CPU time of the function's exploration
	CPU    int           // the core taskset pins the run to; -1: no pinning
	Extra  []string      // further flags (e.g. --max-len 16)
}

// The flags of issue 30 the runner needs.
var symexFlags = []string{"--stop-at-panic", "--budget"}

// MissingSymexFlags asks `BIN symex --help` for the flags the runner needs
// and returns those it does not list.
func MissingSymexFlags(ctx context.Context, bin string) ([]string, error) {
	out, err := exec.CommandContext(ctx, bin, "symex", "--help").CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("%s symex --help: %v\n%s", bin, err, out)
	}
	var missing []string
	for _, f := range symexFlags {
		if !bytes.Contains(out, []byte(f)) {
			missing = append(missing, f)
		}
	}
	return missing, nil
}

// SymexResult is one `sift symex` run.
type SymexResult struct {
	Found       bool       `json:"found"`
	FirstPanicS *float64   `json:"first_panic_s"` // the summary's first_panic_s (or the earliest found_s)
	CPUS        float64    `json:"cpu_s"`         // the summary's cpu_s (the exploration)
	ProcessCPUS float64    `json:"process_cpu_s"` // the whole process: loading and SSA building too
	WallS       float64    `json:"wall_s"`
	Exhausted   bool       `json:"exhausted"`
	Stopped     string     `json:"stopped,omitempty"`
	Panics      []string   `json:"panics,omitempty"`  // position: message
	SiteOK      bool       `json:"site_match"`        // some panic is at the recorded site's file and line
	Unsupported int        `json:"unsupported"`       // distinct unsupported constructs
	Paths       int        `json:"paths"`             // finished paths (returned or panicked)
	UnsupPaths  int        `json:"unsupported_paths"` // paths that ended on an unsupported construct
	Failure     string     `json:"failure,omitempty"`
	Load        [2]float64 `json:"load"`
}

// symexSummary is the part of docs/symex/json.md's summary the runner reads;
// the package form of issue 30 holds one per function.
type symexSummary struct {
	Function    string   `json:"function"`
	CPUS        float64  `json:"cpu_s"`
	Exhausted   bool     `json:"exhausted"`
	Stopped     string   `json:"stopped"`
	FirstPanicS *float64 `json:"first_panic_s"`
	Panics      []struct {
		Position string   `json:"position"`
		RaisedAt string   `json:"raised_at"`
		Message  string   `json:"message"`
		FoundS   *float64 `json:"found_s"`
	} `json:"panics"`
	Paths       int `json:"paths"`
	Unsupported []struct {
		Paths int `json:"paths"`
	} `json:"unsupported"`
	Functions []symexSummary `json:"functions"`
	// A package run's entry that was not explored, and why.
	NotExplored string `json:"not_explored"`
	Error       string `json:"error"`
}

// RunSymex runs sift symex on the bug's entry in its work module; the
// command's output goes to base+".log" and its summary to base+".json".
func RunSymex(ctx context.Context, w WorkModule, o SymexOptions, base string) (SymexResult, error) {
	var r SymexResult
	jsonPath := base + ".json"
	_ = os.Remove(jsonPath)
	args := []string{"symex", "--dir", w.Dir, w.Bug.Package, w.Bug.Entry, "--json", jsonPath,
		"--stop-at-panic", "--budget", o.Budget.String()}
	args = append(args, o.Extra...)
	cmdline := append([]string{o.Bin}, args...)
	if o.CPU >= 0 {
		cmdline = append([]string{"taskset", "-c", strconv.Itoa(o.CPU)}, cmdline...)
	}
	// The budget is CPU time of the exploration; loading comes on top, and
	// a loaded machine stretches both: on 2 cores under a load of 20 a run
	// gets a tenth of a core. The wall limit only guards against a hang, as
	// the fuzz side's under its CPU clock.
	rctx, cancel := context.WithTimeout(ctx, 30*o.Budget+5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(rctx, cmdline[0], cmdline[1:]...)
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1", "GOTOOLCHAIN=local")
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	r.Load[0] = loadAverage()
	start := time.Now()
	runErr := cmd.Run()
	r.WallS = time.Since(start).Seconds()
	r.Load[1] = loadAverage()
	r.ProcessCPUS = cpuSeconds(cmd.ProcessState)
	log := fmt.Sprintf("$ %s\n%s", strings.Join(cmdline, " "), buf.String())
	if err := os.WriteFile(base+".log", []byte(log), 0o644); err != nil {
		return r, err
	}
	if flag := unknownFlag(buf.String()); flag != "" {
		r.Failure = "sift symex does not support " + flag
		return r, nil
	}
	data, err := os.ReadFile(jsonPath)
	if err != nil {
		r.Failure = fmt.Sprintf("no --json summary (%v): %s", runErr, lastLines(buf.String(), 3))
		return r, nil
	}
	var s symexSummary
	if err := json.Unmarshal(data, &s); err != nil {
		r.Failure = fmt.Sprintf("%s: %v", jsonPath, err)
		return r, nil
	}
	fn, ok := s.entry(w.Bug.Entry)
	if !ok {
		r.Failure = fmt.Sprintf("%s: no function %s in the summary", jsonPath, w.Bug.Entry)
		return r, nil
	}
	fn.fill(&r, w.Bug.Site)
	return r, nil
}

// entry picks the entry's summary: the summary itself for a one-function
// run, the matching function of a package run.
func (s symexSummary) entry(entry string) (symexSummary, bool) {
	if len(s.Functions) == 0 {
		return s, s.Function != ""
	}
	for _, f := range s.Functions {
		if ssaNameMatches(f.Function, entry) {
			return f, true
		}
	}
	return symexSummary{}, false
}

// ssaNameMatches compares go/ssa's name of a function (pkg.F,
// (*pkg.T).M, (pkg.T).M) with the entry as the manifest writes it (F, T.M).
func ssaNameMatches(ssaName, entry string) bool {
	n := strings.NewReplacer("(*", "", "(", "", ")", "").Replace(ssaName)
	return n == entry || strings.HasSuffix(n, "."+entry) || strings.HasSuffix(n, "/"+entry)
}

func (s symexSummary) fill(r *SymexResult, site Site) {
	if s.NotExplored != "" || s.Error != "" {
		r.Failure = "not explored: " + s.NotExplored + s.Error
		return
	}
	r.CPUS, r.Exhausted, r.Stopped, r.Unsupported, r.Paths = s.CPUS, s.Exhausted, s.Stopped, len(s.Unsupported), s.Paths
	for _, u := range s.Unsupported {
		r.UnsupPaths += u.Paths
	}
	r.Found = len(s.Panics) > 0
	r.FirstPanicS = s.FirstPanicS
	for _, p := range s.Panics {
		r.Panics = append(r.Panics, p.Position+": "+p.Message)
		if r.FirstPanicS == nil && p.FoundS != nil || p.FoundS != nil && *p.FoundS < *r.FirstPanicS {
			v := *p.FoundS
			r.FirstPanicS = &v
		}
		// The recorded site of a panic raised again is its first raise.
		if positionAt(p.Position, site) || p.RaisedAt != "" && positionAt(p.RaisedAt, site) {
			r.SiteOK = true
		}
	}
}

// positionAt reports whether a file:line:col position is at the site's
// file (compared by name) and line.
func positionAt(pos string, site Site) bool {
	parts := strings.Split(pos, ":")
	if len(parts) < 2 {
		return false
	}
	if len(parts) >= 3 {
		parts = parts[:len(parts)-1] // the column
	}
	line, err := strconv.Atoi(parts[len(parts)-1])
	file := strings.Join(parts[:len(parts)-1], ":")
	return err == nil && line == site.Line && filepath.Base(file) == filepath.Base(site.File)
}

// unknownFlag finds kong's complaint about a flag it does not know.
func unknownFlag(out string) string {
	for _, l := range strings.Split(out, "\n") {
		if i := strings.Index(l, "unknown flag "); i >= 0 {
			return strings.TrimSpace(l[i+len("unknown flag "):])
		}
	}
	return ""
}
