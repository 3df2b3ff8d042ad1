package merge

import "github.com/sift-solver/sift/term"

// Disjunction builds ⋁_i ⋀ conj[i], simplified by resolution: two
// disjuncts A ∧ x and A ∧ ¬x become A. The members of a merge are often
// the leaves of a subtree of forks (a diamond, n independent ifs), which
// resolution folds back to the subtree root's constraint, so the merged
// path constraint does not carry a disjunction the solver must split again
// (seed 002's Or(c, ¬c) → true). Duplicated disjuncts collapse, and an
// empty one makes the whole disjunction true. The result is equivalent to
// the plain disjunction.
func Disjunction(st *term.Store, conj [][]term.Term) term.Term {
	sets := make([][]term.Term, 0, len(conj))
	for _, c := range conj {
		if len(c) == 0 {
			return st.True()
		}
		sets = append(sets, dedupe(c))
	}
	for changed := true; changed && len(sets) > 1; {
		changed = false
		sets, changed = resolvePass(st, sets)
	}
	ds := make([]term.Term, len(sets))
	for i, s := range sets {
		if len(s) == 0 {
			return st.True()
		}
		ds[i] = st.And(s...)
	}
	return st.Or(ds...)
}

// resolvePass resolves pairs of disjuncts that differ in the polarity of
// one literal and drops duplicates. Each disjunct is keyed, once per
// literal, by an order-independent hash of its other literals and the
// literal's atom, so candidates meet in a map instead of being compared
// pairwise; a hit is checked exactly before it is used.
func resolvePass(st *term.Store, sets [][]term.Term) ([][]term.Term, bool) {
	type at struct{ set, pos int }
	byKey := map[uint64]at{}
	whole := map[uint64]int{}
	alive := make([]bool, len(sets))
	stale := make([]bool, len(sets)) // shortened this pass: its keys are out of date
	changed := false
	for j, s := range sets {
		alive[j] = true
		sum := setHash(s)
		if i, ok := whole[sum]; ok && alive[i] && sameSet(sets[i], s) {
			alive[j], changed = false, true
			continue
		}
		whole[sum] = j
		for p, lit := range s {
			atom, _ := polarity(st, lit)
			key := sum - mix(uint64(lit)) + 3*mix(uint64(atom))
			hit, ok := byKey[key]
			if !ok || !alive[hit.set] || stale[hit.set] || hit.set == j {
				byKey[key] = at{j, p}
				continue
			}
			o := sets[hit.set]
			oa, opos := polarity(st, o[hit.pos])
			_, pos := polarity(st, lit)
			if oa != atom || opos == pos || len(o) != len(s) || !sameSet(without(o, hit.pos), without(s, p)) {
				continue
			}
			sets[hit.set] = without(o, hit.pos)
			stale[hit.set] = true
			alive[j], changed = false, true
			break
		}
	}
	out := sets[:0]
	for j, s := range sets {
		if alive[j] {
			out = append(out, s)
		}
	}
	return out, changed
}

// polarity splits a literal into its atom and sign.
func polarity(st *term.Store, lit term.Term) (term.Term, bool) {
	if st.Op(lit) == term.OpNot {
		return st.Arg(lit, 0), false
	}
	return lit, true
}

func mix(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	return x ^ x>>33
}

func setHash(s []term.Term) uint64 {
	var h uint64
	for _, t := range s {
		h += mix(uint64(t))
	}
	return h
}

func without(s []term.Term, p int) []term.Term {
	out := make([]term.Term, 0, len(s)-1)
	out = append(out, s[:p]...)
	return append(out, s[p+1:]...)
}

func sameSet(a, b []term.Term) bool {
	if len(a) != len(b) {
		return false
	}
	in := make(map[term.Term]bool, len(a))
	for _, t := range a {
		in[t] = true
	}
	for _, t := range b {
		if !in[t] {
			return false
		}
	}
	return true
}
