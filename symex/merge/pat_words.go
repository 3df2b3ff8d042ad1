package merge

import (
	"slices"
	"sort"
)

// Word is a path word: the symbols (hashes) of the branch decisions from a
// merge region's root to a leaf (seed 000 Def. 3.2).
type Word []uint64

// RegularPattern is (ω1, ω2, ω3) of Def. 3.3: its instances are ω1·ω2^k·ω3.
type RegularPattern struct {
	Prefix, Core, Suffix Word
}

// Instance returns ω1·ω2^k·ω3.
func (p RegularPattern) Instance(k int) Word {
	w := append(Word(nil), p.Prefix...)
	for range k {
		w = append(w, p.Core...)
	}
	return append(w, p.Suffix...)
}

// Repetitions returns the k with Instance(k) = w, if there is one.
func (p RegularPattern) Repetitions(w Word) (int, bool) {
	n, m := len(p.Prefix), len(p.Suffix)
	if len(w) < n+m || !slices.Equal(w[:n], p.Prefix) || !slices.Equal(w[len(w)-m:], p.Suffix) {
		return 0, false
	}
	mid := w[n : len(w)-m]
	if len(p.Core) == 0 {
		return 0, len(mid) == 0
	}
	if len(mid)%len(p.Core) != 0 {
		return 0, false
	}
	for i := 0; i < len(mid); i += len(p.Core) {
		if !slices.Equal(mid[i:i+len(p.Core)], p.Core) {
			return 0, false
		}
	}
	return len(mid) / len(p.Core), true
}

func (p RegularPattern) equal(q RegularPattern) bool {
	return slices.Equal(p.Prefix, q.Prefix) && slices.Equal(p.Core, q.Core) && slices.Equal(p.Suffix, q.Suffix)
}

// instance is a word read symbol by symbol into prefix·core^count·suffix: the
// first repetition c·c found in the prefix becomes the core, and later
// copies of the core are counted (the reference implementation's online
// PatternInstance).
type instance struct {
	pat   RegularPattern
	count int
}

func (pi *instance) add(s uint64) {
	p := &pi.pat
	if len(p.Core) == 0 {
		p.Prefix = append(p.Prefix, s)
		if pfx, core, ok := findRepetition(p.Prefix); ok {
			p.Prefix, p.Core, pi.count = pfx, core, 2
		}
		return
	}
	p.Suffix = append(p.Suffix, s)
	if slices.Equal(p.Suffix, p.Core) {
		pi.count++
		p.Suffix = nil
	}
}

// findRepetition finds the leftmost i such that w[i:] = c·c with c ≠ ε.
func findRepetition(w Word) (prefix, core Word, ok bool) {
	for i := 0; i < len(w); i++ {
		t := len(w) - i
		if t%2 != 0 {
			continue
		}
		if slices.Equal(w[i:i+t/2], w[i+t/2:]) {
			return slices.Clone(w[:i]), slices.Clone(w[i : i+t/2]), true
		}
	}
	return nil, nil, false
}

func reversed(w Word) Word {
	r := slices.Clone(w)
	slices.Reverse(r)
	return r
}

// instanceOf reads w forwards, or backwards (the reference implementation's
// default) and turns the result around: reading backwards puts the
// repetition as late in the word as possible.
func instanceOf(w Word, forward bool) instance {
	var pi instance
	if forward {
		for _, s := range w {
			pi.add(s)
		}
		return pi
	}
	for i := len(w) - 1; i >= 0; i-- {
		pi.add(w[i])
	}
	p := pi.pat
	if len(p.Core) == 0 {
		return instance{pat: RegularPattern{Prefix: reversed(p.Prefix)}}
	}
	return instance{pat: RegularPattern{Prefix: reversed(p.Suffix), Core: reversed(p.Core), Suffix: reversed(p.Prefix)}, count: pi.count}
}

// PatternGroup is a regular partition: leaves (indices into the words given
// to Partition) with their repetition counts k_j.
type PatternGroup struct {
	Pattern RegularPattern
	Leaves  []int
	Counts  []int
}

// maxInitialMatches bounds the groups the first pass may open before the
// extraction gives up (the reference implementation's MAX_INITIAL_MATCHES):
// the unification after it is quadratic.
const maxInitialMatches = 20

// Partition splits the words into regular partitions (seed 000 §3.1): each
// word is read into an instance and joins the first group whose pattern
// generates it, or opens a group; then groups are unified to a fixpoint.
// It reports false when more than maxInitialMatches groups were opened.
// Within a group the leaves are sorted by count.
//
// Words are read longest first (the reference implementation reads them in
// the tree's DFS order): the longest word shows the most repetitions, and
// the result does not depend on the order in which the scheduler parked
// the leaves.
func Partition(words []Word, forward bool) ([]*PatternGroup, bool) {
	order := make([]int, len(words))
	for j := range order {
		order[j] = j
	}
	sort.SliceStable(order, func(a, b int) bool { return len(words[order[a]]) > len(words[order[b]]) })
	var groups []*PatternGroup
	for _, j := range order {
		w := words[j]
		pi := instanceOf(w, forward)
		joined := false
		for _, g := range groups {
			if len(g.Pattern.Core) == 0 {
				continue // a core-less pattern generates one word only
			}
			k, ok := pi.count, g.Pattern.equal(pi.pat)
			if !ok {
				k, ok = g.Pattern.Repetitions(w)
			}
			if ok {
				g.Leaves, g.Counts = append(g.Leaves, j), append(g.Counts, k)
				joined = true
				break
			}
		}
		if !joined {
			groups = append(groups, &PatternGroup{Pattern: pi.pat, Leaves: []int{j}, Counts: []int{pi.count}})
			if len(groups) > maxInitialMatches {
				return nil, false
			}
		}
	}
	groups = unify(groups, words)
	for _, g := range groups {
		sort.Stable(byCount{g})
	}
	return groups, true
}

// unify merges groups to a fixpoint: (a) a group whose words another
// group's pattern also generates moves there; (b) two core-less groups with
// words P·S and P·C·S become one group (P, C, S) with counts 0 and 1.
func unify(groups []*PatternGroup, words []Word) []*PatternGroup {
	for changed := true; changed; {
		changed = false
	outer:
		for a, g1 := range groups {
			for b, g2 := range groups {
				if a == b {
					continue
				}
				if len(g1.Leaves) <= len(g2.Leaves) {
					if ks, ok := allRepetitions(g2.Pattern, g1.Leaves, words); ok {
						g2.Leaves = append(g2.Leaves, g1.Leaves...)
						g2.Counts = append(g2.Counts, ks...)
						groups = slices.Delete(groups, a, a+1)
						changed = true
						break outer
					}
				}
				if len(g1.Pattern.Core) == 0 && len(g2.Pattern.Core) == 0 {
					if u, ok := commonBoundaries(g1, g2, words); ok {
						groups = slices.DeleteFunc(groups, func(g *PatternGroup) bool { return g == g1 || g == g2 })
						groups = append(groups, u)
						changed = true
						break outer
					}
				}
			}
		}
	}
	return groups
}

func allRepetitions(p RegularPattern, leaves []int, words []Word) ([]int, bool) {
	ks := make([]int, len(leaves))
	for i, j := range leaves {
		k, ok := p.Repetitions(words[j])
		if !ok {
			return nil, false
		}
		ks[i] = k
	}
	return ks, true
}

// commonBoundaries unifies two single words w1 (the shorter) and w2 when
// w1 = P·S and w2 = P·C·S with P the common prefix, S the common suffix of
// the rest, C ≠ ε and P·S ≠ ε.
func commonBoundaries(g1, g2 *PatternGroup, words []Word) (*PatternGroup, bool) {
	if len(g1.Leaves) != 1 || len(g2.Leaves) != 1 {
		return nil, false
	}
	l1, l2 := g1.Leaves[0], g2.Leaves[0]
	w1, w2 := words[l1], words[l2]
	if len(w1) > len(w2) {
		w1, w2, l1, l2 = w2, w1, l2, l1
	}
	p := 0
	for p < len(w1) && w1[p] == w2[p] {
		p++
	}
	s := 0
	for s < len(w1)-p && w1[len(w1)-1-s] == w2[len(w2)-1-s] {
		s++
	}
	if p+s == 0 || p+s != len(w1) || p+s >= len(w2) {
		return nil, false
	}
	pat := RegularPattern{Prefix: slices.Clone(w1[:p]), Core: slices.Clone(w2[p : len(w2)-s]), Suffix: slices.Clone(w1[p:])}
	return &PatternGroup{Pattern: pat, Leaves: []int{l1, l2}, Counts: []int{0, 1}}, true
}

type byCount struct{ g *PatternGroup }

func (b byCount) Len() int           { return len(b.g.Leaves) }
func (b byCount) Less(i, j int) bool { return b.g.Counts[i] < b.g.Counts[j] }
func (b byCount) Swap(i, j int) {
	b.g.Leaves[i], b.g.Leaves[j] = b.g.Leaves[j], b.g.Leaves[i]
	b.g.Counts[i], b.g.Counts[j] = b.g.Counts[j], b.g.Counts[i]
}
