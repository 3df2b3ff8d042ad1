package stage

import (
	"context"

	"github.com/sift-solver/sift/arrays"
	"github.com/sift-solver/sift/term"
)

// Problem is one satisfiability question: the conjunction of the assertions
// under the assumptions. Assertions and Labels may be the session's own
// stack (a client's checks each add a few assertions to thousands): they
// hold for the check; a stage reads them, never writes them, and copies
// what it keeps across checks.
type Problem struct {
	Store       *term.Store
	Assertions  []term.Term
	Labels      []string // :named label of each assertion, or ""
	Assumptions []term.Term
	// Posed is the script text that posed the session's problem, when the
	// interpreter kept it (nil otherwise); see PosedText.
	Posed *Posed
	// Original is the problem as the session posed it, when transformers
	// have rewritten this one (nil otherwise). A stage that would rather
	// decide the original (the Z3 fallback: Z3 preprocesses on its own)
	// may, and says so with Verdict.OnOriginal.
	Original *Problem
	// Base is how many leading assertions sit at the session's base level,
	// outside every push: they stay asserted until the assertions are
	// reset, so an incremental stage may add them for good rather than
	// behind an activation literal. 0 (a transformed problem) promises
	// nothing.
	Base int
	// NoCores is set when nobody will ask for an unsat core or for failed
	// assumptions of this check: stages may then treat the assumptions as
	// assertions and drop the labels.
	NoCores bool

	// analysis is ArrayAnalysis's result, once computed.
	analysis *arrays.Analysis
	// features are Features, when the problem's maker knew them.
	features      term.Features
	featuresKnown bool
}

// Terms returns the conjunction the problem asks about: the assertions
// followed by the assumptions.
func (p *Problem) Terms() []term.Term {
	all := make([]term.Term, 0, len(p.Assertions)+len(p.Assumptions))
	all = append(all, p.Assertions...)
	return append(all, p.Assumptions...)
}

// Features are the features of the problem's terms (term.Features): as
// SetFeatures gave them, or read without building Terms.
func (p *Problem) Features() term.Features {
	if p.featuresKnown {
		return p.features
	}
	return p.Store.FeaturesOf(p.Assertions) | p.Store.FeaturesOf(p.Assumptions)
}

// SetFeatures records the features of the problem's terms, for a maker
// that keeps them as its assertions grow (the session).
func (p *Problem) SetFeatures(f term.Features) { p.features, p.featuresKnown = f, true }

// ArrayAnalysis returns seed 003's array analysis of the problem's terms
// (arrays.Analyze), computed once per problem: the arrays pre-check decides
// with it and the bit-blaster prunes its lemmas with it, each through the
// problem it is handed. An analysis cut short by ctx is not kept.
func (p *Problem) ArrayAnalysis(ctx context.Context) (*arrays.Analysis, error) {
	if p.analysis == nil {
		a, err := arrays.Analyze(ctx, p.Store, p.Terms())
		if err != nil {
			return nil, err
		}
		p.analysis = a
	}
	return p.analysis, nil
}
