package qbv

import "github.com/sift-solver/sift/term"

// abstract returns the ground abstraction of the closed term t: every
// quantified subterm is normalised and each normal ∀ replaced by its atom,
// registered on first sight.
func (r *run) abstract(t term.Term) term.Term {
	if a, ok := r.absMemo[t]; ok {
		return a
	}
	st := r.st
	var out term.Term
	switch {
	case !r.norm.hasQuantifier(t):
		out = t
	case st.Op(t).IsQuantifier():
		if r.norm.normal[t] {
			out = r.atom(t)
		} else {
			out = r.abstract(r.norm.quantifier(t))
		}
	default:
		out = st.MapArgs(t, r.abstract)
	}
	r.absMemo[t] = out
	return out
}

// atom returns the Boolean atom of the normal ∀ term q.
func (r *run) atom(q term.Term) term.Term {
	if rec, ok := r.atoms[q]; ok {
		return rec.atom
	}
	st := r.st
	if b, ok := r.known(q); ok {
		r.s.Stats.Facts++
		return st.Bool(b)
	}
	args := st.Args(q)
	rec := &quantifier{term: q, vars: args[:len(args)-1], body: args[len(args)-1],
		atom: st.Fresh("qbv!q", st.BoolSort()), neg: term.NoTerm, skolem: term.NoTerm}
	r.quants = append(r.quants, rec)
	r.atoms[q] = rec
	r.byAtom[rec.atom] = rec
	r.s.Stats.Quantifiers++
	return rec.atom
}
