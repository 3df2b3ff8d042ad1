package engine

import (
	"context"

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

// A Transformer rewrites a problem into an equisatisfiable one that later
// stages decide instead (preprocessing). Its ModelMap carries a model of the
// rewritten problem back to one of the problem it was given. Validation is
// always against the original problem, so a wrong transformation shows up as
// a failed validation, never as a wrong sat.
//
// A transformer may also decide the problem outright (a pass that reduces it
// to false, say) by returning a Verdict whose Status is not Unknown.
type Transformer interface {
	Name() string
	Transform(ctx context.Context, p *Problem) (*Problem, ModelMap, Verdict, error)
}

// ModelMap maps a model of a transformed problem back to the problem before
// the transformation. A nil ModelMap is the identity.
type ModelMap func(m *term.Model) *term.Model
