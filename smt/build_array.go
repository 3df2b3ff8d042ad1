package smt

import (
	"fmt"

	"github.com/sift-solver/sift/term"
)

// The array theory (QF_A): arrays are total maps from the index sort to the
// element sort, equal when they agree at every index (extensionality).

// Select returns a[i].
func (s *Solver) Select(a, i Term) Term { return s.mk(term.OpSelect, nil, a, i) }

// Store returns a with a[i] replaced by v.
func (s *Solver) Store(a, i, v Term) Term { return s.mk(term.OpStore, nil, a, i, v) }

// ConstArray returns the array of the given array sort that holds v at every
// index.
func (s *Solver) ConstArray(sort Sort, v Term) Term {
	if err := s.checkSorts(sort); err != nil {
		return bad(err)
	}
	if err := s.checkTerms([]Term{v}); err != nil {
		return bad(err)
	}
	id, err := s.st.ConstArray(sort.id, v.id)
	if err != nil {
		return bad(fmt.Errorf("%w: %v", ErrSort, err))
	}
	return Term{s: s, id: id}
}
