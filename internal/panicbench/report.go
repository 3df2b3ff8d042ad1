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
	writePairTable(w, results)
}

// pairFound says whether the pair found the bug (symex, or the fuzzer
// seeded with its corpus after it) and in how many CPU seconds: symex's
// time to its first panic, or its whole run and then the seeded fuzzer's
// time to find.
func pairFound(r Result) (bool, float64) {
	if r.Symex != nil && r.Symex.Found && r.Symex.FirstPanicS != nil {
		return true, *r.Symex.FirstPanicS
	}
	if r.Seeded != nil && r.Seeded.Found {
		cpu := 0.0
		if r.Symex != nil {
			cpu = r.Symex.CPUS
		}
		return true, cpu + r.Seeded.FoundS
	}
	return false, 0
}

// writePairTable writes the pair's table (rows run with RunOptions.Pair)
// and its totals, against the zero-seeded fuzzer where it ran: nothing
// when no row has the pair.
func writePairTable(w io.Writer, results []Result) {
	var rows []Result
	for _, r := range results {
		if r.Seeded != nil || r.SeededSkipped {
			rows = append(rows, r)
		}
	}
	if len(rows) == 0 {
		return
	}
	fmt.Fprintln(w, "\nThe pair: sift symex writes its --fuzz-corpus, then go test -fuzz starts from it (same budget).")
	fmt.Fprintln(w, "\n| bug | symex found | corpus seeds used | seeded fuzz found | seeded fuzz time to find (s) | seeded fuzz CPU (s) | seeded fuzz at site | pair found | pair time to find (s) | zero-seed fuzz found |")
	fmt.Fprintln(w, "|---|---|---:|---|---:|---:|---|---|---:|---|")
	var pair, pairOnly, fuzzNotPair, zeroRan int
	for _, r := range rows {
		f := r.Seeded
		found, at := pairFound(r)
		seeded := "no"
		if f == nil { // SeededSkipped
			f = &FuzzResult{}
			seeded = "(not run: symex found a panic)"
		} else if f.Found {
			seeded = "yes"
		} else if f.Failure != "" {
			seeded = "no (" + cell(f.Failure) + ")"
		}
		ft, pt := "", ""
		if f.Found {
			ft = fmt.Sprintf("%.1f", f.FoundS)
		}
		if found {
			pt = fmt.Sprintf("%.1f", at)
			pair++
		}
		zero := "not run"
		if r.Fuzz != nil {
			zeroRan++
			zero = yesNo(r.Fuzz.Found)
			s := r.Symex != nil && r.Symex.Found
			if found && !r.Fuzz.Found && !s {
				pairOnly++
			}
			if r.Fuzz.Found && !found {
				fuzzNotPair++
			}
		}
		fmt.Fprintf(w, "| %s | %s | %d | %s | %s | %.1f | %s | %s | %s | %s |\n", r.ID, yesNo(r.Symex != nil && r.Symex.Found),
			f.Seeds, seeded, ft, f.CPUS, yesNo(f.SiteOK), yesNo(found), pt, zero)
	}
	fmt.Fprintf(w, "\n%d bugs with the pair: it found %d", len(rows), pair)
	if zeroRan > 0 {
		fmt.Fprintf(w, "; %d that neither symex nor the zero-seeded fuzzer found alone, and missed %d that the zero-seeded fuzzer found", pairOnly, fuzzNotPair)
	}
	fmt.Fprintln(w, ".")
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
