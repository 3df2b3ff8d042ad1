package qbv

import "github.com/sift-solver/sift/term"

// Instances by matching (E-matching's idea, on comparisons): a ∀ whose body
// compares terms the way a ground atom of the problem does, up to the bound
// variables, is instantiated at the ground terms in their places. SV-COMP's
// interpolant checks assert ∃x.φ(x) beside ¬∃y.φ'(y), φ' a renaming of φ, and
// the one instance y := the Skolem constants of x refutes at once where
// counterexample values take dozens of rounds (Primes_true-unreach-call.c_276:
// in ≤ m ∧ m ≤ v ∧ 2m+2v+1 ≤ res against the ground in ≤ n ∧ n ≤ k ∧ …).

// matchBudget bounds the match attempts of one search.
const matchBudget = 1 << 14

// isCompare reports whether t is a comparison of bit-vectors, the atoms
// matching looks at.
func isCompare(st *term.Store, t term.Term) bool {
	switch st.Op(t) {
	case term.OpEq, term.OpDistinct, term.OpBVUlt, term.OpBVUle, term.OpBVUgt, term.OpBVUge,
		term.OpBVSlt, term.OpBVSle, term.OpBVSgt, term.OpBVSge:
		return st.NumArgs(t) >= 2 && st.IsBitVec(st.SortOf(st.Arg(t, 0)))
	}
	return false
}

// matcher searches an assignment of a quantifier's variables to ground terms
// under which the most of its body's comparisons are ground atoms.
type matcher struct {
	st       *term.Store
	vars     map[term.Term]bool
	mentions map[term.Term]bool // whether a term has a bound variable of vars
	patterns []term.Term
	ground   map[term.Op][]term.Term
	budget   int
	best     map[term.Term]term.Term
	bestN    int
}

// matchInstance returns terms for q's variables that make as many of the
// body's comparisons as possible ground atoms of the problem, when every
// variable gets one that way; ok is false otherwise.
func (r *run) matchInstance(q *quantifier) (terms []term.Term, ok bool) {
	st := r.st
	x := &matcher{st: st, vars: map[term.Term]bool{}, mentions: map[term.Term]bool{}, ground: r.pool.atoms, budget: matchBudget}
	for _, v := range q.vars {
		x.vars[v] = true
	}
	st.PostOrder([]term.Term{q.body}, func(t term.Term) {
		m := x.vars[t]
		for i := 0; !m && i < st.NumArgs(t); i++ {
			m = x.mentions[st.Arg(t, i)]
		}
		x.mentions[t] = m
		if m && isCompare(st, t) && len(x.ground[st.Op(t)]) > 0 {
			x.patterns = append(x.patterns, t)
		}
	})
	if len(x.patterns) == 0 {
		return nil, false
	}
	x.search(0, map[term.Term]term.Term{}, 0)
	if len(x.best) < len(q.vars) {
		return nil, false
	}
	terms = make([]term.Term, len(q.vars))
	for i, v := range q.vars {
		terms[i] = x.best[v]
	}
	return terms, true
}

// search extends sigma over patterns[i:], each matched to a ground atom or
// left out, and keeps the assignment that binds every variable with the
// most patterns matched.
func (x *matcher) search(i int, sigma map[term.Term]term.Term, matched int) {
	if x.budget <= 0 {
		return
	}
	if i == len(x.patterns) {
		if len(sigma) == len(x.vars) && matched > x.bestN {
			x.best, x.bestN = sigma, matched
		}
		return
	}
	if matched+len(x.patterns)-i <= x.bestN {
		return // cannot beat the best
	}
	p := x.patterns[i]
	for _, g := range x.ground[x.st.Op(p)] {
		x.budget--
		if x.budget <= 0 {
			return
		}
		next := make(map[term.Term]term.Term, len(x.vars))
		for k, v := range sigma {
			next[k] = v
		}
		if x.match(p, g, next) {
			x.search(i+1, next, matched+1)
		}
	}
	x.search(i+1, sigma, matched)
}

// match extends sigma so that p with sigma's terms for its variables is g.
func (x *matcher) match(p, g term.Term, sigma map[term.Term]term.Term) bool {
	st := x.st
	if x.vars[p] {
		if b, ok := sigma[p]; ok {
			return b == g
		}
		if st.SortOf(p) != st.SortOf(g) {
			return false
		}
		sigma[p] = g
		return true
	}
	if !x.mentions[p] {
		return p == g
	}
	if st.Op(p) != st.Op(g) || st.NumArgs(p) != st.NumArgs(g) {
		return false
	}
	i0, i1 := st.Indices(p)
	if j0, j1 := st.Indices(g); i0 != j0 || i1 != j1 {
		return false
	}
	for i := 0; i < st.NumArgs(p); i++ {
		if !x.match(st.Arg(p, i), st.Arg(g, i), sigma) {
			return false
		}
	}
	return true
}
