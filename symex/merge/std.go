package merge

import (
	"github.com/sift-solver/sift/term"
)

// Std is the standard merge of seed 000's Def. 2.1: the views at one point
// with equal layouts merge into one state whose path constraint is the
// disjunction of theirs and whose differing cells are ite chains. It parks
// states at joins and at the exits of symbolic loops unless told otherwise.
type Std struct {
	kinds Kind
	stats Stats
}

func init() {
	Register("std", func(o Options) (Strategy, error) { return NewStd(o.Kinds), nil })
}

// NewStd returns the standard strategy merging at kinds (0: joins and loop
// exits).
func NewStd(kinds Kind) *Std {
	if kinds == 0 {
		kinds = KindJoin | KindLoopExit
	}
	return &Std{kinds: kinds}
}

func (s *Std) Name() string  { return "std" }
func (s *Std) Kinds() Kind   { return s.kinds }
func (s *Std) Stats() *Stats { return &s.stats }

// Merge merges every group of views with equal layouts.
func (s *Std) Merge(st *term.Store, views []*View) ([]Merged, error) {
	var out []Merged
	for _, idx := range ByLayout(views) {
		if len(idx) < 2 {
			s.stats.Refuse(layoutReason(views, idx[0]), 1)
			continue
		}
		out = s.stats.standard(st, views, idx, out)
	}
	return out, nil
}

// standard is Standard for one group, counted: the merged state is
// appended to out, or the refusal counted.
func (s *Stats) standard(st *term.Store, views []*View, members []int, out []Merged) []Merged {
	s.Attempts++
	m, why := Standard(st, views, members)
	if why != "" {
		s.Refuse(why, len(members))
		return out
	}
	s.Merges++
	s.StatesMerged += len(members)
	return append(out, m)
}

// ByLayout groups the indices of views by equal Layout, in the order of
// first appearance.
func ByLayout(views []*View) [][]int {
	var groups [][]int
	at := map[uint64]int{}
	for i, v := range views {
		g, ok := at[v.Layout]
		if !ok {
			g = len(groups)
			at[v.Layout] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], i)
	}
	return groups
}

// Standard builds the standard merge (Def. 2.1) of views[members], which
// must have equal layouts. The conjuncts every member shares stay as they
// are; the merged path constraint is common ∧ ⋁ rest_i, where rest_i are
// member i's other conjuncts, and a differing cell becomes a Join over the
// guards ⋀ rest_i. That guard is exact because the members' path
// constraints are pairwise disjoint (the executor's pcs are exact, and a
// concrete input follows one path), so under common ∧ ⋁ rest_i exactly one
// rest_i holds. It returns a refusal reason instead when a member has no
// conjunct of its own while cells differ (seed 002's empty guard), or when
// the members' cells do not line up.
func Standard(st *term.Store, views []*View, members []int) (Merged, string) {
	n := len(members)
	ncells := len(views[members[0]].Cells)
	count := map[term.Term]int{}
	for _, i := range members {
		if len(views[i].Cells) != ncells {
			return Merged{}, "layout"
		}
		for _, c := range dedupe(views[i].PC) {
			count[c]++
		}
	}
	var common []term.Term
	for _, c := range dedupe(views[members[0]].PC) {
		if count[c] == n {
			common = append(common, c)
		}
	}
	rests := make([][]term.Term, n)
	emptyGuard := false
	for k, i := range members {
		implied := impliedOnly(views[i])
		for _, c := range dedupe(views[i].PC) {
			if count[c] != n && !implied[c] {
				rests[k] = append(rests[k], c)
			}
		}
		emptyGuard = emptyGuard || len(rests[k]) == 0
	}
	join := NewJoiner(st, rests)
	cells := make([]term.Term, ncells)
	vals := make([]term.Term, n)
	for c := range cells {
		same := true
		for k, i := range members {
			vals[k] = views[i].Cells[c].T
			same = same && vals[k] == vals[0]
		}
		if same {
			cells[c] = vals[0]
			continue
		}
		if emptyGuard {
			return Merged{}, "empty guard"
		}
		cells[c] = join.Join(vals)
	}
	pc := common
	if d := Disjunction(st, rests); d != st.True() {
		pc = append(pc, d)
	}
	return Merged{Members: append([]int(nil), members...), PC: pc, Cells: cells}, ""
}

// impliedOnly is the set of v's conjuncts that occur in its PC as implied
// steps only. Each is implied by the conjuncts before it, so a member's
// own conjuncts without them still say exactly its path constraint, and
// the disjunction and the guards of its cells are smaller (path.Match at
// 3 bytes under pat: 3.1 s against 3.8 s).
func impliedOnly(v *View) map[term.Term]bool {
	if len(v.Implied) == 0 {
		return nil
	}
	out := map[term.Term]bool{}
	for _, j := range v.Implied {
		out[v.PC[j]] = true
	}
	next := 0 // into v.Implied, ascending
	for j, c := range v.PC {
		if next < len(v.Implied) && v.Implied[next] == j {
			next++
			continue
		}
		delete(out, c) // also a conjunct of its own
	}
	return out
}

func dedupe(ts []term.Term) []term.Term {
	seen := make(map[term.Term]bool, len(ts))
	out := make([]term.Term, 0, len(ts))
	for _, t := range ts {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}
