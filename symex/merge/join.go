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
	atoms  []map[term.Term]bool // per member: its literals' atoms, by sign
	memo   map[string][]term.Term
}

// NewJoiner prepares the joins of one merge.
func NewJoiner(st *term.Store, guards [][]term.Term) *Joiner {
	j := &Joiner{st: st, guards: guards, atoms: make([]map[term.Term]bool, len(guards)), memo: map[string][]term.Term{}}
	for i, g := range guards {
		j.atoms[i] = make(map[term.Term]bool, len(g))
		for _, l := range g {
			a, pos := polarity(st, l)
			j.atoms[i][a] = pos
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
		var later []int
		for i, w := range which {
			if w > k {
				later = append(later, i)
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
func (j *Joiner) cut(i int, later []int) []term.Term {
	left := append([]int(nil), later...)
	var out []term.Term
	for _, l := range j.guards[i] {
		if len(left) == 0 {
			break
		}
		a, pos := polarity(j.st, l)
		kept := left[:0]
		hit := false
		for _, m := range left {
			if p, ok := j.atoms[m][a]; ok && p != pos {
				hit = true
				continue
			}
			kept = append(kept, m)
		}
		left = kept
		if hit {
			out = append(out, l)
		}
	}
	if len(left) > 0 {
		return j.guards[i]
	}
	return out
}
