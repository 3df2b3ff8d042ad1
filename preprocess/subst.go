package preprocess

import "github.com/sift-solver/sift/term"

// substituter replaces the keys of a map (any terms) everywhere below the
// terms it is applied to, sharing one memo across all of them so that a DAG
// shared between assertions is walked once. Keys never contain bound
// variables and values are closed, so quantifier bodies need no special care
// (no key is shadowed and nothing is captured).
type substituter struct {
	st   *term.Store
	sub  map[term.Term]term.Term
	memo map[term.Term]term.Term
	// stop reports that the run is out of time: the walk then leaves the
	// rest as it is and the pass gives up (State.Interrupted).
	stop func() bool
}

func newSubstituter(s *State, sub map[term.Term]term.Term) *substituter {
	return &substituter{st: s.Store, sub: sub, memo: map[term.Term]term.Term{}, stop: s.Interrupted}
}

// apply returns t with every key replaced by its value.
func (s *substituter) apply(t term.Term) term.Term {
	if r, ok := s.sub[t]; ok {
		return r
	}
	return s.below(t)
}

// below replaces keys strictly below t, leaving t itself alone even if it is
// a key.
func (s *substituter) below(t term.Term) term.Term {
	if r, ok := s.memo[t]; ok {
		return r
	}
	st := s.st
	if st.Op(t).IsLeaf() || s.stop() {
		return t
	}
	r := st.MapArgs(t, s.apply)
	s.memo[t] = r
	return r
}

// applyAll substitutes in every assertion of s and reports whether any
// changed.
func applyAll(s *State, sub map[term.Term]term.Term) bool {
	if len(sub) == 0 {
		return false
	}
	r := newSubstituter(s, sub)
	changed := false
	for i, a := range s.Assertions {
		na := r.apply(a)
		if na != a {
			s.Assertions[i] = na
			changed = true
		}
	}
	return changed
}
