package panicbench

import (
	"fmt"
	"io"
	"strings"
)

// Totals counts a run's rows.
type Totals struct {
	Rows, Fuzz, Symex, Both, FuzzOnly, SymexOnly, Neither int
	FuzzAtSite, SymexAtSite                               int // found the panic at the recorded site
}

// Count tallies which tool found each bug (a tool that did not run finds
// nothing).
func Count(results []Result) Totals {
	var t Totals
	for _, r := range results {
		t.Rows++
		f := r.Fuzz != nil && r.Fuzz.Found
		s := r.Symex != nil && r.Symex.Found
		switch {
		case f && s:
			t.Both++
		case f:
			t.FuzzOnly++
		case s:
			t.SymexOnly++
		default:
			t.Neither++
		}
		if f {
			t.Fuzz++
			if r.Fuzz.SiteOK {
				t.FuzzAtSite++
			}
		}
		if s {
			t.Symex++
			if r.Symex.SiteOK {
				t.SymexAtSite++
			}
		}
	}
	return t
}

// WriteTable writes the run's markdown table: per bug, whether each tool
// found the panic, when, at what CPU cost, and whether at the recorded site;
// then the totals.
func WriteTable(w io.Writer, bugs []Bug, results []Result) {
	byID := map[string]Bug{}
	for _, b := range bugs {
		byID[b.ID] = b
	}
	fmt.Fprintln(w, "| bug | split | entry | fuzz found | fuzz time to find (s) | fuzz CPU (s) | fuzz execs | fuzz at site | symex found | symex first panic (s) | symex CPU (s) | symex at site | found by |")
	fmt.Fprintln(w, "|---|---|---|---|---:|---:|---:|---|---|---:|---:|---|---|")
	for _, r := range results {
		b := byID[r.ID]
		entry := "`" + b.Name + "." + b.Entry + "`"
		if r.Error != "" {
			fmt.Fprintf(w, "| %s | %s | %s | error: %s ||||||||||\n", r.ID, r.Split, entry, cell(firstLine(r.Error)))
			continue
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", r.ID, r.Split, entry, fuzzCells(r.Fuzz), symexCells(r.Symex)+" | "+foundBy(r))
	}
	t := Count(results)
	fmt.Fprintf(w, "\n%d bugs: go test -fuzz found a panic in %d (%d at the recorded site), sift symex in %d (%d at the site); both %d, only the fuzzer %d, only symex %d, neither %d.\n",
		t.Rows, t.Fuzz, t.FuzzAtSite, t.Symex, t.SymexAtSite, t.Both, t.FuzzOnly, t.SymexOnly, t.Neither)
}

func fuzzCells(f *FuzzResult) string {
	switch {
	case f == nil:
		return "not run | | | |"
	case f.Failure != "" && !f.Found:
		return fmt.Sprintf("no (%s) | | %.1f | %d |", cell(f.Failure), f.CPUS, f.Execs)
	case !f.Found:
		return fmt.Sprintf("no | | %.1f | %d |", f.CPUS, f.Execs)
	}
	return fmt.Sprintf("yes | %.1f | %.1f | %d | %s", f.FoundS, f.CPUS, f.Execs, yesNo(f.SiteOK))
}

func symexCells(s *SymexResult) string {
	switch {
	case s == nil:
		return "not run | | |"
	case s.Failure != "":
		return fmt.Sprintf("%s | | |", cell(s.Failure))
	case !s.Found:
		// Paths that ended unsupported are not explored: an "exhausted"
		// run with them says nothing about what lies past them.
		var why []string
		if s.Exhausted {
			why = append(why, "exhausted")
		} else if s.Stopped != "" {
			why = append(why, s.Stopped)
		}
		why = append(why, fmt.Sprintf("%d paths", s.Paths))
		if s.UnsupPaths > 0 {
			why = append(why, fmt.Sprintf("%d ended unsupported", s.UnsupPaths))
		}
		return fmt.Sprintf("no (%s) | | %.1f |", strings.Join(why, ", "), s.CPUS)
	}
	return fmt.Sprintf("yes | %s | %.1f | %s", strings.TrimSuffix(secondsOrDash(s.FirstPanicS), "s"), s.CPUS, yesNo(s.SiteOK))
}

func foundBy(r Result) string {
	f := r.Fuzz != nil && r.Fuzz.Found
	s := r.Symex != nil && r.Symex.Found
	switch {
	case f && s:
		return "both"
	case f:
		return "fuzz only"
	case s:
		return "symex only"
	}
	return "neither"
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// cell keeps a table cell on one line and free of pipes.
func cell(s string) string {
	s = strings.ReplaceAll(s, "|", "/")
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) > 160 {
		s = s[:157] + "..."
	}
	return s
}

// WriteCorpus writes the corpus as a markdown table: per bug its split,
// module and versions, the entry, the panic and where, and the sources.
func WriteCorpus(w io.Writer, bugs []Bug) {
	fmt.Fprintln(w, "| bug | split | module | vulnerable → fixed | entry | panic | site | source | harness beyond the entry |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|")
	for _, b := range bugs {
		fmt.Fprintf(w, "| %s | %s | %s | %s → %s | `%s` | %s | `%s` %s:%d | %s | %s |\n",
			b.ID, b.Split, b.Module, b.Vulnerable, b.Fixed, cell(b.Signature), cell(b.Kind),
			cell(shortFunc(b.Site.Func)), b.Site.File, b.Site.Line, cell(strings.Join(b.Source, ", ")), cell(b.Beyond))
	}
}

// shortFunc drops the import path of a traceback's function name, keeping
// its package name: html.inBodyIM.
func shortFunc(fn string) string {
	if i := strings.LastIndex(fn, "/"); i >= 0 {
		return fn[i+1:]
	}
	return fn
}
