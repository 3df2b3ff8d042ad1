package corpus

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"
)

// WriteMarkdown writes the rows as a table, grouped by function (in the
// order given) with one line per configuration, followed by totals per
// configuration.
func WriteMarkdown(w io.Writer, rows []*Row, configs []Config) {
	multi := len(configs) > 1
	head := "| function | paths (ret/panic) | unsup | cut | queries | q/s | solver s | executor s | exec % | coverage | notes |"
	rule := "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
	if multi {
		head = strings.Replace(head, "| function |", "| function | config |", 1)
		rule = "|---" + rule
	}
	fmt.Fprintln(w, head)
	fmt.Fprintln(w, rule)
	for _, r := range rows {
		cells := []string{r.ID}
		if multi {
			cells = append(cells, r.Config)
		}
		if r.Err != "" {
			cells = append(cells, "–", "–", "–", "–", "–", "–", "–", "–", "–", "error: "+r.Err)
		} else {
			cells = append(cells,
				fmt.Sprintf("%d (%d/%d)", r.Paths, r.Returned, r.Panicked),
				fmt.Sprint(r.Unsupported), fmt.Sprint(r.Cut), fmt.Sprint(r.Queries),
				fmt.Sprintf("%.0f", r.QueriesPerSecond()),
				secs(r.Solver), secs(r.Executor()), pct(r.Executor(), r.Elapsed),
				fmt.Sprintf("%d/%d", r.BlocksCovered, r.BlocksTotal), r.notes())
		}
		fmt.Fprintln(w, "| "+strings.Join(cells, " | ")+" |")
	}
	fmt.Fprintln(w)
	writeTotals(w, rows, configs)
}

// notes says why a run stopped and its first unsupported instruction.
func (r *Row) notes() string {
	var n []string
	if r.Stopped != "" {
		n = append(n, r.Stopped)
	}
	if len(r.UnsupportedMsgs) > 0 {
		m := r.UnsupportedMsgs[0]
		if len(m) > 90 {
			m = m[:90] + "…"
		}
		n = append(n, fmt.Sprintf("%d kinds unsupported, first: %s", len(r.UnsupportedMsgs), m))
	}
	return strings.ReplaceAll(strings.Join(n, "; "), "|", `\|`)
}

// Totals sums the rows of one configuration.
type Totals struct {
	Config                      string
	Functions, Clean, Errors    int // Clean: ran, no unsupported path
	Completed                   int // ran out of states within the bounds
	Paths, Unsupported, Queries int
	Solver, Elapsed             time.Duration
	BlocksCovered, BlocksTotal  int
}

// Sum totals the rows of configuration c.
func Sum(rows []*Row, c string) Totals {
	t := Totals{Config: c}
	for _, r := range rows {
		if r.Config != c {
			continue
		}
		t.Functions++
		if r.Err != "" {
			t.Errors++
			continue
		}
		if r.Unsupported == 0 {
			t.Clean++
		}
		if r.Stopped == "" {
			t.Completed++
		}
		t.Paths += r.Paths
		t.Unsupported += r.Unsupported
		t.Queries += r.Queries
		t.Solver += r.Solver
		t.Elapsed += r.Elapsed
		t.BlocksCovered += r.BlocksCovered
		t.BlocksTotal += r.BlocksTotal
	}
	return t
}

func writeTotals(w io.Writer, rows []*Row, configs []Config) {
	fmt.Fprintln(w, "| config | functions | no unsupported path | completed | errors | paths | queries | q/s | solver s | executor s | exec % | coverage |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, c := range configs {
		t := Sum(rows, c.Name)
		qps := 0.0
		if t.Elapsed > 0 {
			qps = float64(t.Queries) / t.Elapsed.Seconds()
		}
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %d | %d | %.0f | %s | %s | %s | %d/%d |\n",
			c.Name, t.Functions, t.Clean, t.Completed, t.Errors, t.Paths, t.Queries, qps,
			secs(t.Solver), secs(t.Elapsed-t.Solver), pct(t.Elapsed-t.Solver, t.Elapsed), t.BlocksCovered, t.BlocksTotal)
	}
}

func secs(d time.Duration) string { return fmt.Sprintf("%.2f", d.Seconds()) }

func pct(a, b time.Duration) string {
	if b <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f", 100*a.Seconds()/b.Seconds())
}

// jsonRow is a Row with durations in seconds, for tools.
type jsonRow struct {
	ID              string            `json:"id"`
	Config          string            `json:"config"`
	Args            []string          `json:"args"`
	Err             string            `json:"error,omitempty"`
	Paths           int               `json:"paths"`
	Returned        int               `json:"returned"`
	Panicked        int               `json:"panicked"`
	Unsupported     int               `json:"unsupported"`
	Cut             int               `json:"cut"`
	Queries         int               `json:"queries"`
	Unknown         int               `json:"unknown"`
	SolverS         float64           `json:"solver_s"`
	ElapsedS        float64           `json:"elapsed_s"`
	ExecutorS       float64           `json:"executor_s"`
	WallS           float64           `json:"wall_s"`
	QPS             float64           `json:"queries_per_s"`
	BlocksCovered   int               `json:"blocks_covered"`
	BlocksTotal     int               `json:"blocks_total"`
	Stopped         string            `json:"stopped,omitempty"`
	UnsupportedMsgs []string          `json:"unsupported_msgs,omitempty"`
	Stats           map[string]string `json:"stats,omitempty"`
}

// WriteJSON writes the rows as a JSON array.
func WriteJSON(w io.Writer, rows []*Row) error {
	out := make([]jsonRow, len(rows))
	for i, r := range rows {
		out[i] = jsonRow{ID: r.ID, Config: r.Config, Args: r.Args, Err: r.Err, Paths: r.Paths, Returned: r.Returned,
			Panicked: r.Panicked, Unsupported: r.Unsupported, Cut: r.Cut, Queries: r.Queries, Unknown: r.Unknown,
			SolverS: r.Solver.Seconds(), ElapsedS: r.Elapsed.Seconds(), ExecutorS: r.Executor().Seconds(),
			WallS: r.Wall.Seconds(), QPS: r.QueriesPerSecond(), BlocksCovered: r.BlocksCovered,
			BlocksTotal: r.BlocksTotal, Stopped: r.Stopped, UnsupportedMsgs: r.UnsupportedMsgs, Stats: r.Stats}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(out)
}
