package concolic

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strings"
)

// Report prints what the exploration found, in the forking mode's shape.
func (r *Result) Report(w io.Writer, coverage bool) {
	merge := "none"
	if r.Config.Merge {
		merge = "dag"
	}
	fmt.Fprintf(w, "function %s (concolic, --merge=%s, --search=%s", r.Fn, merge, r.Config.Search)
	if r.EventDriven {
		fmt.Fprintf(w, ", event-driven, --max-events %d", r.Interp.MaxEvents)
	}
	fmt.Fprintln(w, ")")
	for _, p := range r.Panics {
		fmt.Fprintf(w, "panic: %s: %s (%d runs) first at run %d, input: %s\n", p.Pos, p.Message, p.Count, p.Run, describeInputs(r.Fn.Params, p.Example))
	}
	for _, m := range slices.Sorted(maps.Keys(r.Unsupported)) {
		fmt.Fprintf(w, "unsupported: %s (%d runs)\n", m, r.Unsupported[m])
	}
	fmt.Fprintf(w, "runs %d (returned %d, panicked %d, unsupported %d, cut %d)\n", r.Runs, r.Ends["return"], r.Ends["panic"],
		r.Ends["unsupported"], r.Ends["cut"])
	fmt.Fprintf(w, "dag: %d nodes, %d merges (%d attempts, %d refused), %d divergences, %d explored edges, %d unsat edges\n",
		r.Nodes, r.Merges, r.Attempts, r.Refused, r.Divergences, r.Explored, r.UnsatEdges)
	fmt.Fprintf(w, "queries %d (unknown %d), max ite depth %d\n", r.Selection.Queries, r.Selection.Unknown, r.Selection.MaxIteDepth)
	if len(r.FirstMark) > 0 {
		var ms []string
		for _, m := range slices.Sorted(maps.Keys(r.FirstMark)) {
			ms = append(ms, fmt.Sprintf("%s@%d", m, r.FirstMark[m]))
		}
		fmt.Fprintf(w, "markers (first run): %s\n", strings.Join(ms, " "))
	}
	fmt.Fprintf(w, "time %s (cpu %s)\n", r.Time.Round(1000), r.CPU.Round(1000))
	if r.Stopped != "" {
		fmt.Fprintf(w, "stopped: %s\n", r.Stopped)
	}
	fmt.Fprintf(w, "coverage: blocks %d/%d\n", r.Blocks[0], r.Blocks[1])
	if coverage {
		for _, f := range r.Interp.uncovered() {
			fmt.Fprintf(w, "  %s\n", f)
		}
	}
}

// uncovered lists, per function entered, the blocks no run reached.
func (ip *Interp) uncovered() []string {
	var out []string
	for f := range ip.entered() {
		var bs []string
		for _, b := range f.Blocks {
			if !ip.Covered[b] {
				bs = append(bs, fmt.Sprint(ip.fn.Prog.Fset.Position(blockPos(b)).Line))
			}
		}
		out = append(out, fmt.Sprintf("%s uncovered blocks at lines %v", f, bs))
	}
	sort.Strings(out)
	return out
}
