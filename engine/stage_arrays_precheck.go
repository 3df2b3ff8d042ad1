package engine

import (
	"context"
	"strconv"
	"strings"

	"github.com/sift-solver/sift/arrays"
	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/term"
)

// ArraysPrecheckStage is seed 003's ILP UNSAT pre-check (package arrays,
// Alg. 3) as a pipeline stage before bit-blasting. It runs only on problems
// that read arrays, answers Unsat when the linear over-approximation is
// infeasible, and Unknown otherwise; it never answers Sat. The lemmas-on-
// demand loop prunes its eager lemmas with the same analysis, which both
// get from the problem they are handed (Problem.ArrayAnalysis).
type ArraysPrecheckStage struct {
	// Last is the analysis of the last check that reached the stage (nil if
	// that problem read no array).
	Last *arrays.Analysis
	// Checks and Decided count the problems analysed and answered unsat.
	Checks, Decided int
	// Unsat, Feasible and Skipped count the outcomes: refuted (answered
	// unless Silent), not refuted, and too large (or quantified) to analyse.
	Unsat, Feasible, Skipped int
	// Silent keeps the stage from answering (--array-pruning=intervals):
	// it only analyses, for the pruning.
	Silent bool
}

// NewArraysPrecheckStage returns a stage with zeroed statistics.
func NewArraysPrecheckStage() *ArraysPrecheckStage { return &ArraysPrecheckStage{} }

func (*ArraysPrecheckStage) Name() string { return "arrays-precheck" }

// Decide takes the assertions and the assumptions as one conjunction.
func (s *ArraysPrecheckStage) Decide(ctx context.Context, p *stage.Problem) (stage.Verdict, error) {
	s.Last = nil
	if !readsArrays(p.Store, p.Terms()) {
		return stage.Verdict{Status: term.Unknown, Reason: "no array reads"}, nil
	}
	a, err := p.ArrayAnalysis(ctx)
	if err != nil {
		return stage.Verdict{Status: term.Unknown, Reason: stage.ContextReason(err)}, nil
	}
	s.Last = a
	s.Checks++
	if a.Status == arrays.Unsat {
		s.Unsat++
	}
	switch {
	case a.Status == arrays.Unsat && s.Silent:
		return stage.Verdict{Status: term.Unknown, Reason: "pre-check unsat not used (array pruning: intervals)"}, nil
	case a.Status == arrays.Unsat:
		s.Decided++
		return stage.Verdict{Status: term.Unsat}, nil // no core: every assertion and assumption is taken
	case strings.HasPrefix(a.Stats.Outcome, "skipped"):
		s.Skipped++
	default:
		s.Feasible++
	}
	return stage.Verdict{Status: term.Unknown, Reason: a.Stats.Outcome}, nil
}

// readsArrays reports whether a select occurs below roots (recorded in
// the terms' features, no walk).
func readsArrays(st *term.Store, roots []term.Term) bool {
	return st.FeaturesOf(roots).Has(term.FeatSelect)
}

// Statistics reports the pre-check's outcomes for --stats.
func (s *ArraysPrecheckStage) Statistics() [][2]string {
	return [][2]string{
		{"array-precheck-unsat", strconv.Itoa(s.Unsat)},
		{"array-precheck-feasible", strconv.Itoa(s.Feasible)},
		{"array-precheck-skipped", strconv.Itoa(s.Skipped)},
	}
}
