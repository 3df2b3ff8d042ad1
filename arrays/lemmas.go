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
	_, reads, _ := collect(st, assertions)
	type reads2 struct{ sym, cons []term.Term }
	byBase := map[term.Term]*reads2{}
	var order []term.Term
	for _, r := range reads {
		b := st.Arg(r, 0)
		g := byBase[b]
		if g == nil {
			g = &reads2{}
			byBase[b] = g
			order = append(order, b)
		}
		if idx := st.Arg(r, 1); st.Op(idx) == term.OpBVConst {
			g.cons = append(g.cons, idx)
		} else {
			g.sym = append(g.sym, idx)
		}
	}
	var c LemmaCounts
	count := func(i, j term.Term, pair bool) {
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
	}
	for _, b := range order {
		g := byBase[b]
		for x, i := range g.sym {
			for _, k := range g.cons {
				count(i, k, false)
			}
			for _, j := range g.sym[x+1:] {
				count(i, j, true)
			}
		}
	}
	return c
}
