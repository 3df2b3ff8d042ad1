package symex

import (
	"encoding/json"
	"os"
)

// Summary is the machine-readable account of one run (--json FILE), for
// scripts and for comparing runs. Every field is documented in
// docs/symex/json.md; a golden file
// (cmd/sift/testdata/symex-summary.golden.json) fixes the format.
type Summary struct {
	Function       string         `json:"function"`
	MaxLen         int            `json:"max_len"`
	Merge          string         `json:"merge"`
	Paths          int            `json:"paths"`
	Returned       int            `json:"returned"`
	Panicked       int            `json:"panicked"`
	StatesMerged   int            `json:"states_merged"`
	Queries        int            `json:"queries"`
	Steps          int64          `json:"steps"`
	QueriesByStage map[string]int `json:"queries_by_stage"`
	// QuantifiedByStage: the quantified queries among them, apart (pat).
	QuantifiedByStage map[string]int `json:"quantified_by_stage,omitempty"`
	SolverTimeS       float64        `json:"solver_time_s"`
	TimeS             float64        `json:"time_s"`
	CPUS              float64        `json:"cpu_s"`
	Exhausted         bool           `json:"exhausted"`
	Stopped           string         `json:"stopped"`
	Cut               int            `json:"cut"`
	DepthCut          int            `json:"depth_cut"`
	Unknown           int            `json:"unknown"`
	Concretized       int            `json:"concretized"`
	// FirstPanicS: the CPU seconds to the first panic (the least found_s),
	// null when no path panicked.
	FirstPanicS *float64        `json:"first_panic_s"`
	Panics      []SummaryPanic  `json:"panics"`
	Unsupported []SummarySite   `json:"unsupported"`
	Coverage    SummaryCoverage `json:"coverage"`
	// CoverageFirstS: per covered block (BlockID), the CPU seconds of the
	// run (the clock of cpu_s) at which it was first reached.
	CoverageFirstS map[string]float64 `json:"coverage_first_s"`
	MergeStats     *SummaryMergeRun   `json:"merge_stats"`
	SolverChain    map[string]int     `json:"solver_chain"`
	ValueSets      *ValueSetStats     `json:"value_sets"`
	// Deepening: the rounds of a run that deepened the length bound
	// (max_len is the last round's), absent for one exploration.
	Deepening []SummaryRound `json:"deepening,omitempty"`
	// NilFuncs: the func-typed input fields, nil in every input tried
	// (absent when there are none).
	NilFuncs []string `json:"nil_funcs,omitempty"`
}

// SummaryRound is one round of a deepening run: its length bound and
// search (when one was chosen for it), whether
// it exhausted the space up to it (a promise for every input of that
// length or less) or what stopped it, its paths and new panic sites, and
// its CPU seconds from the run's start and its own.
type SummaryRound struct {
	MaxLen    int     `json:"max_len"`
	Search    string  `json:"search,omitempty"`
	Exhausted bool    `json:"exhausted"`
	Stopped   string  `json:"stopped"`
	Paths     int     `json:"paths"`
	Panics    int     `json:"panics"`
	StartS    float64 `json:"start_s"`
	CPUS      float64 `json:"cpu_s"`
}

// SummaryPanic is one panic site.
type SummaryPanic struct {
	Position string `json:"position"`
	// RaisedAt: where the first panic of the chain was raised, when this
	// one was raised in a deferred call run by another (a recovered value
	// raised again): the site Go's traceback shows first.
	RaisedAt string `json:"raised_at,omitempty"`
	Message  string `json:"message"`
	Paths    int    `json:"paths"`
	// FoundS: CPU seconds from the run's start to the first path that
	// panicked here.
	FoundS float64        `json:"found_s"`
	Input  []SummaryInput `json:"input"`
	// UnexportedState: every path that panics here needs an unexported
	// input field at a value other than zero (no caller outside the
	// package can build that input; an exported constructor may).
	UnexportedState bool `json:"unexported_state,omitempty"`
}

// FirstPanicS is the least FoundS of panics, nil when there are none.
func FirstPanicS(panics []SummaryPanic) *float64 {
	var first *float64
	for _, p := range panics {
		if first == nil || p.FoundS < *first {
			v := p.FoundS
			first = &v
		}
	}
	return first
}

// SummaryInput is one parameter of a concrete input, as a Go literal.
type SummaryInput struct {
	Name  string `json:"name"`
	Type  string `json:"type"`
	Value string `json:"value"`
}

// SummarySite is one distinct unsupported construct.
type SummarySite struct {
	Position string `json:"position"`
	Message  string `json:"message"`
	Paths    int    `json:"paths"`
}

// SummaryCoverage is block coverage over the functions the run entered.
type SummaryCoverage struct {
	BlocksCovered int `json:"blocks_covered"`
	BlocksTotal   int `json:"blocks_total"`
}

// SummaryMergeRun is the merging strategy's statistics.
type SummaryMergeRun struct {
	Attempts     int            `json:"attempts"`
	Merges       int            `json:"merges"`
	StatesMerged int            `json:"states_merged"`
	Refused      map[string]int `json:"refused"`
	// pat only: merged states with a quantified pc, states handed to the
	// standard merge by reason, and incremental merges (seed 000 §4).
	Quantified  int            `json:"quantified,omitempty"`
	Fallback    map[string]int `json:"fallback,omitempty"`
	Incremental int            `json:"incremental_merges,omitempty"`
	// Scouts: states that passed merge points for uncovered blocks ahead
	// (--scout-share).
	Scouts int `json:"scouts,omitempty"`
	// The warm-up without merging (--merge-after): the paths it finished
	// (all of them when it exhausted the space), and whether it ended
	// and the exploration started again from the entry, merging.
	WarmUpPaths int  `json:"warmup_paths"`
	Restarted   bool `json:"restarted"`
}

// Summary builds the run's summary; opts are the options it ran with.
func (r *Result) Summary(opts Options) *Summary {
	s := r.Stats
	out := &Summary{Function: r.Fn.String(), MaxLen: opts.MaxLen, Merge: "none", Paths: s.Paths,
		Returned: s.Returned, Panicked: s.Panicked, StatesMerged: s.StatesMerged, Queries: s.Queries, Steps: s.Steps,
		QueriesByStage: r.QueriesByStage, QuantifiedByStage: r.QuantifiedByStage, SolverTimeS: s.SolverTime.Seconds(), TimeS: s.Time.Seconds(), CPUS: s.CPUTime.Seconds(),
		Exhausted: s.Exhausted(), Stopped: s.Stopped, Cut: s.Cut, DepthCut: s.DepthCut, Unknown: s.Unknown, Concretized: s.Concretized,
		Panics: []SummaryPanic{}, Unsupported: []SummarySite{}, NilFuncs: r.NilFuncs,
		Coverage: SummaryCoverage{BlocksCovered: s.BlocksCovered, BlocksTotal: s.BlocksTotal}}
	out.CoverageFirstS = map[string]float64{}
	if r.Coverage != nil {
		out.CoverageFirstS = r.Coverage.FirstCovered()
	}
	if out.QueriesByStage == nil {
		out.QueriesByStage = map[string]int{}
	}
	if opts.Merge != nil {
		out.Merge = opts.Merge.Name()
	}
	if ms := r.Merge; ms != nil {
		out.MergeStats = &SummaryMergeRun{Attempts: ms.Attempts, Merges: ms.Merges, StatesMerged: ms.StatesMerged,
			Refused: map[string]int{}, Quantified: ms.Quantified, Fallback: ms.Fallback, Incremental: s.IncMerges,
			Scouts: s.Scouts, WarmUpPaths: s.WarmUpPaths, Restarted: s.Restarted}
		for k, v := range ms.Refused {
			out.MergeStats.Refused[k] = v
		}
	}
	out.ValueSets = r.ValueSets
	if r.Chain != nil {
		out.SolverChain = map[string]int{}
		for _, c := range r.Chain.Counts() {
			out.SolverChain[c.Name] = c.N
		}
	}
	for _, p := range r.Panics {
		sp := SummaryPanic{Position: p.Pos.String(), Message: p.Message, Paths: p.Count,
			FoundS: p.Found.Seconds(), Input: summaryInputs(p.Inputs), UnexportedState: p.Unexported}
		if p.RaisedAt.IsValid() {
			sp.RaisedAt = p.RaisedAt.String()
		}
		out.Panics = append(out.Panics, sp)
	}
	out.FirstPanicS = FirstPanicS(out.Panics)
	for _, rd := range r.Rounds {
		out.MaxLen = rd.MaxLen
		out.Deepening = append(out.Deepening, SummaryRound{MaxLen: rd.MaxLen, Search: rd.Search, Exhausted: rd.Exhausted, Stopped: rd.Stopped,
			Paths: rd.Paths, Panics: rd.Panics, StartS: rd.Start.Seconds(), CPUS: rd.CPU.Seconds()})
	}
	at := map[string]int{}
	for _, p := range r.Paths {
		if p.Kind != "unsupported" {
			continue
		}
		key := siteName(p.Pos, p.Message)
		if i, ok := at[key]; ok {
			out.Unsupported[i].Paths++
			continue
		}
		at[key] = len(out.Unsupported)
		out.Unsupported = append(out.Unsupported, SummarySite{Position: p.Pos.String(), Message: p.Message, Paths: 1})
	}
	return out
}

// summaryInputs is an input as --json and --sarif print it: each value as a
// Go literal.
func summaryInputs(ins []InputValue) []SummaryInput {
	out := []SummaryInput{}
	for _, in := range ins {
		out = append(out, SummaryInput{Name: in.Name, Type: in.Type.String(), Value: goLiteral(in.Type, in.V, nil)})
	}
	return out
}

// WriteJSONFile writes the run's summary to name.
func (r *Result) WriteJSONFile(name string, opts Options) error {
	b, err := json.MarshalIndent(r.Summary(opts), "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(name, append(b, '\n'), 0o644)
}
