package engine

import (
	"context"
	"fmt"

	"github.com/sift-solver/sift/arrays"
	"github.com/sift-solver/sift/term"
)

// ArrayPruning is the ablation switch of seed 003's lemma pruning
// (--array-pruning).
type ArrayPruning string

const (
	// PruningOff is plain lemmas on demand: no array analysis, no pre-check.
	PruningOff ArrayPruning = "off"
	// PruningIntervals prunes by disjoint index intervals only; the
	// pre-check's intervals are computed but its unsat is not used.
	PruningIntervals ArrayPruning = "intervals"
	// PruningFull adds verified access sizes, offsets and constant
	// differences, and lets the pre-check decide (the default).
	PruningFull ArrayPruning = "full"
)

// ParseArrayPruning reads a --array-pruning value; "" is the default, full.
func ParseArrayPruning(s string) (ArrayPruning, error) {
	switch p := ArrayPruning(s); p {
	case "":
		return PruningFull, nil
	case PruningOff, PruningIntervals, PruningFull:
		return p, nil
	}
	return "", fmt.Errorf("array pruning %q: want off, intervals or full", s)
}

// filter is the arrays package's filter for mode p.
func (p ArrayPruning) filter() arrays.Filter {
	if p == PruningIntervals {
		return arrays.FilterIntervals
	}
	return arrays.FilterFull
}

// arrayFacts hands the lemmas-on-demand loop the array analysis of the
// problem it decides: the pre-check stage's, when it analysed the same
// problem, or its own.
type arrayFacts struct {
	mode ArrayPruning
	p    *Problem
	a    *arrays.Analysis
}

// record keeps the pre-check's analysis of p.
func (f *arrayFacts) record(p *Problem, a *arrays.Analysis) {
	if f != nil {
		f.p, f.a = p, a
	}
}

// oracle returns the alias oracle for p: the analysis under the mode's
// filter, or the oracle that proves nothing when pruning is off or the
// analysis fails.
func (f *arrayFacts) oracle(ctx context.Context, p *Problem) aliasOracle {
	if f == nil || f.mode == PruningOff {
		return mayAlias{}
	}
	if f.p != p || f.a == nil {
		a, err := arrays.Analyze(ctx, p.Store, problemTerms(p))
		if err != nil {
			return mayAlias{}
		}
		f.p, f.a = p, a
	}
	return analysisOracle{f.a, f.mode.filter()}
}

// analysisOracle is an alias oracle backed by an array analysis. Its facts
// hold in the models of one problem only, so it may prune eager lemmas but
// never a lemma the candidate model violates (lod_expand.go).
type analysisOracle struct {
	a *arrays.Analysis
	f arrays.Filter
}

func (o analysisOracle) MayBeEqual(_, i, j term.Term) bool { return o.a.MayBeEqualUnder(o.f, i, j) }

// problemTerms is the conjunction a check decides: assertions and
// assumptions.
func problemTerms(p *Problem) []term.Term {
	all := make([]term.Term, 0, len(p.Assertions)+len(p.Assumptions))
	all = append(all, p.Assertions...)
	return append(all, p.Assumptions...)
}
