package smt

import "github.com/sift-solver/sift/term"

// The Boolean operators of the core theory.

// True returns the formula true.
func (s *Solver) True() Term { return s.Bool(true) }

// False returns the formula false.
func (s *Solver) False() Term { return s.Bool(false) }

// Bool returns the Boolean constant b.
func (s *Solver) Bool(b bool) Term {
	if s.closed {
		return bad(ErrClosed)
	}
	return Term{s: s, id: s.st.Bool(b)}
}

// Not returns ¬a.
func (s *Solver) Not(a Term) Term { return s.mk(term.OpNot, nil, a) }

// And returns the conjunction of the arguments (true for none).
func (s *Solver) And(args ...Term) Term { return s.mk(term.OpAnd, nil, args...) }

// Or returns the disjunction of the arguments (false for none).
func (s *Solver) Or(args ...Term) Term { return s.mk(term.OpOr, nil, args...) }

// Xor returns a ⊕ b.
func (s *Solver) Xor(a, b Term) Term { return s.mk(term.OpXor, nil, a, b) }

// Implies returns a → b.
func (s *Solver) Implies(a, b Term) Term { return s.mk(term.OpImplies, nil, a, b) }

// Eq returns a = b; a and b must have one sort (Bool, bit-vector or array).
func (s *Solver) Eq(a, b Term) Term { return s.mk(term.OpEq, nil, a, b) }

// Distinct says the arguments are pairwise different; it needs two or more.
func (s *Solver) Distinct(args ...Term) Term { return s.mk(term.OpDistinct, nil, args...) }

// Ite returns if c then a else b; a and b must have one sort.
func (s *Solver) Ite(c, a, b Term) Term { return s.mk(term.OpIte, nil, c, a, b) }
