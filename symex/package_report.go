package symex

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
)

// PackageSummary is package mode's --json (docs/symex/json.md, "Package
// mode"): one entry per function, in the order they ran.
type PackageSummary struct {
	Package   string         `json:"package"`
	BudgetS   float64        `json:"budget_s"`
	Functions []PackageEntry `json:"functions"`
}

// PackageEntry is one function of a package run: the one-function
// Summary when it was explored (its fields inline), or why not.
type PackageEntry struct {
	Function    string `json:"function"`
	NotExplored string `json:"not_explored,omitempty"`
	Error       string `json:"error,omitempty"`
	*Summary
}

// Summary builds the package run's summary.
func (r *PackageResult) Summary() *PackageSummary {
	out := &PackageSummary{Package: r.Package, BudgetS: r.Budget.Seconds(), Functions: []PackageEntry{}}
	for _, f := range r.Funcs {
		e := PackageEntry{Function: f.Fn.String(), NotExplored: f.NotExplored, Error: f.Err}
		if f.Result != nil {
			e.Summary = f.Result.Summary(f.Options)
		}
		out.Functions = append(out.Functions, e)
	}
	return out
}

// WriteJSONFile writes the package run's summary to name.
func (r *PackageResult) WriteJSONFile(name string) error {
	b, err := json.MarshalIndent(r.Summary(), "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(name, append(b, '\n'), 0o644)
}

// WriteTable prints the package run: one row per function (paths,
// blocks covered, panic sites, unsupported paths, CPU seconds to the
// first panic, and whether the space was exhausted or why not), then each
// panic with its input, then the counts. Function names are relative to
// the package.
func (s *PackageSummary) WriteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "function\tpaths\tblocks\tpanics\tunsupported\tfirst panic\tresult")
	var exhausted, panicking, notExplored int
	for _, f := range s.Functions {
		name := strings.ReplaceAll(f.Function, s.Package+".", "")
		if f.Summary == nil {
			why := "not explored: " + f.NotExplored
			if f.Error != "" {
				why = "failed: " + f.Error
			}
			notExplored++
			fmt.Fprintf(tw, "%s\t-\t-\t-\t-\t-\t%s\n", name, why)
			continue
		}
		first := "-"
		if f.FirstPanicS != nil {
			first = fmt.Sprintf("%.3fs", *f.FirstPanicS)
			if *f.FirstPanicS < 0.001 {
				first = "<0.001s"
			}
			panicking++
		}
		if f.Exhausted {
			exhausted++
		}
		unsup := 0
		for _, u := range f.Unsupported {
			unsup += u.Paths
		}
		fmt.Fprintf(tw, "%s\t%d\t%d/%d\t%d\t%d\t%s\t%s\n", name, f.Paths, f.Coverage.BlocksCovered, f.Coverage.BlocksTotal,
			len(f.Panics), unsup, first, f.Summary.result())
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, f := range s.Functions {
		if f.Summary == nil {
			continue
		}
		for _, p := range f.Panics {
			var ins []string
			for _, in := range p.Input {
				ins = append(ins, in.Name+"="+in.Value)
			}
			note := ""
			if p.UnexportedState {
				note = " (only with unexported fields set)"
			}
			fmt.Fprintf(w, "panic: %s: %s: %s input: %s%s\n", strings.ReplaceAll(f.Function, s.Package+".", ""),
				p.Position, p.Message, strings.Join(ins, " "), note)
		}
	}
	_, err := fmt.Fprintf(w, "%d functions: %d exhausted, %d with panics, %d not explored\n",
		len(s.Functions), exhausted, panicking, notExplored)
	return err
}

// result says whether the run exhausted its bounded space and, if not,
// why: what stopped it, or what it left unexplored; of a deepening run,
// also the largest bound a round exhausted.
func (s *Summary) result() string {
	deepest := 0
	for _, r := range s.Deepening {
		if r.Exhausted {
			deepest = r.MaxLen
		}
	}
	switch {
	case s.Exhausted && len(s.Deepening) > 0:
		return fmt.Sprintf("exhausted to max_len %d", s.MaxLen)
	case deepest > 0:
		return fmt.Sprintf("exhausted to max_len %d, then at %d %s", deepest, s.MaxLen, s.undone())
	}
	return s.undone()
}

// undone is result without the deepening.
func (s *Summary) undone() string {
	switch {
	case s.Exhausted:
		return "exhausted"
	case s.Stopped != "":
		return "stopped: " + s.Stopped
	}
	var left []string
	for _, c := range []struct {
		n    int
		what string
	}{{s.Cut, "paths cut"}, {s.DepthCut, "forks past --max-depth"}, {s.Unknown, "unknown answers"}} {
		if c.n > 0 {
			left = append(left, fmt.Sprintf("%d %s", c.n, c.what))
		}
	}
	return "not exhausted: " + strings.Join(left, ", ")
}
