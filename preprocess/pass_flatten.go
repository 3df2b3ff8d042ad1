package preprocess

import (
	"context"

	"github.com/sift-solver/sift/term"
)

// FlattenAnd splits top-level conjunctions into separate assertions (also
// negated disjunctions, by De Morgan, and negated implications), drops true
// and duplicates, and turns the problem into false when an assertion is
// false. Separate assertions are what substitution and embedded-constraint
// detection look at.
type FlattenAnd struct{}

func (FlattenAnd) Name() string { return "flatten-and" }

func (FlattenAnd) Apply(ctx context.Context, s *State) (bool, error) {
	st := s.Store
	out := make([]term.Term, 0, len(s.Assertions))
	seen := make(map[term.Term]bool, len(s.Assertions))
	changed := false
	var add func(t term.Term)
	add = func(t term.Term) {
		switch st.Op(t) {
		case term.OpTrue:
			changed = true
			return
		case term.OpAnd:
			changed = true
			s.NoteRewritten(1)
			for _, a := range st.Args(t) {
				add(a)
			}
			return
		case term.OpNot:
			switch a := st.Arg(t, 0); st.Op(a) {
			case term.OpOr:
				changed = true
				s.NoteRewritten(1)
				for _, b := range st.Args(a) {
					add(st.Not(b))
				}
				return
			case term.OpImplies: // binary: the builder nests longer chains
				changed = true
				s.NoteRewritten(1)
				add(st.Arg(a, 0))
				add(st.Not(st.Arg(a, 1)))
				return
			}
		}
		if seen[t] {
			changed = true
			return
		}
		seen[t] = true
		out = append(out, t)
	}
	for _, a := range s.Assertions {
		if a == st.False() {
			s.SetUnsat()
			return true, nil
		}
		add(a)
	}
	if seen[st.False()] {
		s.SetUnsat()
		return true, nil
	}
	s.Assertions = out
	return changed, nil
}
