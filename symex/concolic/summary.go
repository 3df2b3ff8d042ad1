package concolic

import (
	"fmt"
	"go/token"
	"maps"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/symex"
)

// Summary is --json in concolic mode: the forking mode's fields that
// apply (docs/symex/json.md) and the DAG's.
type Summary struct {
	Mode        string                `json:"mode"` // "concolic"
	Function    string                `json:"function"`
	Merge       string                `json:"merge"`
	Search      string                `json:"search"`
	MaxEvents   int                   `json:"max_events"` // 0 unless the entry is event-driven
	Runs        int                   `json:"runs"`
	Paths       int                   `json:"paths"`
	Returned    int                   `json:"returned"`
	Panicked    int                   `json:"panicked"`
	DAGNodes    int                   `json:"dag_nodes"`
	Merges      int                   `json:"merges"`
	Attempts    int                   `json:"merge_attempts"`
	Divergences int                   `json:"divergences"`
	Explored    int                   `json:"explored_edges"`
	UnsatEdges  int                   `json:"unsat_edges"`
	Queries     int                   `json:"queries"`
	Unknown     int                   `json:"unknown"`
	MaxIteDepth int                   `json:"max_ite_depth"`
	TimeS       float64               `json:"time_s"`
	CPUS        float64               `json:"cpu_s"`
	Exhausted   bool                  `json:"exhausted"`
	Stopped     string                `json:"stopped"`
	Cut         int                   `json:"cut"`
	FirstPanicS *float64              `json:"first_panic_s"`
	Panics      []symex.SummaryPanic  `json:"panics"`
	Unsupported []symex.SummarySite   `json:"unsupported"`
	Coverage    symex.SummaryCoverage `json:"coverage"`
	Markers     map[string]int        `json:"markers"`
}

// Summary builds the run's --json summary.
func (r *Result) Summary() *Summary {
	s := &Summary{Mode: "concolic", Function: r.Fn.String(), Merge: "none", Search: r.Config.Search, Runs: r.Runs,
		Paths: r.Ends["return"] + r.Ends["panic"], Returned: r.Ends["return"], Panicked: r.Ends["panic"],
		DAGNodes: r.Nodes, Merges: r.Merges, Attempts: r.Attempts, Divergences: r.Divergences, Explored: r.Explored,
		UnsatEdges: r.UnsatEdges, Queries: r.Selection.Queries, Unknown: r.Selection.Unknown,
		MaxIteDepth: r.Selection.MaxIteDepth, TimeS: r.Time.Seconds(), CPUS: r.CPU.Seconds(), Exhausted: r.Exhausted,
		Stopped: r.Stopped, Cut: r.Ends["cut"], Panics: []symex.SummaryPanic{}, Unsupported: []symex.SummarySite{},
		Coverage: symex.SummaryCoverage{BlocksCovered: r.Blocks[0], BlocksTotal: r.Blocks[1]}, Markers: r.FirstMark}
	if r.Config.Merge {
		s.Merge = "dag"
	}
	if r.EventDriven {
		s.MaxEvents = r.Interp.MaxEvents
	}
	for _, p := range r.Panics {
		s.Panics = append(s.Panics, symex.SummaryPanic{Position: p.Pos.String(), Message: p.Message, Paths: p.Count,
			FoundS: p.Found.Seconds(), Input: inputList(r.Fn.Params, p.Example)})
	}
	s.FirstPanicS = symex.FirstPanicS(s.Panics)
	for _, m := range slices.Sorted(maps.Keys(r.Unsupported)) {
		s.Unsupported = append(s.Unsupported, symex.SummarySite{Message: m, Paths: r.Unsupported[m]})
	}
	return s
}

// inputList names what a run read: the entry's parameters, the
// harness calls in order (harness[i]) and the handlers called (event[i]).
func inputList(params []*ssa.Parameter, o *Outcome) []symex.SummaryInput {
	out := []symex.SummaryInput{}
	for i, p := range params {
		v := strconv.FormatInt(o.Params[i], 10)
		if p.Type().String() == "bool" {
			v = strconv.FormatBool(o.Params[i] != 0)
		}
		out = append(out, symex.SummaryInput{Name: p.Name(), Type: p.Type().String(), Value: v})
	}
	for i, x := range o.Fed {
		out = append(out, symex.SummaryInput{Name: fmt.Sprintf("harness[%d]", i), Type: "int", Value: strconv.FormatInt(x, 10)})
	}
	for i, e := range o.Events {
		out = append(out, symex.SummaryInput{Name: fmt.Sprintf("event[%d]", i), Type: "handler", Value: strconv.Itoa(e)})
	}
	return out
}

func describeInputs(params []*ssa.Parameter, o *Outcome) string {
	var parts []string
	for _, in := range inputList(params, o) {
		parts = append(parts, in.Name+"="+in.Value)
	}
	if len(parts) == 0 {
		return "(none)"
	}
	return strings.Join(parts, " ")
}

func blockPos(b *ssa.BasicBlock) token.Pos {
	for _, in := range b.Instrs {
		if p := in.Pos(); p.IsValid() {
			return p
		}
	}
	return b.Parent().Pos()
}
