package merge

import (
	"slices"

	"github.com/sift-solver/sift/term"
)

// FormulaPattern is (φ1, φ2(x), φ3(x)) of seed 000 Def. 3.5: φ1 is closed,
// φ2 and φ3 mention the 64-bit placeholder X. Phi2 is NoTerm when no
// member repeats the core.
type FormulaPattern struct {
	Phi1, Phi2, Phi3 term.Term
	X                term.Term
}

// patMerge is one group merged with a formula pattern.
type patMerge struct {
	merged  Merged
	pattern FormulaPattern
	k       term.Term // the fresh count
	counts  []int     // k_j of each member, ascending
	usesK   bool      // some cell's merged value is t(k) with t depending on x
}

// build synthesizes the formula pattern of group g (members are view
// indices, in g's order) and the merged state, or says why it cannot.
func (p *Pat) build(st *term.Store, views []*View, g *PatternGroup, members []int, lits [][]term.Term) (*patMerge, string) {
	for m := 1; m < len(members); m++ {
		if g.Counts[m] == g.Counts[m-1] {
			return nil, FallbackNoPattern // two leaves with one word: not a tree
		}
	}
	first := views[members[0]]
	for _, i := range members[1:] {
		v := views[i]
		if v.Layout != first.Layout || len(v.Cells) != len(first.Cells) {
			return nil, FallbackLayout
		}
	}
	sy := newSynthesizer(st)
	fp, ok := synthesizePattern(st, sy, g, lits)
	if !ok {
		return nil, FallbackNoPattern
	}
	pm := &patMerge{pattern: fp, counts: g.Counts}
	pm.k = st.Fresh("k", st.BitVecSort(64))
	pm.merged.Members = members
	pm.merged.PC = patPC(st, sy, first, fp, pm.k, g.Counts)
	pm.merged.Aux = []term.Term{pm.k}
	for _, c := range g.Counts {
		pm.merged.AuxValues = append(pm.merged.AuxValues, []term.Term{st.ConstUint64(64, uint64(c))})
	}
	pm.merged.Cells = make([]term.Term, len(first.Cells))
	vals := make([]equation, len(members))
	for c := range first.Cells {
		same := true
		for m, i := range members {
			vals[m] = equation{d: uint64(g.Counts[m]), psi: views[i].Cells[c].T}
			same = same && vals[m].psi == vals[0].psi
		}
		if same {
			pm.merged.Cells[c] = vals[0].psi
			continue
		}
		// A pointer's location id is a name, not a number: never a·k+b.
		if t, ok := sy.solve(vals); ok && !first.Cells[c].Loc {
			pm.usesK = pm.usesK || sy.usesX(t) && !first.Cells[c].Dead
			pm.merged.Cells[c] = sy.atTerm(t, pm.k)
			continue
		}
		pm.merged.Cells[c] = iteOverCount(st, pm.k, vals)
	}
	return pm, ""
}

// synthesizePattern solves the tasks of Lemma 3.10 for group g:
// φ1 ≐ extract(ω1), φ2[i/x] ≐ extract(ω1ω2^{i-1}, ω1ω2^i) for i = 1..max k,
// φ3[k_j/x] ≐ extract(ω1ω2^{k_j}, ω1ω2^{k_j}ω3); then it checks Def. 3.5 on
// every member's own literals, so the result never rests on the hash.
func synthesizePattern(st *term.Store, sy *synthesizer, g *PatternGroup, lits [][]term.Term) (FormulaPattern, bool) {
	np, nc := len(g.Pattern.Prefix), len(g.Pattern.Core)
	deepest := len(g.Leaves) - 1 // leaves are sorted by count
	maxK := g.Counts[deepest]
	seg := func(j, from, to int) term.Term { return st.And(lits[g.Leaves[j]][from:to]...) }
	fp := FormulaPattern{X: sy.x, Phi1: seg(0, 0, np), Phi2: term.NoTerm}
	if maxK > 0 {
		core := make([]equation, maxK)
		for i := 1; i <= maxK; i++ {
			core[i-1] = equation{d: uint64(i), psi: seg(deepest, np+(i-1)*nc, np+i*nc)}
		}
		phi2, ok := sy.solve(core)
		if !ok {
			return fp, false
		}
		fp.Phi2 = phi2
	}
	suffix := make([]equation, len(g.Leaves))
	for j, k := range g.Counts {
		suffix[j] = equation{d: uint64(k), psi: seg(j, np+k*nc, len(lits[g.Leaves[j]]))}
	}
	phi3, ok := sy.solve(suffix)
	if !ok {
		return fp, false
	}
	fp.Phi3 = phi3
	for j, k := range g.Counts {
		if seg(j, 0, np) != fp.Phi1 {
			return fp, false
		}
		for i := 1; i <= k; i++ {
			if seg(j, np+(i-1)*nc, np+i*nc) != sy.at(fp.Phi2, uint64(i)) {
				return fp, false
			}
		}
	}
	return fp, true
}

// patPC builds Def. 3.6's path constraint as conjuncts: the root's pc, the
// range of k (k = c for one count, else min ≤ k ≤ max and k ≠ c for each
// gap), φ1, ∀i. (1 ≤ i ∧ i ≤ k) → φ2[i/x] (emitted as (or (not pre) post)
// over a 64-bit i, as the reference implementation does) and φ3[k/x].
func patPC(st *term.Store, sy *synthesizer, root *View, fp FormulaPattern, k term.Term, counts []int) []term.Term {
	r := min(max(root.Root, 0), len(root.PC))
	pc := slices.Clone(root.PC[:r])
	bv64 := st.BitVecSort(64)
	c64 := func(x int) term.Term { return st.ConstUint64(64, uint64(x)) }
	ule := func(a, b term.Term) term.Term { return st.MustMake(term.OpBVUle, nil, a, b) }
	lo, hi := counts[0], counts[len(counts)-1]
	if lo == hi {
		pc = append(pc, st.Eq(k, c64(lo)))
	} else {
		rng := []term.Term{ule(k, c64(hi))}
		if lo > 0 {
			rng = append([]term.Term{ule(c64(lo), k)}, rng...)
		}
		for c, n := lo+1, 1; c < hi; c++ {
			if counts[n] == c {
				n++
				continue
			}
			rng = append(rng, st.Not(st.Eq(k, c64(c))))
		}
		pc = append(pc, st.And(rng...))
	}
	if fp.Phi1 != st.True() {
		pc = append(pc, fp.Phi1)
	}
	if fp.Phi2 != term.NoTerm && hi > 0 {
		i := st.BoundVar("i", bv64)
		pre := st.And(ule(c64(1), i), ule(i, k))
		body := st.Or(st.Not(pre), sy.atTerm(fp.Phi2, i))
		pc = append(pc, st.MustMake(term.OpForall, nil, i, body))
	}
	if phi3 := sy.atTerm(fp.Phi3, k); phi3 != st.True() {
		pc = append(pc, phi3)
	}
	return pc
}

// iteOverCount is the ite chain of a cell without a pattern, guarded by
// the member's count: Join over the guards k = k_j. Under the merged pc,
// k = k_j holds exactly when member j's path constraint does (Def. 3.5),
// so this equals the standard chain guarded by the path constraints, with
// guards of constant size.
func iteOverCount(st *term.Store, k term.Term, vals []equation) term.Term {
	guards := make([][]term.Term, len(vals))
	terms := make([]term.Term, len(vals))
	for m, v := range vals {
		guards[m] = []term.Term{st.Eq(k, st.ConstUint64(64, v.d))}
		terms[m] = v.psi
	}
	return Join(st, guards, terms)
}
