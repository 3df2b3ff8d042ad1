package qbv

import (
	"slices"

	"github.com/sift-solver/sift/term"
)

// Ground models guided by strengthened quantifiers. ∀xs.(d₁ ∨ … ∨ dₙ) is
// implied by ∀xs.dᵢ for any one disjunct, and where dᵢ compares a linear
// sum of the variables with a term free of them, ∀xs.dᵢ has a closed form
// (private.go). The disjunction S of those closed forms is a quantifier-free
// sufficient condition for the ∀. A ground model that makes the atom true
// and S true makes the ∀ true: its check finds no counterexample. Where
// the ∀'s truth needs its free symbols at a value no counterexample points
// to (the guards of an SV-COMP loop invariant leave 2·(a + b) + k ≤ r
// false only at r = INT_MIN with k odd), instances by value cut off a
// sliver of the ground models each, and the loop takes hundreds of rounds
// to stumble on it; under S the ground solver is led there at once.
//
// The run asserts sel ∧ atom ⇒ S for a fresh selector sel and solves the
// ground problem under sel first. That is a guess, never a lemma: once
// the ground problem is unsat under sel (lemmas only accumulate, so it stays
// so), the run drops sel and goes on as without it. Unsat is never
// concluded under sel.

// strengthening returns the disjunction over the disjuncts of q's body of
// the closed forms of their ∀ (a disjunct without the variables counts as
// its own), or NoTerm when no disjunct has one.
func (n *normalizer) strengthening(q *quantifier) term.Term {
	st := n.st
	ds := []term.Term{q.body}
	if st.Op(q.body) == term.OpOr {
		ds = st.Args(q.body)
	}
	var closed []term.Term
	for _, d := range ds {
		if n.hasQuantifier(d) {
			continue
		}
		if !st.Contains(d, func(v term.Term) bool { return slices.Contains(q.vars, v) }) {
			closed = append(closed, d)
			continue
		}
		if c, ok := n.forallComparison(d, q.vars); ok && c != st.False() {
			closed = append(closed, c)
		}
	}
	if len(closed) == 0 {
		return term.NoTerm
	}
	return st.Or(closed...)
}

// strengthen adds sel ∧ atom ⇒ S for the atoms registered since the last
// call that have a strengthening, and returns sel while the ground problem
// has been satisfiable under it (NoTerm otherwise, or when no atom has a
// strengthening).
func (r *run) strengthen() term.Term {
	if r.strongOff {
		return term.NoTerm
	}
	st := r.st
	for ; r.strengthened < len(r.quants); r.strengthened++ {
		q := r.quants[r.strengthened]
		s := r.norm.strengthening(q)
		if s == term.NoTerm {
			continue
		}
		if r.strongSel == term.NoTerm {
			r.strongSel = st.Fresh("qbv!strong", st.BoolSort())
		}
		if r.addLemma(st.Or(st.Not(r.strongSel), st.Not(q.atom), s)) {
			r.s.Stats.Strengthened++
		}
	}
	return r.strongSel
}
