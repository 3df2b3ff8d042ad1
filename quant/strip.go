package quant

import "github.com/sift-solver/sift/term"

// Strip is stage 1, quantifier stripping: it weakens the query to a
// quantifier-free φ_QF made of the quantifier-free clauses, the first
// instance G(t0) → ψ(t0) of each ∀ (the paper's k ≥ 1 → ψ[1/i]), the last
// instance G(k) → ψ(k) (the reference implementation's option; a merged
// loop's exit condition and the branches after it read next to k), and the
// E-matching lemmas ¬G(t) for every t whose instance some clause refutes.
// Each added clause is implied by the query, so φ_QF unsat proves the query
// unsat. lemmas counts the lemmas added.
func Strip(q *Query) (qf []term.Term, lemmas int) {
	st := q.Store
	qf = append(qf, q.QF...)
	for _, f := range q.Foralls {
		qf = append(qf, f.Instance(st, f.FirstIndex(st)))
		if last, ok := f.LastIndex(st); ok {
			qf = append(qf, f.Instance(st, last))
		}
		g := f.Guard(st)
		for _, t := range NegatingTerms(st, f, q.QF) {
			qf = append(qf, st.Not(f.At(st, g, t)))
			lemmas++
		}
	}
	return qf, lemmas
}
