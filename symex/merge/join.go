package merge

import (
	"strconv"
	"strings"

	"github.com/sift-solver/sift/term"
)

// Join is the value join of merged states (Def. 2.1's merge_var, seed
// 001's gated φ, seed 002's Fig. 4) for one cell whose value in member i is
// vals[i]. guards[i] is member i's guard as a conjunction of literals; the
// guards must be exact relative to the merged path constraint (under any
// model of it exactly one holds). See Joiner.
func Join(st *term.Store, guards [][]term.Term, vals []term.Term) term.Term {
	return NewJoiner(st, guards).Join(vals)
}

// Joiner joins the cells of one merge: the members and their guards are
// fixed, and the guards it builds are shared by every cell whose values
// split the members the same way.
//
// Members with equal values (hash-consed, so equal terms) share one arm;
// the arms nest in the order of the members' first appearance, the first
// outermost (seed 001 puts the newest member first), and the last arm is
// the default, whose guard is never built. An arm's guard only has to hold
// for its members and fail for the members of later arms, since earlier
// arms already failed. So each member's guard is cut down to the literals
// that exclude those later members syntactically (a literal whose negation
// is in the later member's guard: the fork where the two paths parted),
// taken greedily in order; when some later member has no such literal the
// member keeps its whole guard, which excludes it semantically. The arm's
// guard is the Disjunction of its members' guards, so siblings fold back
// into their common prefix.
type Joiner struct {
	st     *term.Store
	guards [][]term.Term
	// with holds, per atom and sign, the set of members whose guard has
	// the atom with that sign: cut tests a literal against every later
	// member at once (a merge of thousands of states at a join made the
	// member-by-member test quadratic).
	with map[signedAtom]bitset
	memo map[string][]term.Term
}

type signedAtom struct {
	atom term.Term
	pos  bool
}

// bitset is a set of members.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

func (b bitset) add(i int) { b[i/64] |= 1 << (i % 64) }

func (b bitset) empty() bool {
	for _, w := range b {
		if w != 0 {
			return false
		}
	}
	return true
}

// NewJoiner prepares the joins of one merge.
func NewJoiner(st *term.Store, guards [][]term.Term) *Joiner {
	j := &Joiner{st: st, guards: guards, with: map[signedAtom]bitset{}, memo: map[string][]term.Term{}}
	for i, g := range guards {
		signs := make(map[term.Term]bool, len(g)) // the last literal of an atom decides its sign
		for _, l := range g {
			a, pos := polarity(st, l)
			signs[a] = pos
		}
		for a, pos := range signs {
			k := signedAtom{a, pos}
			b := j.with[k]
			if b == nil {
				b = newBitset(len(guards))
				j.with[k] = b
			}
			b.add(i)
		}
	}
	return j
}

// Join returns the joined term of one cell.
func (j *Joiner) Join(vals []term.Term) term.Term {
	if len(vals) == 0 {
		return term.NoTerm
	}
	distinct := []term.Term{vals[0]}
	which := make([]int, len(vals))
	for i, v := range vals {
		k := 0
		for k < len(distinct) && distinct[k] != v {
			k++
		}
		if k == len(distinct) {
			distinct = append(distinct, v)
		}
		which[i] = k
	}
	if len(distinct) == 1 {
		return distinct[0]
	}
	arms := j.armGuards(which, len(distinct))
	out := distinct[len(distinct)-1]
	for k := len(distinct) - 2; k >= 0; k-- {
		out = j.st.Ite(arms[k], distinct[k], out)
	}
	return out
}

// armGuards returns the guard of every arm but the last, for the split of
// the members into arms given by which.
func (j *Joiner) armGuards(which []int, narms int) []term.Term {
	var key strings.Builder
	for _, w := range which {
		key.WriteString(strconv.Itoa(w))
		key.WriteByte(',')
	}
	if g, ok := j.memo[key.String()]; ok {
		return g
	}
	arms := make([]term.Term, narms-1)
	for k := range arms {
		later := newBitset(len(which))
		for i, w := range which {
			if w > k {
				later.add(i)
			}
		}
		var conj [][]term.Term
		for i, w := range which {
			if w == k {
				conj = append(conj, j.cut(i, later))
			}
		}
		arms[k] = Disjunction(j.st, conj)
	}
	j.memo[key.String()] = arms
	return arms
}

// cut returns the literals of member i's guard that exclude every member
// in later syntactically, or the whole guard when some cannot be.
func (j *Joiner) cut(i int, later bitset) []term.Term {
	left := append(bitset(nil), later...)
	var out []term.Term
	for _, l := range j.guards[i] {
		if left.empty() {
			break
		}
		a, pos := polarity(j.st, l)
		other := j.with[signedAtom{a, !pos}]
		hit := false
		for w := range other {
			if x := left[w] & other[w]; x != 0 {
				hit = true
				left[w] &^= x
			}
		}
		if hit {
			out = append(out, l)
		}
	}
	if !left.empty() {
		return j.guards[i]
	}
	return out
}
