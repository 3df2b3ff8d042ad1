package stage

import (
	"context"

	"github.com/sift-solver/sift/term"
)

// Verdict is what a stage concluded.
type Verdict struct {
	Status term.Status
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

// ModelMap maps a model of a transformed problem back to the problem before
// the transformation. A nil ModelMap is the identity.
type ModelMap func(m *term.Model) *term.Model

// ContextReason is the reason of an unknown answer that ctx's end cut
// short: "timeout" at its deadline, "canceled" otherwise.
func ContextReason(err error) string {
	if err == context.DeadlineExceeded {
		return "timeout"
	}
	return "canceled"
}
