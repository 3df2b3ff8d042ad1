package merge

import (
	"slices"

	"github.com/sift-solver/sift/term"
)

// pat's cost test: seed 002's query hot values (Eq. 14, qhv.go) decide
// which of pat's merges pay. A merge turns the members' values into t(k)
// or ite terms; when such a value is read by the branches, loads and
// stores ahead, every one of them becomes a query over the merged value
// (often a fork that splits the merged state again), where each member
// alone would have had a concrete-index read that its value sets settle.
// And where no query site lies ahead at all, a merge saves nothing. So
// with the veto on (Pat.Veto), a point with nothing ahead merges nothing,
// and a pattern group whose differing cells
// include a hot variable stays unmerged, and the standard merges pat
// makes (joins, fallbacks) are qhv's, vetoed the same way. Unlike qhv,
// pat's test weighs the number of states that would merge (QHV.Shared):
// where paths explode, merging a variable few sites ahead read pays
// (utf8.RuneCountInString at 16: 1.2 s against 3.9 s with the pairwise
// test).

// NewPatVeto returns the veto pat uses: qhv's cost model with the paper's
// parameters (params, when not nil, replaces them).
func NewPatVeto(params *QHVParams) *QHV {
	q := NewQHV(KindJoin)
	if params != nil {
		q.Params = *params
		q.Params.Model = "paper" // pat's veto is Eq. (14)'s hot test
		q.cost.Beta = params.Beta
	}
	q.Shared = true
	return q
}

// idle reports whether no query site lies ahead of v's point (Eq. 7 with
// every site counting is 0): merging there saves no query, and building
// the merged state (a disjunction or pattern over every member) is pure
// cost.
func (p *Pat) idle(v *View) bool { return p.idleAt(v.Point, v.Frames) }

func (p *Pat) idleAt(pt Point, frames []Frame) bool {
	return p.Veto != nil && p.Veto.costAt(pt, frames) == 0
}

// Parks declines the idle points (merge.Parker): states there would wait
// for a merge that is refused.
func (p *Pat) Parks(pt Point, frames []Frame) bool { return !p.idleAt(pt, frames) }

// hotGroup reports whether some cell that differs between the members is
// hot at their point. (Members of different layouts: not; the merge refuses
// them on its own.)
func (p *Pat) hotGroup(views []*View, members []int) bool {
	if p.Veto == nil || len(members) < 2 {
		return false
	}
	hot := slices.Collect(p.Veto.hotCells(views, members))
	if p.Veto.Shared && len(hot) > 0 {
		if groups, _ := p.Veto.groupBy(views, members, hot); len(groups) > 2 {
			hot = p.Veto.unshared(views[members[0]], hot, len(groups))
		}
	}
	return len(hot) > 0
}

// standard merges views the standard way: Std, or with the veto on and
// NoStdVeto off qhv (sharing the veto's cost caches), counting into pat's
// stats.
func (p *Pat) standard(st *term.Store, views []*View) ([]Merged, error) {
	if p.Veto == nil || p.NoStdVeto {
		var std Std
		ms, err := std.Merge(st, views)
		p.absorb(&std.stats)
		return ms, err
	}
	q := &QHV{Params: p.Veto.Params, Shared: p.Veto.Shared, kinds: p.Veto.kinds, cost: p.Veto.cost, cs: p.Veto.cs, ds: p.Veto.ds}
	ms, err := q.Merge(st, views)
	p.absorb(&q.stats)
	return ms, err
}

// refusePCOnly undoes the merges of ms in which no cell differs between the
// members: merges of path constraints alone, at a join. Such a merge saves
// running the members separately only as far as the next merge point,
// where, their values still equal, they would merge anyway (or, once some
// value differs, merge there with that value joined); meanwhile the merged
// state's branches on what the members' path constraints decided
// differently are settled only where every member's value sets agree, and
// its queries carry the disjunction. Measured on the strconv parsers (8
// and 16 bytes: 0.54× and 0.80× pat's CPU with these merges) and
// utf8.RuneCountInString (0.96×), but not path.Clean (1.17×):
// docs/bench/symex-merge/README.md.
func (p *Pat) refusePCOnly(views []*View, ms []Merged) []Merged {
	return slices.DeleteFunc(ms, func(m Merged) bool {
		first := views[m.Members[0]].Cells
		for c, t := range m.Cells {
			if t != first[c].T {
				return false
			}
		}
		p.stats.Merges--
		p.stats.StatesMerged -= len(m.Members)
		p.stats.Refuse(RefusedPCOnly, len(m.Members))
		return true
	})
}
