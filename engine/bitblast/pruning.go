package bitblast

import (
	"context"
	"fmt"

	"github.com/sift-solver/sift/arrays"
	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/term"
)

// Pruning is the ablation switch of seed 003's lemma pruning
// (--array-pruning).
type Pruning string

const (
	// PruningOff is plain lemmas on demand: no array analysis, no pre-check.
	PruningOff Pruning = "off"
	// PruningIntervals prunes by disjoint index intervals only; the
	// pre-check's intervals are computed but its unsat is not used.
	PruningIntervals Pruning = "intervals"
	// PruningFull adds verified access sizes, offsets and constant
	// differences, and lets the pre-check decide (the default).
	PruningFull Pruning = "full"
)

// ParsePruning reads a --array-pruning value; "" is the default, full.
func ParsePruning(s string) (Pruning, error) {
	switch p := Pruning(s); p {
	case "":
		return PruningFull, nil
	case PruningOff, PruningIntervals, PruningFull:
		return p, nil
	}
	return "", fmt.Errorf("array pruning %q: want off, intervals or full", s)
}

// filter is the arrays package's filter for mode p.
func (p Pruning) filter() arrays.Filter {
	if p == PruningIntervals {
		return arrays.FilterIntervals
	}
	return arrays.FilterFull
}

// oracle returns the alias oracle for p under mode p's filter: the
// problem's array analysis, or the oracle that proves nothing when pruning
// is off or the analysis fails. The analysis is made at the first question:
// it walks the whole problem, and most checks of a session ask none (their
// reads are settled by definitions before any candidate model; a 40-step
// memory unrolling spent a sixth of its time analysing for nothing).
func (m Pruning) oracle(ctx context.Context, p *stage.Problem) aliasOracle {
	if m == PruningOff {
		return mayAlias{}
	}
	return &lazyOracle{ctx: ctx, p: p, f: m.filter()}
}

// lazyOracle is the oracle of one check's problem, analysed when first
// asked. It keeps the check's context: it lives only as long as the check.
type lazyOracle struct {
	ctx context.Context
	p   *stage.Problem
	f   arrays.Filter
	o   aliasOracle // nil until asked
}

func (l *lazyOracle) MayBeEqual(base, i, j term.Term) bool {
	if l.o == nil {
		l.o = mayAlias{}
		if a, err := l.p.ArrayAnalysis(l.ctx); err == nil {
			l.o = analysisOracle{a, l.f}
		}
	}
	return l.o.MayBeEqual(base, i, j)
}

// analysisOracle is an alias oracle backed by an array analysis. Its facts
// hold in the models of one problem only, so it may prune eager lemmas but
// never a lemma the candidate model violates (lod_expand.go).
type analysisOracle struct {
	a *arrays.Analysis
	f arrays.Filter
}

func (o analysisOracle) MayBeEqual(_, i, j term.Term) bool { return o.a.MayBeEqualUnder(o.f, i, j) }
