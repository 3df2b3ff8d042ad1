package merge

import "github.com/sift-solver/sift/term"

// Join is the value join of merged states (Def. 2.1's merge_var, seed
// 001's gated φ, seed 002's Fig. 4): one term for a cell whose value in
// member i is vals[i], guarded by guards[i].
//
// The guards must be exact relative to the merged path constraint: under
// any model of it exactly one guard holds. Members with equal values
// (hash-consed, so equal terms) share one arm, guarded by the disjunction of
// their guards; the last distinct value is the default and its guards are
// never built into a term. Callers choose the nesting by the order of the
// members: the first value is outermost (seed 001 puts the newest first).
func Join(st *term.Store, guards, vals []term.Term) term.Term {
	if len(vals) == 0 {
		return term.NoTerm
	}
	distinct := []term.Term{vals[0]}
	which := make([]int, len(vals))
	for i, v := range vals {
		j := 0
		for j < len(distinct) && distinct[j] != v {
			j++
		}
		if j == len(distinct) {
			distinct = append(distinct, v)
		}
		which[i] = j
	}
	out := distinct[len(distinct)-1]
	for j := len(distinct) - 2; j >= 0; j-- {
		var g []term.Term
		for i, w := range which {
			if w == j {
				g = append(g, guards[i])
			}
		}
		out = st.Ite(st.Or(g...), distinct[j], out)
	}
	return out
}
