package bench

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sift-solver/sift/internal/output"
)

// Report file names inside a run's output directory.
const (
	TableFile        = "table.md"
	SummaryCSVFile   = "summary.csv"
	SummaryJSONFile  = "summary.json"
	ResultsCSVFile   = "results.csv"
	CactusPlotBase   = "cactus"  // .png and .svg
	ScatterPlotStem  = "scatter" // scatter-<base>-vs-<peer>.png and .svg
	pairwiseHeadline = "Solved by row, not by column"
)

// WriteMarkdown writes the report: totals, the wrong answers (loudly), per logic, per family and pairwise.
func WriteMarkdown(w io.Writer, sc *Score) error {
	var b strings.Builder
	fmt.Fprintf(&b, "## Results (%d files, %gs limit)\n\n", len(sc.Files), sc.LimitSec)
	b.WriteString("| solver | files | solved | sat | unsat | wrong | unknown | timeout | error | PAR-2 (s) | time on solved (s) | answers after errors |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, s := range withVirtualBest(sc) {
		t := sc.Total[s]
		wrong := strconv.Itoa(t.Wrong)
		if t.Wrong > 0 {
			wrong = "**" + wrong + " WRONG**"
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %s | %d | %d | %d | %.2f | %.2f | %d |\n",
			s, t.Files, t.Solved, t.Sat, t.Unsat, wrong, t.Unknown, t.Timeout, t.Error, t.PAR2, t.SolvedWall, t.AfterErrors)
	}
	b.WriteString("\n")
	if len(sc.Wrong) == 0 {
		b.WriteString("No wrong answers.\n\n")
	} else {
		fmt.Fprintf(&b, "### !!! WRONG ANSWERS: %d !!!\n\n", len(sc.Wrong))
		b.WriteString("| solver | file | answer | expected | errors printed |\n|---|---|---|---|---|\n")
		for _, o := range sc.Wrong {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", o.Solver, o.File, o.Result, o.Expected, yesNo(o.ErrorsPrinted))
		}
		b.WriteString("\n")
	}
	writeGroups(&b, "By logic", sc.ByLogic, sc)
	writeGroups(&b, "By family", sc.ByFamily, sc)
	if len(sc.Solvers) > 1 {
		fmt.Fprintf(&b, "### %s\n\n| | %s |\n|---|%s\n", pairwiseHeadline, strings.Join(sc.Solvers, " | "),
			strings.Repeat("---:|", len(sc.Solvers)))
		for _, a := range sc.Solvers {
			cells := make([]string, len(sc.Solvers))
			for i, c := range sc.Solvers {
				if a == c {
					cells[i] = "–"
				} else {
					cells[i] = strconv.Itoa(sc.SolvedNotBy[a][c])
				}
			}
			fmt.Fprintf(&b, "| %s | %s |\n", a, strings.Join(cells, " | "))
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeGroups writes one row per group; a cell is "solved / PAR-2", with wrong answers appended.
func writeGroups(b *strings.Builder, title string, gs []Group, sc *Score) {
	cols := withVirtualBest(sc)
	fmt.Fprintf(b, "### %s (solved / PAR-2 s)\n\n| %s | files | %s |\n|---|---:|%s\n", title,
		strings.ToLower(strings.TrimPrefix(title, "By ")), strings.Join(cols, " | "), strings.Repeat("---:|", len(cols)))
	for _, g := range gs {
		cells := make([]string, len(cols))
		for i, s := range cols {
			t, ok := g.Solvers[s]
			if !ok {
				cells[i] = "–"
				continue
			}
			cells[i] = fmt.Sprintf("%d / %.2f", t.Solved, t.PAR2)
			if t.Wrong > 0 {
				cells[i] += fmt.Sprintf(" / **%d wrong**", t.Wrong)
			}
		}
		fmt.Fprintf(b, "| %s | %d | %s |\n", g.Name, g.Files, strings.Join(cells, " | "))
	}
	b.WriteString("\n")
}

func withVirtualBest(sc *Score) []string {
	if _, ok := sc.Total[VirtualBest]; ok {
		return append(append([]string(nil), sc.Solvers...), VirtualBest)
	}
	return sc.Solvers
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// WriteSummaryCSV writes one row per (scope, group, solver); scope is total, logic or family.
func WriteSummaryCSV(w io.Writer, sc *Score) error {
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"scope", "group", "solver", "files", "solved", "sat", "unsat", "wrong", "unknown",
		"timeout", "error", "after_errors", "par2_s", "solved_wall_s", "solved_cpu_s"})
	row := func(scope, group, s string, t Tally) {
		_ = cw.Write([]string{scope, group, s, itoa(t.Files), itoa(t.Solved), itoa(t.Sat), itoa(t.Unsat),
			itoa(t.Wrong), itoa(t.Unknown), itoa(t.Timeout), itoa(t.Error), itoa(t.AfterErrors),
			ftoa(t.PAR2), ftoa(t.SolvedWall), ftoa(t.SolvedCPU)})
	}
	cols := withVirtualBest(sc)
	for _, s := range cols {
		row("total", "", s, sc.Total[s])
	}
	for _, scope := range []struct {
		name string
		gs   []Group
	}{{"logic", sc.ByLogic}, {"family", sc.ByFamily}} {
		for _, g := range scope.gs {
			for _, s := range cols {
				if t, ok := g.Solvers[s]; ok {
					row(scope.name, g.Name, s, t)
				}
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteResultsCSV writes every record, for spreadsheets; results.jsonl stays the source of truth.
func WriteResultsCSV(w io.Writer, recs []Record) error {
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"solver", "file", "repeat", "logic", "family", "expected", "result", "wrong", "answer",
		"errors_printed", "limit_s", "wall_s", "user_s", "sys_s", "max_rss_kb", "exit_code", "signal", "killed", "stderr_head"})
	for _, r := range recs {
		_ = cw.Write([]string{r.Solver, r.File, itoa(r.Repeat), r.Logic, r.Family, string(r.Expected), string(r.Result),
			strconv.FormatBool(isWrong(r.Result, r.Expected)), r.Answer, itoa(r.ErrorsPrinted), ftoa(r.LimitSec),
			ftoa(r.WallSec), ftoa(r.UserSec), ftoa(r.SysSec), strconv.FormatInt(r.MaxRSSKB, 10), itoa(r.ExitCode),
			r.Signal, strconv.FormatBool(r.Killed), r.StderrHead})
	}
	cw.Flush()
	return cw.Error()
}

// WriteSummaryJSON writes the score (without per-file outcomes, which results.jsonl holds).
func WriteSummaryJSON(w io.Writer, sc *Score) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sc)
}

func itoa(i int) string     { return strconv.Itoa(i) }
func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', 3, 64) }

// WriteReports writes the table, CSV, JSON, plots and the HTML page into dir. scatterBase names the solver
// plotted against each peer (sift by default; the first solver when it is absent). The page describes the
// run from dir's run.json when there is one.
func WriteReports(dir string, recs []Record, sc *Score, scatterBase string) error {
	files := []struct {
		name  string
		write func(io.Writer) error
	}{
		{TableFile, func(w io.Writer) error { return WriteMarkdown(w, sc) }},
		{SummaryCSVFile, func(w io.Writer) error { return WriteSummaryCSV(w, sc) }},
		{SummaryJSONFile, func(w io.Writer) error { return WriteSummaryJSON(w, sc) }},
		{ResultsCSVFile, func(w io.Writer) error { return WriteResultsCSV(w, recs) }},
	}
	for _, f := range files {
		if err := output.WriteFile(filepath.Join(dir, f.name), f.write); err != nil {
			return err
		}
	}
	plots, err := ReportPlots(sc, scatterBase)
	if err != nil {
		return err
	}
	if err := savePlots(dir, plots); err != nil {
		return err
	}
	page := HTMLReport{Records: recs, Score: sc, Plots: plots}
	if m, err := readMeta(dir); err == nil {
		page.Meta = &m
	}
	return output.WriteFile(filepath.Join(dir, HTMLFile), page.Write)
}
