package preprocess

import (
	"context"

	"github.com/sift-solver/sift/term"
)

// EmbeddedConstraints uses each top-level assertion c as a fact inside the
// others: an occurrence of c below another assertion becomes true, and an
// occurrence of its complement becomes false. Sound because every assertion
// holds in every model of the conjunction.
type EmbeddedConstraints struct{}

func (EmbeddedConstraints) Name() string { return "embedded" }

func (EmbeddedConstraints) Apply(ctx context.Context, s *State) (bool, error) {
	st := s.Store
	if len(s.Assertions) < 2 {
		return false, nil
	}
	facts := make(map[term.Term]term.Term, 2*len(s.Assertions))
	for _, a := range s.Assertions {
		if st.IsConst(a) {
			continue
		}
		facts[a] = st.True()
		if st.Op(a) == term.OpNot {
			facts[st.Arg(a, 0)] = st.False()
		}
	}
	if len(facts) == 0 {
		return false, nil
	}
	r := newSubstituter(s, facts)
	changed := false
	for i, a := range s.Assertions {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		// The assertion itself is a key: rewrite strictly below it. For
		// (not d), d is a key too, so the walk starts below d.
		var na term.Term
		if st.Op(a) == term.OpNot && facts[st.Arg(a, 0)] == st.False() {
			inner := r.below(st.Arg(a, 0))
			na = st.Not(inner)
		} else {
			na = r.below(a)
		}
		if na != a {
			s.Assertions[i] = na
			s.NoteRewritten(1)
			changed = true
		}
	}
	return changed, nil
}
