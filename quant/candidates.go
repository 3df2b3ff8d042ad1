package quant

import (
	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// candidates returns ground index terms worth instantiating f at: its
// bounds (the first and last instance, i = lo and i = k), and for every
// ground read a[u] anywhere in the query and every read a[o(i)] of ψ on the
// same array, the solution t of o(t) = u (the instance that constrains the
// cell the ground read sees, as E-matching on select terms would give). An
// instance at a term is implied by the ∀ whatever the term, like one at a
// constant; but it stays relevant when the model moves, which is what a
// refutation with counts that are not fixed needs.
func candidates(q *Query, f *Forall) []term.Term {
	st := q.Store
	var out []term.Term
	for _, b := range f.Lower {
		if b.Strict {
			out = appendNew(out, st.MustMake(term.OpBVAdd, nil, b.T, f.constIndex(st, 1)))
		} else {
			out = appendNew(out, b.T)
		}
	}
	for _, b := range f.Upper {
		if b.Strict {
			out = appendNew(out, st.MustMake(term.OpBVSub, nil, b.T, f.constIndex(st, 1)))
		} else {
			out = appendNew(out, b.T)
		}
	}
	reads := f.dependentReads(st)
	if len(reads) == 0 {
		return out
	}
	memo := map[term.Term]bool{}
	ground := func(o term.Term) bool { return !st.HasBound(o, memo) }
	var roots []term.Term
	roots = append(roots, q.QF...)
	for _, g := range q.Foralls {
		roots = append(roots, g.Body)
	}
	for _, root := range roots {
		for _, g := range indexedReads(st, root, ground) {
			for _, r := range reads {
				if r.array != g.array {
					continue
				}
				if t, ok := SolveIndex(st, f.Var, r.offset, g.offset); ok {
					out = appendNew(out, t)
				}
			}
		}
	}
	return out
}

// indexTerm returns the term to instantiate f at for the broken index j:
// the first candidate whose value under ev is j, else the constant j.
func indexTerm(st *term.Store, f *Forall, cands []term.Term, ev *term.Evaluator, j bv.Value) term.Term {
	for _, t := range cands {
		v, err := ev.Eval(t)
		if err == nil && v.Kind == term.ValBV && v.BV.Equal(j) {
			return t
		}
	}
	return st.Const(j)
}
