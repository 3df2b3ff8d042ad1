package arrays

import "github.com/sift-solver/sift/term"

// LemmaCounts counts the candidate congruence lemmas of Alg. 4 for a
// problem. An element lemma relates a read at a symbolic index to a read at
// a constant index of the same base array; a pair lemma relates two reads
// at symbolic indices. Reads at two constant indices need none.
type LemmaCounts struct {
	Unpruned     int // every element and pair lemma
	TypeOnly     int // kept by the structural filter alone (residues, constant differences)
	IntervalOnly int // kept by the interval filter alone
	Both         int // kept by both: what lemmas on demand has to consider
	// BothElements and BothPairs split Both.
	BothElements, BothPairs int
}

// CandidateLemmas counts the lemmas of Alg. 4 over the selects reachable
// from assertions (digest §3.4: 156 / 36 / 68 / 20 on t02), for --stats and
// the ablation. It uses the facts of a, so call it on assertions whose
// models are models of the analysed ones.
func (a *Analysis) CandidateLemmas(st *term.Store, assertions []term.Term) LemmaCounts {
	var c LemmaCounts
	forEachCandidate(st, assertions, func(i, j term.Term, pair bool) {
		c.Unpruned++
		ty := !a.provenDifferentByType(i, j)
		iv := !a.provenDifferentByInterval(i, j)
		if ty {
			c.TypeOnly++
		}
		if iv {
			c.IntervalOnly++
		}
		if ty && iv {
			c.Both++
			if pair {
				c.BothPairs++
			} else {
				c.BothElements++
			}
		}
	})
	return c
}

// CountCandidates is the Unpruned count of CandidateLemmas, without an
// analysis (the structure alone), in time linear in the formula.
func CountCandidates(st *term.Store, assertions []term.Term) int {
	n := 0
	for _, g := range readsByBase(st, assertions) {
		s := len(g.sym)
		n += s*len(g.cons) + s*(s-1)/2
	}
	return n
}

// baseReads are the index terms of the reads of one base array.
type baseReads struct{ sym, cons []term.Term }

// readsByBase groups the indices of the selects below assertions by base
// array, bases in DAG order.
func readsByBase(st *term.Store, assertions []term.Term) []*baseReads {
	_, reads, _ := collect(st, assertions)
	byBase := map[term.Term]*baseReads{}
	var out []*baseReads
	for _, r := range reads {
		b := st.Arg(r, 0)
		g := byBase[b]
		if g == nil {
			g = &baseReads{}
			byBase[b] = g
			out = append(out, g)
		}
		if idx := st.Arg(r, 1); st.Op(idx) == term.OpBVConst {
			g.cons = append(g.cons, idx)
		} else {
			g.sym = append(g.sym, idx)
		}
	}
	return out
}

// forEachCandidate calls f on the index pair of every candidate lemma of
// Alg. 4: per base array, (symbolic, constant) element pairs and
// (symbolic, symbolic) pairs.
func forEachCandidate(st *term.Store, assertions []term.Term, f func(i, j term.Term, pair bool)) {
	for _, g := range readsByBase(st, assertions) {
		for x, i := range g.sym {
			for _, k := range g.cons {
				f(i, k, false)
			}
			for _, j := range g.sym[x+1:] {
				f(i, j, true)
			}
		}
	}
}
