package stage

import (
	"slices"

	"github.com/sift-solver/sift/term"
)

// Posed is the script text that posed a problem (smtlib.PosedSolver): the
// script's own set-logic, declarations, definitions and assertions in force,
// with the check's assumptions asserted. The Z3 fallback hands Z3 that text
// rather than sift's printing of the terms: Z3's search depends on the form
// of its input (the order of arguments, constants written as (bvneg c) or
// folded, bvsge or bvsle), and on some quantified problems sift's printing
// of the same terms takes it several times longer than the user's text.
type Posed struct {
	text func() (string, bool)
	// The text stands for exactly these terms: a problem derived from the
	// session's (rewritten, reduced) does not get it.
	assertions, assumptions []term.Term
}

// NewPosed returns the text that text gives (false when the interpreter no
// longer has it), standing for a problem of exactly these assertions and
// assumptions.
func NewPosed(text func() (string, bool), assertions, assumptions []term.Term) *Posed {
	return &Posed{text: text, assertions: assertions, assumptions: assumptions}
}

// PosedText returns the script text of p when p is exactly the problem it
// was kept for and the interpreter still has it.
func (p *Problem) PosedText() (string, bool) {
	if p.Posed == nil || !slices.Equal(p.Assertions, p.Posed.assertions) ||
		!slices.Equal(p.Assumptions, p.Posed.assumptions) {
		return "", false
	}
	return p.Posed.text()
}
