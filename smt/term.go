package smt

import (
	"fmt"

	"github.com/sift-solver/sift/term"
)

// Term is a term of one Solver: a formula (sort Bool), a bit-vector or an
// array. Terms are values: compare them with ==, which is structural
// equality up to the builder's local rewrites (the same operator on the same
// arguments gives the same Term).
//
// A Term made by bad use carries the error in Err. Every term built from it
// carries the same error, and Assert, Check and Model.Eval return it, so a
// chain of constructors needs one error check at its end.
type Term struct {
	s   *Solver
	id  term.Term
	err error
}

// Err returns the error that made the term, or nil for a good term.
func (t Term) Err() error {
	if t.err != nil {
		return t.err
	}
	if t.s == nil {
		return ErrZero
	}
	return nil
}

// Sort returns the term's sort.
func (t Term) Sort() Sort {
	if err := t.Err(); err != nil {
		return Sort{err: err}
	}
	return Sort{s: t.s, id: t.s.st.SortOf(t.id)}
}

// String prints the term in SMT-LIB syntax (shared subterms as let
// bindings), or the error of a term made by bad use.
func (t Term) String() string {
	if err := t.Err(); err != nil {
		return "<" + err.Error() + ">"
	}
	if t.s.closed {
		return "<" + ErrClosed.Error() + ">"
	}
	return t.s.printer.TermString(t.id)
}

// bad returns a term carrying err.
func bad(err error) Term { return Term{err: err} }

// checkTerms returns the first error among the terms, or of using them here.
func (s *Solver) checkTerms(ts []Term) error {
	if s.closed {
		return ErrClosed
	}
	for _, t := range ts {
		if t.err != nil {
			return t.err
		}
		if t.s != s {
			if t.s == nil {
				return ErrZero
			}
			return ErrForeign
		}
	}
	return nil
}

// mk builds op over args with the given indices through the store's checked
// constructor.
func (s *Solver) mk(op term.Op, idx []uint32, args ...Term) Term {
	if err := s.checkTerms(args); err != nil {
		return bad(err)
	}
	var buf [4]term.Term
	ids := buf[:0]
	for _, a := range args {
		ids = append(ids, a.id)
	}
	id, err := s.st.Make(op, idx, ids...)
	if err != nil {
		return bad(fmt.Errorf("%w: %v", ErrSort, err))
	}
	return Term{s: s, id: id}
}

// index converts an API index to the store's, rejecting negatives.
func index(op string, k int) (uint32, error) {
	if k < 0 || k > term.MaxWidth {
		return 0, fmt.Errorf("%w: %s index %d out of range", ErrSort, op, k)
	}
	return uint32(k), nil
}
