package merge

import (
	"encoding/binary"
	"iter"
	"math"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// QHV is seed 002's merging: the standard merge (heaps included: the
// executor pairs objects by allocation site and turns pointers into ite
// trees over them) vetoed by query hot values. Two states at a point merge
// unless some variable whose values differ between them is hot there,
// Eq. (14):
//
//	(1+α)·δ·D(v) > γ·C
//
// with C = cost(l, λ.1) and D(v) = cost(l, λ. site depends on v), Eq. (7)
// over the code ahead (qhv_cost.go). The states at a point are taken in
// arrival order and each joins the first group whose members it may merge
// with (greedy and pairwise, convention C6); a state that some group
// refuses because of a hot variable and that ends alone counts as a refusal
// "hot variable". Variables whose values are equal never block a merge, so
// a pure path-constraint join is always allowed (digest pitfall 10).
type QHV struct {
	Params QHVParams
	kinds  Kind
	stats  Stats
	cost   *CostModel
	// Shared, when set (pat's veto), scales the test with the number n of
	// different hot values the states at a point hold: a variable stays
	// hot when (1+α)·δ·D(v) > γ·C·log2(n). Eq. (14) is the pairwise test
	// (n = 2, log2 n = 1); n states merging at once are log2(n) rounds of
	// pairwise merges, each saving the code ahead a fork, so a point where
	// paths explode (many states, each with its own value of a variable few
	// sites ahead read) pays for the queries its merged value costs, and a
	// variable most sites ahead read stays hot until n is very large. A
	// heuristic: log2 rather than n−1 because n−1 merged path.Clean's
	// buffer indexes at 8 bytes (15 states, D/C = 0.34) into a 20× slowdown
	// (docs/bench/symex-merge/README.md).
	Shared bool
	// cache: C per point, D per point and variable.
	cs map[Point]float64
	ds map[qhvKey]float64
	// sift's form: the sums by frames and taints, and the measured share
	// of symbolic branches that asked the solver (1 until known)
	gcs  map[groupKey]groupCost
	rate float64
}

// QHVParams are the parameters of Eq. (7) and (14), with the paper's
// defaults (β = 1, γ = 0.05, δ = 1; α = 1, its Table 2 setting that brings
// test_who back to the unmerged time).
type QHVParams struct {
	Alpha, Beta, Gamma, Delta float64
	// Model is the decision: "paper" (Eq. 14 per variable, γ the share of
	// symbolic variables) or "sift" (Eq. 6 per group of states from their
	// values, qhv_sift.go; γ unused).
	Model string
}

// DefaultQHVParams are the paper's settings.
func DefaultQHVParams() QHVParams {
	return QHVParams{Alpha: 1, Beta: 1, Gamma: 0.05, Delta: 1, Model: "paper"}
}

type qhvKey struct {
	p   Point
	v   VarID
	obj ssa.Value
}

func init() {
	Register("qhv", func(o Options) (Strategy, error) {
		q := NewQHV(o.Kinds)
		if o.QHV != nil {
			q.Params = *o.QHV
		}
		q.cost.Beta = q.Params.Beta
		return q, nil
	})
}

// NewQHV returns QHV with the paper's parameters, merging at kinds (0:
// joins, seed 002's type-1 points).
func NewQHV(kinds Kind) *QHV {
	if kinds == 0 {
		kinds = KindJoin
	}
	p := DefaultQHVParams()
	return &QHV{Params: p, kinds: kinds, cost: &CostModel{Beta: p.Beta}, cs: map[Point]float64{}, ds: map[qhvKey]float64{},
		rate: 1}
}

func (q *QHV) Name() string  { return "qhv" }
func (q *QHV) Kinds() Kind   { return q.kinds }
func (q *QHV) Stats() *Stats { return &q.stats }

// Merge groups the views by layout, then within a layout greedily by the
// hot-variable veto, and merges each group of two or more the standard way.
func (q *QHV) Merge(st *term.Store, views []*View) ([]Merged, error) {
	q.cost.Beta = q.Params.Beta
	var out []Merged
	for _, idx := range ByLayout(views) {
		if len(idx) < 2 {
			q.stats.Refuse(layoutReason(views, idx[0]), 1)
			continue
		}
		if q.Params.Model == "sift" {
			groups, refused := q.siftGroups(st, views, idx)
			q.stats.Refuse("query cost", len(refused))
			for _, g := range groups {
				out = q.stats.standard(st, views, g, out)
			}
			continue
		}
		groups, vetoed := q.group(views, idx)
		for _, g := range groups {
			if len(g) < 2 {
				if vetoed[g[0]] {
					q.stats.Refuse("hot variable", 1)
				}
				continue
			}
			out = q.stats.standard(st, views, g, out)
		}
	}
	return out, nil
}

// group is the greedy pairwise grouping of C6 for views idx of one layout:
// each view in arrival order joins the first group whose members it may
// merge with (no cell whose terms differ between it and a member holds a
// hot variable), or opens one. vetoed marks the views some group refused
// and the first views of the groups that refused one.
//
// The test is made once per cell, not per pair: in one layout a cell holds
// the same variable in every view, and hot-ness depends on the point and
// the variable only. Two views may then merge exactly when they agree on
// every hot cell, so the members of a group agree with each other there, a
// view may join only the group whose hot cells equal its own, and that
// group is found by its key (at thousands of waiting states the pairwise
// test was quadratic).
func (q *QHV) group(views []*View, idx []int) (groups [][]int, vetoed map[int]bool) {
	hot := slices.Collect(q.hotCells(views, idx))
	groups, vetoed = q.groupBy(views, idx, hot)
	if q.Shared && len(groups) > 2 {
		if h := q.unshared(views[idx[0]], hot, len(groups)); len(h) < len(hot) {
			return q.groupBy(views, idx, h)
		}
	}
	return groups, vetoed
}

// unshared keeps the hot cells (of view v) that stay hot when n states
// with different hot values would merge into one (QHV.Shared).
func (q *QHV) unshared(v *View, hot []int, n int) []int {
	p := q.Params
	C := q.costAt(v.Point, v.Frames)
	var out []int
	for _, c := range hot {
		if (1+p.Alpha)*p.Delta*q.dOf(v, v.Cells[c].Var) > p.Gamma*C*math.Log2(float64(n)) {
			out = append(out, c)
		}
	}
	return out
}

// groupBy groups views idx by their terms in the hot cells. A view is
// vetoed when a group opened before its own refused it: every member of a
// later group, and the first of the first group when there are others.
func (q *QHV) groupBy(views []*View, idx []int, hot []int) (groups [][]int, vetoed map[int]bool) {
	groups = partitionByCells(views, idx, hot)
	vetoed = map[int]bool{}
	if len(groups) > 1 {
		vetoed[groups[0][0]] = true
		for _, g := range groups[1:] {
			for _, i := range g {
				vetoed[i] = true
			}
		}
	}
	return groups, vetoed
}

// partitionByCells splits views idx into the classes of equal terms in
// cells, in the order their first members come.
func partitionByCells(views []*View, idx []int, cells []int) [][]int {
	var groups [][]int
	byKey := map[string]int{} // the cells' terms → group
	key := make([]byte, 0, 4*len(cells))
	for _, i := range idx {
		key = key[:0]
		for _, c := range cells {
			key = binary.LittleEndian.AppendUint32(key, uint32(views[i].Cells[c].T))
		}
		g, ok := byKey[string(key)]
		if !ok {
			g = len(groups)
			byKey[string(key)] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], i)
	}
	return groups
}

// hotCells yields, in order, the cells whose terms differ between views
// idx and that hold a variable hot at their point. It stops at a view
// with fewer cells than the first (another layout).
func (q *QHV) hotCells(views []*View, idx []int) iter.Seq[int] {
	return func(yield func(int) bool) {
		first := views[idx[0]]
		for c := range first.Cells {
			for _, i := range idx[1:] {
				cells := views[i].Cells
				if c >= len(cells) {
					return
				}
				if cells[c].T != first.Cells[c].T {
					if q.hot(first, first.Cells[c].Var) && !yield(c) {
						return
					}
					break
				}
			}
		}
	}
}

// costAt is C, Eq. (7) with every site counting, at point pt (cached).
func (q *QHV) costAt(pt Point, frames []Frame) float64 {
	C, ok := q.cs[pt]
	if !ok {
		C = q.cost.Cost(frames, nil)
		q.cs[pt] = C
	}
	return C
}

// hot is Eq. (14) for variable id at v's point.
func (q *QHV) hot(v *View, id VarID) bool {
	p := q.Params
	C := q.costAt(v.Point, v.Frames)
	return (1+p.Alpha)*p.Delta*q.dOf(v, id) > p.Gamma*C
}

// dOf is D(v), Eq. (7) over the sites that depend on variable id, at v's
// point (cached).
func (q *QHV) dOf(v *View, id VarID) float64 {
	key := qhvKey{p: v.Point, v: id}
	if id.Site != nil {
		key.v.Obj, key.v.Site, key.obj = 0, nil, id.Site // D depends on the site only
	}
	D, ok := q.ds[key]
	if !ok {
		seeds := &Seeds{}
		switch {
		case id.Value != nil:
			seeds.Values = []ssa.Value{id.Value}
		case id.Site != nil:
			seeds.Sites = []ssa.Value{id.Site}
		default:
			seeds.AllMemory = true
		}
		D = q.cost.Cost(v.Frames, seeds)
		q.ds[key] = D
	}
	return D
}

// layoutReason is why view i has no partner: "heap" when another view at
// the point has the same frames but a heap of another shape, else
// "layout".
func layoutReason(views []*View, i int) string {
	for j, u := range views {
		if j != i && u.FrameLayout != 0 && u.FrameLayout == views[i].FrameLayout {
			return "heap"
		}
	}
	return "layout"
}
