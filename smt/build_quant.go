package smt

import (
	"fmt"

	"github.com/sift-solver/sift/term"
)

// Quantifiers. sift's own procedure (package quant) decides the bounded
// universal clauses that state merging produces,
//
//	∀i. lo ≤ i ≤ hi → ψ(i)    (i a bit-vector, ≤ unsigned, ψ quantifier-free)
//
// beside quantifier-free assertions over bit-vectors and arrays. ForAllRange
// builds exactly that shape. ForAll and Exists build any quantifier; what
// falls outside the fragment goes to the other stages (counterexample-guided
// instantiation, then the Z3 fallback when it is on) or ends unknown.

// BoundVar returns the bound variable called name of the given sort, for use
// in the body of ForAll, Exists or ForAllRange. Outside its binder a bound
// variable has no value: Model.Eval fails on it.
func (s *Solver) BoundVar(name string, sort Sort) Term {
	if err := s.checkSorts(sort); err != nil {
		return bad(err)
	}
	if name == "" {
		return bad(fmt.Errorf("%w: empty name", ErrName))
	}
	return Term{s: s, id: s.st.BoundVar(name, sort.id)}
}

// ForAll returns ∀vars. body; vars must be bound variables (BoundVar).
func (s *Solver) ForAll(vars []Term, body Term) Term { return s.quantifier(term.OpForall, vars, body) }

// Exists returns ∃vars. body; vars must be bound variables (BoundVar).
func (s *Solver) Exists(vars []Term, body Term) Term { return s.quantifier(term.OpExists, vars, body) }

// ForAllRange returns ∀i. (lo ≤ i ∧ i ≤ hi) → body, the comparisons
// unsigned: the bounded quantifier of the merge fragment. i must be a
// bit-vector bound variable, lo and hi terms of its sort without bound
// variables.
func (s *Solver) ForAllRange(i, lo, hi, body Term) Term {
	guard := s.And(s.BVULE(lo, i), s.BVULE(i, hi))
	return s.quantifier(term.OpForall, []Term{i}, s.Implies(guard, body))
}

func (s *Solver) quantifier(op term.Op, vars []Term, body Term) Term {
	if len(vars) == 0 {
		return bad(fmt.Errorf("%w: %s without variables", ErrSort, op))
	}
	return s.mk(op, nil, append(append([]Term(nil), vars...), body)...)
}
