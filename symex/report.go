package symex

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"
)

// Report prints panics, unsupported paths, statistics and (optionally)
// coverage.
func (r *Result) Report(w io.Writer, coverage bool) {
	s := r.Stats
	fmt.Fprintf(w, "function %s\n", r.Fn)
	if len(r.NilFuncs) > 0 {
		fmt.Fprintf(w, "nil func fields: %s (not made up: every input has them nil)\n", strings.Join(r.NilFuncs, ", "))
	}
	for _, p := range r.Panics {
		var ins []string
		for _, in := range p.Inputs {
			ins = append(ins, in.Name+"="+goLiteral(in.Type, in.V, nil))
		}
		fmt.Fprintf(w, "panic: %s: %s (%d paths, first at %s CPU%s) input: %s\n", p.Pos, p.Message, p.Count,
			p.Found.Round(time.Millisecond), unexportedNote(p.Unexported), strings.Join(ins, " "))
	}
	seen := map[string]bool{}
	for _, p := range r.Paths {
		if p.Kind == "unsupported" && !seen[p.Message] {
			seen[p.Message] = true
			fmt.Fprintf(w, "unsupported: %s: %s\n", p.Pos, p.Message)
		}
	}
	fmt.Fprintf(w, "paths %d (returned %d, panicked %d), unsupported %d, cut %d, depth-cut forks %d\n",
		s.Paths, s.Returned, s.Panicked, s.Unsupported, s.Cut, s.DepthCut)
	if s.Concretized > 0 {
		fmt.Fprintf(w, "concretized %d floats (--floats=concrete): not exhausted\n", s.Concretized)
	}
	perQuery := time.Duration(0)
	if s.Queries > 0 {
		perQuery = s.SolverTime / time.Duration(s.Queries)
	}
	fmt.Fprintf(w, "queries %d (unknown %d), solver time %s (%s per query)\n", s.Queries, s.Unknown,
		s.SolverTime.Round(time.Microsecond), perQuery.Round(time.Microsecond))
	fmt.Fprintf(w, "time %s (solver %s, executor %s)\n", s.Time.Round(time.Microsecond),
		s.SolverTime.Round(time.Microsecond), (s.Time - s.SolverTime).Round(time.Microsecond))
	if s.Stopped != "" {
		fmt.Fprintf(w, "stopped: %s\n", s.Stopped)
	}
	if ms := r.Merge; ms != nil {
		var why []string
		for _, k := range slices.Sorted(maps.Keys(ms.Refused)) {
			why = append(why, fmt.Sprintf("%s %d", k, ms.Refused[k]))
		}
		fmt.Fprintf(w, "merging: %d merges of %d states (%d attempts), refused: %s; scouts %d\n", ms.Merges, ms.StatesMerged,
			ms.Attempts, strings.Join(why, ", "), s.Scouts)
		switch {
		case s.Restarted:
			fmt.Fprintf(w, "warm-up: %d paths without merging, then from the start with merging\n", s.WarmUpPaths)
		case s.WarmUpPaths > 0 && s.Stopped == "":
			fmt.Fprintf(w, "warm-up: %d paths without merging, the whole space (--merge-after)\n", s.WarmUpPaths)
		case s.WarmUpPaths > 0:
			fmt.Fprintf(w, "warm-up: %d paths without merging, stopped before it ended\n", s.WarmUpPaths)
		}
		if s.BarrenPoints > 0 || s.FellBack {
			fmt.Fprintf(w, "merge yield: %d barren points", s.BarrenPoints)
			if s.FellBack {
				fmt.Fprintf(w, "; fell back to no merging after %s of merging", s.FellBackAt.Round(time.Millisecond))
			}
			fmt.Fprintln(w)
		}
	}
	fmt.Fprintf(w, "coverage: blocks %d/%d\n", s.BlocksCovered, s.BlocksTotal)
	var parts []string
	for _, kv := range r.Solver {
		if kv[1] != "0" && kv[1] != "0.000" {
			parts = append(parts, kv[0]+"="+kv[1])
		}
	}
	fmt.Fprintf(w, "solver: %s\n", strings.Join(parts, " "))
	for _, by := range []struct {
		what string
		n    map[string]int
	}{{"queries by stage", r.QueriesByStage}, {"quantified queries by stage", r.QuantifiedByStage}} {
		if len(by.n) > 0 {
			var kv []string
			for _, k := range slices.Sorted(maps.Keys(by.n)) {
				kv = append(kv, fmt.Sprintf("%s=%d", k, by.n[k]))
			}
			fmt.Fprintf(w, "%s: %s\n", by.what, strings.Join(kv, " "))
		}
	}
	if v := r.ValueSets; v != nil {
		fmt.Fprintf(w, "value sets: decided=%d avoided=%d witnesses=%d witness-failed=%d disagreed=%d enumerated=%d\n",
			v.Decided, v.Avoided, v.Witnesses, v.WitnessFailed, v.Disagreed, v.Enumerated)
	}
	if r.Chain != nil {
		var kv []string
		for _, c := range r.Chain.Counts() {
			kv = append(kv, fmt.Sprintf("%s=%d", c.Name, c.N))
		}
		fmt.Fprintf(w, "chain: %s\n", strings.Join(kv, " "))
	}
	if coverage {
		for _, fc := range r.Coverage.Funcs() {
			fmt.Fprintf(w, "  %s uncovered lines %v\n", fc, fc.Uncovered)
		}
	}
}

// unexportedNote marks a panic reachable only through unexported state.
func unexportedNote(only bool) string {
	if only {
		return "; only with unexported fields set"
	}
	return ""
}
