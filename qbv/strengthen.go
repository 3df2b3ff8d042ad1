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
// The run solves the ground problem with atom ⇒ S for every atom first,
// in a solver of its own. That is a guess, never a lemma: once the guessed
// problem is unsat (lemmas only accumulate, so it stays so), the run drops
// that solver and goes on with its ground solver, which never saw the
// guess (a guess refuted at once leaves the loop's path as it was).
// Unsat is never concluded from the guess.

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

// strengthen adds atom ⇒ S to the guess for the atoms registered since
// the last call that have a strengthening, and reports whether the guess
// is on: not refuted, and some atom has a strengthening.
func (r *run) strengthen() bool {
	if r.strongOff {
		return false
	}
	st := r.st
	for ; r.strengthened < len(r.quants); r.strengthened++ {
		q := r.quants[r.strengthened]
		if s := r.norm.strengthening(q); s != term.NoTerm {
			r.strong = append(r.strong, r.groundForm(st.Or(st.Not(q.atom), s), true))
			r.s.Stats.Strengthened++
		}
	}
	return len(r.strong) > 0
}
