package engine

import (
	"context"

	"github.com/sift-solver/sift/arrays"
	"github.com/sift-solver/sift/term"
)

// Status is a stage's or a check's answer: term's, the one answer type of
// the front-end and of every decision procedure, so that a verdict needs
// no conversion on its way out.
type Status = term.Status

const (
	Unsat   = term.Unsat
	Unknown = term.Unknown
	Sat     = term.Sat
)

// Problem is one satisfiability question: the conjunction of the assertions
// under the assumptions.
type Problem struct {
	Store       *term.Store
	Assertions  []term.Term
	Labels      []string // :named label of each assertion, or ""
	Assumptions []term.Term
	// Posed is the script text that posed the session's problem, when the
	// interpreter kept it (nil otherwise); see posedText.
	Posed *Posed
	// Original is the problem as the session posed it, when transformers
	// have rewritten this one (nil otherwise). A stage that would rather
	// decide the original (the Z3 fallback: Z3 preprocesses on its own)
	// may, and says so with Verdict.OnOriginal.
	Original *Problem

	// analysis is ArrayAnalysis's result, once computed.
	analysis *arrays.Analysis
}

// Terms returns the conjunction the problem asks about: the assertions
// followed by the assumptions.
func (p *Problem) Terms() []term.Term {
	all := make([]term.Term, 0, len(p.Assertions)+len(p.Assumptions))
	all = append(all, p.Assertions...)
	return append(all, p.Assumptions...)
}

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

// Verdict is what a stage concluded.
type Verdict struct {
	Status Status
	Model  *term.Model // for Sat
	Reason string      // for Unknown: why not decided
	// Core lists indices into Assertions, and FailedAssumptions indices into
	// Assumptions, that suffice for an Unsat answer; nil when the stage does
	// not know (then every assertion and assumption is taken).
	Core              []int
	FailedAssumptions []int
	// ModelCheck, when set on a Sat verdict, decides the assertions whose
	// evaluation under Model passes the quantifier cap
	// (term.ErrQuantifierCap). It returns nil only when it has proved them
	// all true under the model; the Z3 fallback sets it ("proved by
	// Z3"). Without it such a model fails validation.
	ModelCheck ModelChecker
	// OnOriginal says the verdict is about Problem.Original: its model needs
	// no mapping back through the transformers.
	OnOriginal bool
	// Stage names what decided: the Driver sets the deciding step's name
	// unless the stage named itself more precisely ("quant-strip", …).
	Stage string
	// Sentences, on a Sat verdict, holds closed sentences (no free symbol,
	// no declared sort) that the stage decided as given, as part of the
	// conjunction it found satisfiable. Their truth does not depend on the
	// model, so validation takes them as proved rather than enumerating
	// their quantifiers, which can take seconds. Only the Z3 fallback sets
	// it: Z3's word on a sentence it was given is trusted as its unsat is.
	Sentences map[term.Term]bool
}

// ModelChecker proves assertions true under a model by other means than
// evaluation.
type ModelChecker func(ctx context.Context, st *term.Store, m *term.Model, assertions []term.Term) error

// A Stage tries to decide a problem. It returns Unknown when it cannot decide,
// and never guesses. The driver alone decides the order, and stages never
// call each other.
type Stage interface {
	Name() string
	Decide(ctx context.Context, p *Problem) (Verdict, error)
}

// A Transformer is a stage that can rewrite a problem into an
// equisatisfiable one that later stages decide instead (preprocessing): the
// driver calls Transform rather than Decide. Its ModelMap carries a model of
// the rewritten problem back to one of the problem it was given. Validation
// is always against the original problem, so a wrong transformation shows
// up as a failed validation, never as a wrong sat.
//
// A transformer may also decide the problem outright (a pass that reduces it
// to false, say) by returning a Verdict whose Status is not Unknown; its
// Decide is that verdict alone, for pipelines that want no rewriting.
type Transformer interface {
	Stage
	Transform(ctx context.Context, p *Problem) (*Problem, ModelMap, Verdict, error)
}

// A TimeSharer is a stage that, when a later stage could still decide, takes
// only a share of the time left: the bit-blaster gives the Z3 fallback a turn
// on problems that word-level reasoning settles at once but bit-level search
// does not (multiplier equivalences, say).
type TimeSharer interface {
	TimeShare() float64
}

// A Closer is a stage that holds resources outside Go's heap (a SAT
// solver's C memory): Close releases them at once.
type Closer interface {
	Close()
}

// A StatsReporter is a stage with counters of its own for --stats, as
// name/value pairs.
type StatsReporter interface {
	Statistics() [][2]string
}

// A Prestarter is a stage that can start, ahead of need, what its first call
// would otherwise wait for (the Z3 fallback's worker process).
type Prestarter interface {
	Prestart()
}

// ModelMap maps a model of a transformed problem back to the problem before
// the transformation. A nil ModelMap is the identity.
type ModelMap func(m *term.Model) *term.Model
