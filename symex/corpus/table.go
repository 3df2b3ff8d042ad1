package corpus

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"
)

// WriteMarkdown writes the rows as a table, grouped by function (in the
// order given) with one line per configuration, then totals per
// configuration and, with several configurations, their comparison at
// equal coverage.
func WriteMarkdown(w io.Writer, rows []*Row, configs []Config) {
	multi := len(configs) > 1
	head := "| function | paths (ret/panic) | unsup | cut | checks | queries | engine | checks/s | solver s | executor s | exec % | cpu s | coverage | notes |"
	rule := "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
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
			cells = append(cells, "–", "–", "–", "–", "–", "–", "–", "–", "–", "–", "–", "–", "error: "+r.Err)
		} else {
			cells = append(cells,
				fmt.Sprintf("%d (%d/%d)", r.Paths, r.Returned, r.Panicked),
				fmt.Sprint(r.Unsupported), fmt.Sprint(r.Cut), fmt.Sprint(r.Checks()), fmt.Sprint(r.Queries),
				fmt.Sprint(r.Engine), fmt.Sprintf("%.0f", r.ChecksPerSecond()),
				secs(r.Solver), secs(r.Executor()), pct(r.Executor(), r.Elapsed), secs(r.CPU),
				fmt.Sprintf("%d/%d", r.BlocksCovered, r.BlocksTotal), r.notes())
		}
		fmt.Fprintln(w, "| "+strings.Join(cells, " | ")+" |")
	}
	fmt.Fprintln(w)
	writeTotals(w, rows, configs)
	if multi {
		fmt.Fprintln(w)
		writeComparison(w, rows, configs)
	}
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
	Config                             string
	Functions, Clean, Errors           int // Clean: ran, no unsupported path
	Completed                          int // ran out of states within the bounds
	Paths, Unsupported, Checks, Engine int
	Queries                            int
	Solver, Elapsed, CPU               time.Duration
	BlocksCovered, BlocksTotal         int
}

func (t *Totals) add(r *Row) {
	t.Paths += r.Paths
	t.Unsupported += r.Unsupported
	t.Checks += r.Checks()
	t.Queries += r.Queries
	t.Engine += r.Engine
	t.Solver += r.Solver
	t.Elapsed += r.Elapsed
	t.CPU += r.CPU
	t.BlocksCovered += r.BlocksCovered
	t.BlocksTotal += r.BlocksTotal
}

func (t *Totals) checksPerSecond() float64 {
	if t.Elapsed <= 0 {
		return 0
	}
	return float64(t.Checks) / t.Elapsed.Seconds()
}

// checksPerCPUSecond is the checks per CPU second of exploration (0 when
// the runs reported no CPU time).
func (t *Totals) checksPerCPUSecond() float64 {
	if t.CPU <= 0 {
		return 0
	}
	return float64(t.Checks) / t.CPU.Seconds()
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
		t.add(r)
	}
	return t
}

func writeTotals(w io.Writer, rows []*Row, configs []Config) {
	fmt.Fprintln(w, "| config | functions | no unsupported path | completed | errors | paths | checks | queries | engine | checks/s | solver s | executor s | exec % | cpu s | coverage |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, c := range configs {
		t := Sum(rows, c.Name)
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %.0f | %s | %s | %s | %s | %d/%d |\n",
			c.Name, t.Functions, t.Clean, t.Completed, t.Errors, t.Paths, t.Checks, t.Queries, t.Engine,
			t.checksPerSecond(), secs(t.Solver), secs(t.Elapsed-t.Solver), pct(t.Elapsed-t.Solver, t.Elapsed),
			secs(t.CPU), t.BlocksCovered, t.BlocksTotal)
	}
}

// Comparable reports whether two runs of one function explored the same
// space: both completed, with the same paths (returned and panicked),
// unsupported paths, panic sites and coverage. When either merged states,
// path counts say nothing (a merged state ends as one path): the panic
// and unsupported sites are compared without them.
func Comparable(a, b *Row) bool {
	if a.Err != "" || b.Err != "" || a.Stopped != "" || b.Stopped != "" || a.Cut != 0 || b.Cut != 0 ||
		a.BlocksCovered != b.BlocksCovered || a.BlocksTotal != b.BlocksTotal {
		return false
	}
	if a.StatesMerged > 0 || b.StatesMerged > 0 {
		return slices.Equal(siteSet(a.Panics, true), siteSet(b.Panics, true)) &&
			slices.Equal(siteSet(a.UnsupportedMsgs, false), siteSet(b.UnsupportedMsgs, false))
	}
	return a.Returned == b.Returned && a.Panicked == b.Panicked && a.Unsupported == b.Unsupported &&
		slices.Equal(a.Panics, b.Panics)
}

// siteSet is the sorted, deduplicated sites of a row's panic or
// unsupported list, without the path count " (n)" each panic ends with
// (counted).
func siteSet(list []string, counted bool) []string {
	out := make([]string, 0, len(list))
	for _, s := range list {
		if i := strings.LastIndex(s, " ("); counted && i >= 0 {
			s = s[:i]
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Disagree reports whether two runs of one function that both explored
// their whole bounded space (ran out of states, nothing cut) found
// different paths, unsupported paths, panic sites or coverage: with the
// same bounds that is a bug of one of them.
func Disagree(a, b *Row) bool {
	done := func(r *Row) bool { return r.Err == "" && r.Stopped == "" && r.Cut == 0 && r.Unknown == 0 }
	return done(a) && done(b) && !Comparable(a, b)
}

// writeComparison compares every configuration with each other one on the
// functions where both explored the same space (equal coverage): the
// exploration time of each, their ratio, and the checks per second.
func writeComparison(w io.Writer, rows []*Row, configs []Config) {
	byKey := map[[2]string]*Row{}
	var ids []string
	for _, r := range rows {
		if _, seen := byKey[[2]string{r.ID, configs[0].Name}]; !seen && r.Config == configs[0].Name {
			ids = append(ids, r.ID)
		}
		byKey[[2]string{r.ID, r.Config}] = r
	}
	fmt.Fprintln(w, "Pairs of configurations on the functions both explored completely with the same paths, unsupported paths, panic sites and coverage (time: exploration seconds; cpu: CPU seconds of the exploration, robust on a shared machine; speed-up: the first's over the second's; checks/s: feasibility checks, queries plus checks value sets settled, per second; disagree: functions both explored completely with different results, each a bug):")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| first | second | functions | disagree | first s | second s | speed-up | first cpu s | second cpu s | cpu speed-up | first checks/s | second checks/s | first checks/cpu-s | second checks/cpu-s | per function: median | worst | second exec % |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|")
	for i, a := range configs {
		for _, b := range configs[i+1:] {
			var ta, tb Totals
			var per []perFunction
			n, bad := 0, 0
			for _, id := range ids {
				ra, rb := byKey[[2]string{id, a.Name}], byKey[[2]string{id, b.Name}]
				if ra != nil && rb != nil && Disagree(ra, rb) {
					bad++
				}
				if ra == nil || rb == nil || !Comparable(ra, rb) {
					continue
				}
				n++
				ta.add(ra)
				tb.add(rb)
				per = append(per, gain(ra, rb))
			}
			med, worst := medianWorst(per)
			fmt.Fprintf(w, "| %s | %s | %d | %d | %s | %s | %s | %s | %s | %s | %.0f | %.0f | %.0f | %.0f | %s | %s | %s |\n",
				a.Name, b.Name, n, bad, secs(ta.Elapsed), secs(tb.Elapsed), ratio(ta.Elapsed, tb.Elapsed),
				secs(ta.CPU), secs(tb.CPU), ratio(ta.CPU, tb.CPU), ta.checksPerSecond(), tb.checksPerSecond(),
				ta.checksPerCPUSecond(), tb.checksPerCPUSecond(), med, worst, pct(tb.Elapsed-tb.Solver, tb.Elapsed))
		}
	}
}

// perFunction is one function's gain of the second configuration over the
// first: the ratio of their checks per CPU second (0: a run reported no
// CPU time).
type perFunction struct {
	id   string
	gain float64
}

func gain(a, b *Row) perFunction {
	g := 0.0
	if a.CPU > 0 && b.CPU > 0 && a.Checks() > 0 {
		g = (float64(b.Checks()) / b.CPU.Seconds()) / (float64(a.Checks()) / a.CPU.Seconds())
	}
	return perFunction{a.ID, g}
}

// medianWorst formats the median of the per-function gains and the worst
// one with its function ("–" when no function has one).
func medianWorst(per []perFunction) (median, worst string) {
	per = slices.DeleteFunc(slices.Clone(per), func(p perFunction) bool { return p.gain <= 0 })
	if len(per) == 0 {
		return "–", "–"
	}
	slices.SortFunc(per, func(x, y perFunction) int { return cmp.Compare(x.gain, y.gain) })
	m := per[len(per)/2].gain
	if len(per)%2 == 0 {
		m = (per[len(per)/2-1].gain + m) / 2
	}
	return fmt.Sprintf("%.2f", m), fmt.Sprintf("%.2f (%s)", per[0].gain, per[0].id)
}

func ratio(a, b time.Duration) string {
	if b <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f", a.Seconds()/b.Seconds())
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
	Checks          int               `json:"checks"`
	Queries         int               `json:"queries"`
	Avoided         int               `json:"avoided"`
	Engine          int               `json:"engine"`
	Unknown         int               `json:"unknown"`
	SolverS         float64           `json:"solver_s"`
	ElapsedS        float64           `json:"elapsed_s"`
	ExecutorS       float64           `json:"executor_s"`
	CPUS            float64           `json:"cpu_s"`
	WallS           float64           `json:"wall_s"`
	CPS             float64           `json:"checks_per_s"`
	BlocksCovered   int               `json:"blocks_covered"`
	BlocksTotal     int               `json:"blocks_total"`
	Stopped         string            `json:"stopped,omitempty"`
	UnsupportedMsgs []string          `json:"unsupported_msgs,omitempty"`
	Panics          []string          `json:"panics,omitempty"`
	StatesMerged    int               `json:"states_merged,omitempty"`
	Stats           map[string]string `json:"stats,omitempty"`
}

// ReadJSON reads rows WriteJSON wrote.
func ReadJSON(name string) ([]*Row, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var in []jsonRow
	if err := json.Unmarshal(b, &in); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	d := func(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
	out := make([]*Row, len(in))
	for i, j := range in {
		out[i] = &Row{ID: j.ID, Config: j.Config, Args: j.Args, Err: j.Err, Paths: j.Paths, Returned: j.Returned,
			Panicked: j.Panicked, Unsupported: j.Unsupported, Cut: j.Cut, Queries: j.Queries, Avoided: j.Avoided,
			Engine: j.Engine, Unknown: j.Unknown, Solver: d(j.SolverS), Elapsed: d(j.ElapsedS), CPU: d(j.CPUS),
			Wall: d(j.WallS), BlocksCovered: j.BlocksCovered, BlocksTotal: j.BlocksTotal, Stopped: j.Stopped,
			UnsupportedMsgs: j.UnsupportedMsgs, Panics: j.Panics, StatesMerged: j.StatesMerged, Stats: j.Stats}
	}
	return out, nil
}

// WriteJSON writes the rows as a JSON array.
func WriteJSON(w io.Writer, rows []*Row) error {
	out := make([]jsonRow, len(rows))
	for i, r := range rows {
		out[i] = jsonRow{ID: r.ID, Config: r.Config, Args: r.Args, Err: r.Err, Paths: r.Paths, Returned: r.Returned,
			Panicked: r.Panicked, Unsupported: r.Unsupported, Cut: r.Cut, Checks: r.Checks(), Queries: r.Queries,
			Avoided: r.Avoided, Engine: r.Engine, Unknown: r.Unknown,
			SolverS: r.Solver.Seconds(), ElapsedS: r.Elapsed.Seconds(), ExecutorS: r.Executor().Seconds(), CPUS: r.CPU.Seconds(),
			WallS: r.Wall.Seconds(), CPS: r.ChecksPerSecond(), BlocksCovered: r.BlocksCovered,
			BlocksTotal: r.BlocksTotal, Stopped: r.Stopped, UnsupportedMsgs: r.UnsupportedMsgs, Panics: r.Panics, StatesMerged: r.StatesMerged, Stats: r.Stats}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(out)
}
