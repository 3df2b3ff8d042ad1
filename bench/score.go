package bench

import (
	"sort"
)

// VirtualBest is the name of the virtual best solver in scores: per file, the fastest correct answer of any
// solver.
const VirtualBest = "virtual best"

// Outcome is one solver on one file after its repeats are merged.
type Outcome struct {
	Solver   string `json:"solver"`
	File     string `json:"file"`
	Logic    string `json:"logic"`
	Family   string `json:"family"`
	Expected Status `json:"expected"`
	Result   Result `json:"result"`
	// Wrong marks a sat or unsat that contradicts the expected status; it never counts as solved.
	Wrong bool `json:"wrong"`
	// WallSec and CPUSec are medians over the repeats.
	WallSec float64 `json:"wall_s"`
	CPUSec  float64 `json:"cpu_s"`
	// ErrorsPrinted is true when some repeat printed (error …) responses.
	ErrorsPrinted bool `json:"errors_printed"`
	Repeats       int  `json:"repeats"`
}

// Solved says whether the outcome counts as solved: sat or unsat and not contradicting the expected status.
func (o Outcome) Solved() bool { return (o.Result == ResultSat || o.Result == ResultUnsat) && !o.Wrong }

// Tally counts outcomes of one solver over a set of files, SMT-COMP single-query style.
type Tally struct {
	Files   int `json:"files"`
	Solved  int `json:"solved"`
	Sat     int `json:"sat"`
	Unsat   int `json:"unsat"`
	Wrong   int `json:"wrong"`
	Unknown int `json:"unknown"`
	Timeout int `json:"timeout"`
	Error   int `json:"error"`
	// AfterErrors counts answers (right or wrong) given after (error …) responses.
	AfterErrors int `json:"after_errors"`
	// PAR2 is the sum over files of the wall time if solved, else twice the limit.
	PAR2 float64 `json:"par2"`
	// SolvedWall and SolvedCPU are the times spent on solved files.
	SolvedWall float64 `json:"solved_wall_s"`
	SolvedCPU  float64 `json:"solved_cpu_s"`
}

func (t *Tally) add(o Outcome, limit float64) {
	t.Files++
	switch {
	case o.Wrong:
		t.Wrong++
	case o.Result == ResultSat:
		t.Sat++
	case o.Result == ResultUnsat:
		t.Unsat++
	case o.Result == ResultUnknown:
		t.Unknown++
	case o.Result == ResultTimeout:
		t.Timeout++
	default:
		t.Error++
	}
	if o.ErrorsPrinted && (o.Result == ResultSat || o.Result == ResultUnsat) {
		t.AfterErrors++
	}
	if o.Solved() {
		t.Solved++
		t.PAR2 += o.WallSec
		t.SolvedWall += o.WallSec
		t.SolvedCPU += o.CPUSec
	} else {
		t.PAR2 += 2 * limit
	}
}

// Group is the tallies of all solvers on one logic or one family.
type Group struct {
	Name    string           `json:"name"`
	Files   int              `json:"files"`
	Solvers map[string]Tally `json:"solvers"`
}

// Score is a scored run.
type Score struct {
	LimitSec float64 `json:"limit_s"`
	// Solvers in report order; the virtual best is not among them.
	Solvers []string `json:"solvers"`
	Files   []string `json:"files"`
	// Total has one tally per solver plus VirtualBest (when there are two solvers or more).
	Total    map[string]Tally `json:"total"`
	ByLogic  []Group          `json:"by_logic"`
	ByFamily []Group          `json:"by_family"`
	// Wrong lists every wrong answer, by solver then file.
	Wrong []Outcome `json:"wrong"`
	// SolvedNotBy[a][b] is the number of files solved by a and not by b.
	SolvedNotBy map[string]map[string]int `json:"solved_not_by"`
	// Outcomes[solver][file]; a solver with no record for a file has no entry (a partial run).
	Outcomes map[string]map[string]Outcome `json:"-"`
}

// ScoreRecords merges repeats and scores. order fixes the solver order (e.g. the order of --solver flags);
// solvers found in the records but not in order follow alphabetically. Files are those on record for any
// solver; a file a solver has no record of is left out of that solver's tally (its Files count says so).
func ScoreRecords(recs []Record, order []string) *Score {
	type key struct{ solver, file string }
	grouped := map[key][]Record{}
	var limit float64
	for _, r := range recs {
		k := key{r.Solver, r.File}
		grouped[k] = append(grouped[k], r)
		if r.LimitSec > limit {
			limit = r.LimitSec
		}
	}
	sc := &Score{LimitSec: limit, Total: map[string]Tally{}, Outcomes: map[string]map[string]Outcome{},
		SolvedNotBy: map[string]map[string]int{}}
	fileSet := map[string]Outcome{} // any outcome per file, for its logic and family
	for k, rs := range grouped {
		o := mergeRepeats(rs)
		if sc.Outcomes[k.solver] == nil {
			sc.Outcomes[k.solver] = map[string]Outcome{}
		}
		sc.Outcomes[k.solver][k.file] = o
		fileSet[k.file] = o
	}
	sc.Solvers = solverOrder(order, sc.Outcomes)
	for f := range fileSet {
		sc.Files = append(sc.Files, f)
	}
	sort.Strings(sc.Files)

	withVBS := append([]string(nil), sc.Solvers...)
	if len(sc.Solvers) > 1 {
		vbs := map[string]Outcome{}
		for _, f := range sc.Files {
			vbs[f] = virtualBest(f, fileSet[f], sc.Solvers, sc.Outcomes)
		}
		sc.Outcomes[VirtualBest] = vbs
		withVBS = append(withVBS, VirtualBest)
	}
	logics := map[string]*Group{}
	families := map[string]*Group{}
	for _, f := range sc.Files {
		any := fileSet[f]
		lg := groupOf(logics, any.Logic)
		fg := groupOf(families, any.Family)
		lg.Files++
		fg.Files++
		for _, s := range withVBS {
			o, ok := sc.Outcomes[s][f]
			if !ok {
				continue
			}
			for _, t := range []map[string]Tally{sc.Total, lg.Solvers, fg.Solvers} {
				tl := t[s]
				tl.add(o, limit)
				t[s] = tl
			}
			if o.Wrong && s != VirtualBest {
				sc.Wrong = append(sc.Wrong, o)
			}
		}
	}
	sc.ByLogic = sortedGroups(logics)
	sc.ByFamily = sortedGroups(families)
	sort.SliceStable(sc.Wrong, func(i, j int) bool {
		a, b := sc.Wrong[i], sc.Wrong[j]
		if a.Solver != b.Solver {
			return indexOf(sc.Solvers, a.Solver) < indexOf(sc.Solvers, b.Solver)
		}
		return a.File < b.File
	})
	for _, a := range sc.Solvers {
		sc.SolvedNotBy[a] = map[string]int{}
		for _, b := range sc.Solvers {
			if a == b {
				continue
			}
			n := 0
			for _, f := range sc.Files {
				if sc.Outcomes[a][f].Solved() && !sc.Outcomes[b][f].Solved() {
					n++
				}
			}
			sc.SolvedNotBy[a][b] = n
		}
	}
	return sc
}

// mergeRepeats folds the repeats of one (solver, file): wrong if any repeat is wrong (a wrong answer is never
// averaged away); else solved if more than half of the repeats solved it; else the most frequent other result.
// Times are medians over all repeats.
func mergeRepeats(rs []Record) Outcome {
	sort.Slice(rs, func(i, j int) bool { return rs[i].Repeat < rs[j].Repeat })
	first := rs[0]
	o := Outcome{Solver: first.Solver, File: first.File, Logic: first.Logic, Family: first.Family,
		Expected: first.Expected, Repeats: len(rs)}
	walls := make([]float64, len(rs))
	cpus := make([]float64, len(rs))
	count := map[Result]int{}
	for i, r := range rs {
		walls[i], cpus[i] = r.WallSec, r.CPUSec()
		count[r.Result]++
		if r.ErrorsPrinted > 0 {
			o.ErrorsPrinted = true
		}
		if isWrong(r.Result, r.Expected) && !o.Wrong {
			o.Wrong, o.Result = true, r.Result
		}
	}
	o.WallSec, o.CPUSec = median(walls), median(cpus)
	if o.Wrong {
		return o
	}
	if solved := count[ResultSat] + count[ResultUnsat]; 2*solved > len(rs) {
		o.Result = ResultSat
		if count[ResultUnsat] > count[ResultSat] {
			o.Result = ResultUnsat
		}
		return o
	}
	best := -1
	for _, r := range []Result{ResultUnknown, ResultTimeout, ResultError} { // ties go to the milder result
		if count[r] > best {
			best, o.Result = count[r], r
		}
	}
	return o
}

// virtualBest is the fastest correct solution of file f, or an unsolved outcome with the mildest result.
func virtualBest(f string, proto Outcome, solvers []string, outs map[string]map[string]Outcome) Outcome {
	v := Outcome{Solver: VirtualBest, File: f, Logic: proto.Logic, Family: proto.Family, Expected: proto.Expected, Result: ResultError}
	found := false
	for _, s := range solvers {
		o, ok := outs[s][f]
		if !ok {
			continue
		}
		if o.Solved() {
			if !found || o.WallSec < v.WallSec {
				v.Result, v.WallSec, v.CPUSec = o.Result, o.WallSec, o.CPUSec
			}
			found = true
			continue
		}
		if !found && rank(o) < rank(v) {
			v.Result, v.WallSec, v.CPUSec = o.Result, o.WallSec, o.CPUSec
		}
	}
	v.Repeats = 1
	return v
}

// rank orders unsolved results from mildest to worst for the virtual best.
func rank(o Outcome) int {
	switch {
	case o.Wrong:
		return 4
	case o.Result == ResultUnknown:
		return 1
	case o.Result == ResultTimeout:
		return 2
	default:
		return 3
	}
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func solverOrder(order []string, outs map[string]map[string]Outcome) []string {
	var res []string
	seen := map[string]bool{}
	for _, s := range order {
		if _, ok := outs[s]; ok && !seen[s] {
			res = append(res, s)
			seen[s] = true
		}
	}
	var rest []string
	for s := range outs {
		if !seen[s] {
			rest = append(rest, s)
		}
	}
	sort.Strings(rest)
	return append(res, rest...)
}

// groupName is the name of a logic or family in reports, as ScoreRecords groups them.
func groupName(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

func groupOf(m map[string]*Group, name string) *Group {
	name = groupName(name)
	g, ok := m[name]
	if !ok {
		g = &Group{Name: name, Solvers: map[string]Tally{}}
		m[name] = g
	}
	return g
}

func sortedGroups(m map[string]*Group) []Group {
	var gs []Group
	for _, g := range m {
		gs = append(gs, *g)
	}
	sort.Slice(gs, func(i, j int) bool { return gs[i].Name < gs[j].Name })
	return gs
}

func indexOf(xs []string, x string) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return len(xs)
}
