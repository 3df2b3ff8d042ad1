package svi

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// MaxParts caps the number of SVIs in one Set (the artifact caps at 2001).
// A result with more parts has its closest parts merged, which makes it an
// over-approximation; the operation then reports it as inexact.
const MaxParts = 256

// Set is the value set of one w-bit term: a union of SVIs. Parts are sorted
// by Lo and their hulls [Lo, Hi] are pairwise disjoint, so membership is a
// binary search and the cardinality is the sum of the parts'.
//
// The paper requires all parts of a set to share one stride; Set lets each
// part keep its own, which loses nothing when sets are united.
//
// A Set is a value: operations never modify their operands. Width 0 is
// invalid. Widths above MaxWidth are "wide": the set is the full set of that
// width and can not be narrowed.
type Set struct {
	w     uint
	parts []SVI
}

// Empty returns the empty w-bit set.
func Empty(w uint) Set { return Set{w: w} }

// Full returns every w-bit value.
func Full(w uint) Set {
	if w > MaxWidth {
		return Set{w: w}
	}
	return Set{w: w, parts: []SVI{{0, mask(w), 1}}}
}

// Const returns {v mod 2^w}.
func Const(w uint, v uint64) Set {
	if w > MaxWidth {
		return Full(w)
	}
	v &= mask(w)
	return Set{w: w, parts: []SVI{{v, v, 1}}}
}

// Range returns the values lo..hi with stride 1; lo > hi wraps past 2^w-1.
func Range(w uint, lo, hi uint64) Set {
	s, _ := Strided(w, lo, hi, 1)
	return s
}

// Strided returns the paper's SVI ⟨lo, hi, s⟩_w: lo, lo+s, ... up to hi,
// wrapping past 2^w-1 when lo > hi. It reports false if s = 0 or s does not
// divide (hi - lo) mod 2^w.
func Strided(w uint, lo, hi, s uint64) (Set, bool) {
	if w > MaxWidth {
		return Full(w), true
	}
	m := mask(w)
	lo, hi = lo&m, hi&m
	if s == 0 || s > m && lo != hi || ((hi-lo)&m)%s != 0 {
		return Set{}, false
	}
	if lo == hi {
		return Const(w, lo), true
	}
	set, _ := normalize(w, circ(w, lo, s, ((hi-lo)&m)/s))
	return set, true
}

// FromValues returns the set of the given values (mod 2^w); it is exact
// unless it would need more than MaxParts parts.
func FromValues(w uint, vals []uint64) Result {
	if w > MaxWidth {
		return overApprox(Full(w), "width above 64")
	}
	// Enumerated images repeat values a lot: sort and drop duplicates as
	// plain integers before building parts.
	vs := make([]uint64, len(vals))
	for i, v := range vals {
		vs[i] = v & mask(w)
	}
	slices.Sort(vs)
	vs = slices.Compact(vs)
	ps := make([]SVI, len(vs))
	for i, v := range vs {
		ps[i] = SVI{v, v, 1}
	}
	return fromParts(w, ps, "")
}

// FromSVIs returns the union of the given (non-wrapping, valid) SVIs.
func FromSVIs(w uint, ps ...SVI) Result {
	for _, p := range ps {
		if p.Lo > p.Hi || p.S == 0 || (p.Hi-p.Lo)%p.S != 0 || p.Hi > mask(w) {
			panic(fmt.Sprintf("svi: invalid SVI %v for width %d", p, w))
		}
	}
	return fromParts(w, slices.Clone(ps), "")
}

// circ returns the progression a + i·s mod 2^w, 0 <= i <= n, as at most two
// non-wrapping SVIs. The caller guarantees n·s < 2^w, so it wraps at most once.
func circ(w uint, a, s, n uint64) []SVI {
	m := mask(w)
	a &= m
	if n == 0 {
		return []SVI{{a, a, 1}}
	}
	span := n * s
	if addFits(a, span, w) {
		return []SVI{mkSVI(a, a+span, s)}
	}
	i1 := (m - a) / s // last index before the wrap
	p1 := mkSVI(a, a+i1*s, s)
	lo2 := (a + (i1+1)*s) & m
	hi2 := (a + span) & m
	return []SVI{p1, mkSVI(lo2, hi2, s)}
}

// strideOf is p's stride for gcd purposes: a singleton constrains nothing.
func strideOf(p SVI) uint64 {
	if p.IsSingleton() {
		return 0
	}
	return p.S
}

// hullMerge returns the smallest SVI containing p and q, with p.Lo <= q.Lo.
func hullMerge(p, q SVI) SVI {
	g := gcd(gcd(strideOf(p), strideOf(q)), q.Lo-p.Lo)
	return mkSVI(p.Lo, max(p.Hi, q.Hi), g)
}

// unionEnumLimit bounds the size of two overlapping parts whose union is
// spelled out value by value when no single SVI denotes it.
const unionEnumLimit = 64

// normalize sorts parts and merges overlapping or lattice-adjacent ones. It
// reports whether the result denotes exactly the union of the input parts.
func normalize(w uint, ps []SVI) (Set, bool) {
	if len(ps) == 0 {
		return Set{w: w}, true
	}
	sortParts(ps)
	exact := true
	var out []SVI
	cur := ps[0]
	for i := 1; i < len(ps); i++ {
		q := ps[i]
		switch {
		case q.subsetOf(cur):
		case q.Lo <= cur.Hi: // hulls overlap
			if cur.subsetOf(q) && cur.Lo == q.Lo {
				cur = q
				continue
			}
			m := hullMerge(cur, q)
			if unionIsExactly(m, cur, q) {
				cur = m
				continue
			}
			if cur.N() < unionEnumLimit && q.N() < unionEnumLimit {
				// Spell the union out; the points re-merge greedily.
				rest := append(pointsOf(cur), pointsOf(q)...)
				rest = append(rest, ps[i+1:]...)
				sortParts(rest)
				ps, i = rest, 0
				cur = ps[0]
				continue
			}
			exact = false
			cur = m
		default: // disjoint hulls: merge only if the union is one progression
			gap := q.Lo - cur.Hi
			if (cur.IsSingleton() || cur.S == gap) && (q.IsSingleton() || q.S == gap) {
				cur = mkSVI(cur.Lo, q.Hi, gap)
			} else {
				out = append(out, cur)
				cur = q
			}
		}
	}
	out = mergeAdjacent(append(out, cur))
	if len(out) > MaxParts {
		out = capParts(out, MaxParts)
		exact = false
	}
	return Set{w: w, parts: out}, exact
}

// mergeAdjacent joins neighbours whose union is one progression, which the
// greedy sweep can miss when a part grew after its left neighbour was done.
func mergeAdjacent(ps []SVI) []SVI {
	out := ps[:1]
	for _, q := range ps[1:] {
		cur := out[len(out)-1]
		gap := q.Lo - cur.Hi
		if (cur.IsSingleton() || cur.S == gap) && (q.IsSingleton() || q.S == gap) {
			out[len(out)-1] = mkSVI(cur.Lo, q.Hi, gap)
			continue
		}
		out = append(out, q)
	}
	return out
}

func sortParts(ps []SVI) {
	slices.SortFunc(ps, func(p, q SVI) int {
		if p.Lo != q.Lo {
			return cmp.Compare(p.Lo, q.Lo)
		}
		return cmp.Compare(q.Hi, p.Hi)
	})
}

// pointsOf lists p's elements as singleton parts.
func pointsOf(p SVI) []SVI {
	var out []SVI
	for v := p.Lo; ; v += p.S {
		out = append(out, SVI{v, v, 1})
		if v == p.Hi {
			return out
		}
	}
}

// unionIsExactly reports whether m = p ∪ q, given p ∪ q ⊆ m.
func unionIsExactly(m, p, q SVI) bool {
	// |m| = |p| + |q| - |p∩q|, written with N = card-1 to avoid overflow.
	var meetCard uint64
	if r, ok := meetSVI(p, q); ok {
		meetCard = r.N() + 1
	}
	if meetCard == 0 {
		return m.N()-p.N() == q.N()+1
	}
	return m.N()-p.N() == q.N()-(meetCard-1)
}

// capParts merges the parts separated by the smallest gaps until at most
// limit parts remain.
func capParts(ps []SVI, limit int) []SVI {
	gaps := make([]uint64, len(ps)-1)
	for i := range gaps {
		gaps[i] = ps[i+1].Lo - ps[i].Hi
	}
	sorted := slices.Clone(gaps)
	slices.Sort(sorted)
	threshold := sorted[len(ps)-limit-1]
	out := []SVI{ps[0]}
	for i, q := range ps[1:] {
		if gaps[i] <= threshold {
			out[len(out)-1] = hullMerge(out[len(out)-1], q)
		} else {
			out = append(out, q)
		}
	}
	return out
}

// W is the bit width of the set's values.
func (a Set) W() uint { return a.w }

// Wide reports whether the width exceeds MaxWidth (the set is then full and
// carries no information).
func (a Set) Wide() bool { return a.w > MaxWidth }

// Parts returns a copy of the SVIs, sorted by Lo.
func (a Set) Parts() []SVI { return slices.Clone(a.parts) }

// IsEmpty reports whether the set has no element (never true for wide sets).
func (a Set) IsEmpty() bool { return !a.Wide() && len(a.parts) == 0 }

// IsFull reports whether the set holds every w-bit value.
func (a Set) IsFull() bool {
	return a.Wide() || len(a.parts) == 1 && a.parts[0] == SVI{0, mask(a.w), 1}
}

// Min is the smallest element (unsigned); ok is false for an empty set.
func (a Set) Min() (uint64, bool) {
	if a.Wide() {
		return 0, true
	}
	if len(a.parts) == 0 {
		return 0, false
	}
	return a.parts[0].Lo, true
}

// Max is the largest element (unsigned); ok is false for an empty set.
func (a Set) Max() (uint64, bool) {
	if a.Wide() {
		return ^uint64(0), true
	}
	if len(a.parts) == 0 {
		return 0, false
	}
	return a.parts[len(a.parts)-1].Hi, true
}

// Singleton returns the only element of a one-element set.
func (a Set) Singleton() (uint64, bool) {
	if len(a.parts) == 1 && a.parts[0].IsSingleton() && !a.Wide() {
		return a.parts[0].Lo, true
	}
	return 0, false
}

// Card is the number of elements, saturated at 2^64-1 (only the full 64-bit
// set, and wide sets, saturate).
func (a Set) Card() uint64 {
	if a.Wide() {
		return ^uint64(0)
	}
	var c uint64
	for _, p := range a.parts {
		n := p.N() + 1
		if n == 0 || c+n < c {
			return ^uint64(0)
		}
		c += n
	}
	return c
}

// Contains reports whether v is an element.
func (a Set) Contains(v uint64) bool {
	if a.Wide() {
		return true
	}
	i := sort.Search(len(a.parts), func(i int) bool { return a.parts[i].Hi >= v })
	return i < len(a.parts) && a.parts[i].Contains(v)
}

// Lub is the largest element <= v.
func (a Set) Lub(v uint64) (uint64, bool) {
	for i := len(a.parts) - 1; i >= 0; i-- {
		if r, ok := a.parts[i].Lub(v); ok {
			return r, true
		}
	}
	return 0, false
}

// Glb is the smallest element >= v.
func (a Set) Glb(v uint64) (uint64, bool) {
	for _, p := range a.parts {
		if r, ok := p.Glb(v); ok {
			return r, true
		}
	}
	return 0, false
}

// Elements lists the elements in increasing order if there are at most limit
// of them; ok is false otherwise.
func (a Set) Elements(limit int) ([]uint64, bool) {
	if a.Wide() || a.Card() > uint64(limit) {
		return nil, false
	}
	var out []uint64
	for _, p := range a.parts {
		for v := p.Lo; ; v += p.S {
			out = append(out, v)
			if v == p.Hi {
				break
			}
		}
	}
	return out, true
}

// Witness picks one element: the smallest, which for a narrowed input is the
// test input the paper generates at a path's end.
func (a Set) Witness() (uint64, bool) { return a.Min() }

// Equal reports whether both sets have the same width and elements.
func (a Set) Equal(b Set) bool {
	if a.w != b.w {
		return false
	}
	return slices.Equal(a.parts, b.parts) || a.SubsetOf(b) && b.SubsetOf(a)
}

// SubsetOf reports whether every element of a is in b.
func (a Set) SubsetOf(b Set) bool {
	if b.Wide() {
		return true
	}
	if a.Wide() {
		return false
	}
	for _, p := range a.parts {
		var sum uint64
		for _, q := range b.parts {
			if r, ok := meetSVI(p, q); ok {
				sum += r.N() + 1
			}
		}
		if sum == 0 || sum != p.N()+1 {
			return false
		}
	}
	return true
}

// Meet is a ∩ b. It is exact unless the result exceeds MaxParts.
func Meet(a, b Set) Result {
	if a.Wide() {
		return exact(b)
	}
	if b.Wide() {
		return exact(a)
	}
	var ps []SVI
	j := 0
	for _, p := range a.parts {
		for j < len(b.parts) && b.parts[j].Hi < p.Lo {
			j++
		}
		for k := j; k < len(b.parts) && b.parts[k].Lo <= p.Hi; k++ {
			if r, ok := meetSVI(p, b.parts[k]); ok {
				ps = append(ps, r)
			}
		}
	}
	return fromParts(a.w, ps, "")
}

// Join is a ∪ b (the value set of an ite or of a control-flow join).
func Join(a, b Set) Result {
	if a.Wide() || b.Wide() {
		return exact(Full(a.w))
	}
	return fromParts(a.w, append(slices.Clone(a.parts), b.parts...), "")
}

// clip returns a ∩ [lo, hi] (no wrap; empty if lo > hi).
func (a Set) clip(lo, hi uint64) Set {
	if a.Wide() {
		return a
	}
	var ps []SVI
	for _, p := range a.parts {
		if r, ok := p.Clip(lo, hi); ok {
			ps = append(ps, r)
		}
	}
	return Set{w: a.w, parts: ps}
}

// Remove is a \ {v}. It is exact unless the result exceeds MaxParts; a
// wide set stays wide (inexact).
func (a Set) Remove(v uint64) Result {
	if a.Wide() {
		return overApprox(a, "width above 64")
	}
	if !a.Contains(v) {
		return exact(a)
	}
	var ps []SVI
	for _, p := range a.parts {
		if !p.Contains(v) {
			ps = append(ps, p)
			continue
		}
		if v > p.Lo {
			ps = append(ps, mkSVI(p.Lo, v-p.S, p.S))
		}
		if v < p.Hi {
			ps = append(ps, mkSVI(v+p.S, p.Hi, p.S))
		}
	}
	return fromParts(a.w, ps, "")
}

func (a Set) String() string {
	if a.Wide() {
		return fmt.Sprintf("top_%d", a.w)
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, p := range a.parts {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(p.String())
	}
	fmt.Fprintf(&b, "}_%d", a.w)
	return b.String()
}
