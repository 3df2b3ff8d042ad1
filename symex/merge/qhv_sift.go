package merge

import (
	"fmt"
	"go/token"
	"go/types"
	"math"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// sift's form of the QHV decision (--qhv-model=sift, the command's
// default; docs/design/merging.md gives the reasons and the figures).
// Eq. (14) is Eq. (6) for one pair of states after two static estimates,
// cost_all = γ·C (Eq. 11) and cost_fst = cost_snd = δ·D(v) (Eq. 13). sift
// decides for the group of k states that would merge, from their values,
// with Eq. (6) itself:
//
//	merged:    A + α·F + S
//	separate:  A + log2(k)·A
//	refuse iff δ·(α·F + S) > log2(k)·A
//
//   - A is Eq. (8): the query sites ahead that read a value tainted from a
//     cell symbolic in some member;
//   - F is Eq. (9): those of A that also read a cell the members differ
//     on (the query stays, over an ite);
//   - S is Eq. (10): the sites that read a differing cell concrete in
//     every member and no symbolic cell (queries only the merge creates).
//
// Where sift's executor differs from the paper's:
//   - a load or a store asks nothing when its address is an ite of
//     locations (convention C4): it is a site only when its address is
//     computed with a tainted index, or, for S, when it goes through a
//     differing pointer that is nil in some member;
//   - with value sets on, a branch comparing a value with a constant is
//     settled in an unmerged state without a query (seed 004): it is not
//     in A or F, and it is in S when it reads a differing cell (over the
//     merged ite it becomes a query);
//   - a memory object's cell seeds the taint at its field (FieldSeed), not
//     at the whole object: a symbolic Value in a list element does not make
//     the element's links symbolic;
//   - k states stand for log2(k) extra copies of A, not k − 1: a merged
//     state is split again by the branches on its merged values, each
//     telling apart half of the members at best, so the paths it saves are
//     bought back after log2(k) such branches. At k = 2 this is Eq. (6).

// groupCost is A, F and S of a group.
type groupCost struct{ A, F, S float64 }

// siftGroups is the sift decision for views idx of one layout: the groups
// to merge (of two or more) and the views refused.
func (q *QHV) siftGroups(st *term.Store, views []*View, idx []int) (groups [][]int, refused []int) {
	if c := q.groupCost(st, views, idx); q.siftAllows(c, len(idx)) {
		return [][]int{idx}, nil
	}
	// Refused whole: the states that agree on every concrete differing
	// cell may still merge (their merge creates no new query).
	byKey := map[string][]int{}
	var order []string
	conc := concreteDiffs(st, views, idx)
	for _, i := range idx {
		key := ""
		for _, c := range conc {
			key += fmt.Sprintf("%d,", views[i].Cells[c].T)
		}
		if _, ok := byKey[key]; !ok {
			order = append(order, key)
		}
		byKey[key] = append(byKey[key], i)
	}
	if len(order) == 1 {
		return nil, idx
	}
	for _, k := range order {
		g := byKey[k]
		if len(g) > 1 && q.siftAllows(q.groupCost(st, views, g), len(g)) {
			groups = append(groups, g)
		} else {
			refused = append(refused, g...)
		}
	}
	return groups, refused
}

// siftAllows is the decision for a group of k states with costs c.
func (q *QHV) siftAllows(c groupCost, k int) bool {
	p := q.Params
	return !(p.Delta*(p.Alpha*c.F+c.S) > math.Log2(float64(k))*c.A)
}

// concreteDiffs are the cells of views idx whose terms differ and are
// constants in every view.
func concreteDiffs(st *term.Store, views []*View, idx []int) []int {
	var out []int
	first := views[idx[0]]
	for c := range first.Cells {
		differs, concrete := false, st.IsConst(first.Cells[c].T)
		for _, i := range idx[1:] {
			t := views[i].Cells[c].T
			differs = differs || t != first.Cells[c].T
			concrete = concrete && st.IsConst(t)
		}
		if differs && concrete {
			out = append(out, c)
		}
	}
	return out
}

// seedsOf adds the taint seeds of the variable of a cell: the field the
// cell lies in when it is in a struct object of known site.
func seedsOf(s *Seeds, cell Cell) {
	id := cell.Var
	switch {
	case id.Value != nil:
		s.Values = append(s.Values, id.Value)
	case id.Site != nil && fieldOf(id.Site, cell.Path) >= 0:
		s.Fields = append(s.Fields, FieldSeed{Site: id.Site, Field: fieldOf(id.Site, cell.Path)})
	case id.Site != nil:
		s.Sites = append(s.Sites, id.Site)
	default:
		s.AllMemory = true
	}
}

// groupCost computes A, F and S for views idx (one layout, one point).
func (q *QHV) groupCost(st *term.Store, views []*View, idx []int) groupCost {
	first := views[idx[0]]
	var sym, dif Seeds
	nilLeaf := false // a differing pointer is nil in some member
	for c, cell := range first.Cells {
		differs, symbolic, hasNil := false, false, false
		for _, i := range idx {
			t := views[i].Cells[c].T
			differs = differs || t != cell.T
			isConst := st.IsConst(t)
			symbolic = symbolic || !isConst
			hasNil = hasNil || (cell.Loc && isConst && st.Value(t).IsZero())
		}
		if symbolic {
			seedsOf(&sym, cell)
		}
		if differs {
			seedsOf(&dif, cell)
			nilLeaf = nilLeaf || hasNil
		}
	}
	ix := q.cost.indexOf(first.Frames)
	taintOf := func(s *Seeds) *taint {
		if len(s.Values)+len(s.Sites)+len(s.Fields) == 0 && !s.AllMemory {
			return nil
		}
		return q.cost.closureOf(ix, s)
	}
	ts, td := taintOf(&sym), taintOf(&dif)
	vs := q.Params.ValueSets
	key := groupKey{frames: framesKey(first.Frames), ts: ts, td: td, nilLeaf: nilLeaf, vs: vs}
	if c, ok := q.gcs[key]; ok {
		return c
	}
	// apart: a query in a member on its own; merged: a query in the
	// merged state (a differing cell is an ite there, which value sets do
	// not settle).
	apart := func(in ssa.Instruction) bool { return asks(ts, in, false) && !(vs && settled(in, ts)) }
	var c groupCost
	c.A = q.cost.CostOf(first.Frames, func(in ssa.Instruction) float64 { return b2f(apart(in)) })
	c.F = q.cost.CostOf(first.Frames, func(in ssa.Instruction) float64 {
		return b2f(apart(in) && asks(td, in, false))
	})
	c.S = q.cost.CostOf(first.Frames, func(in ssa.Instruction) float64 {
		return b2f(!apart(in) && asks(td, in, nilLeaf))
	})
	if q.gcs == nil {
		q.gcs = map[groupKey]groupCost{}
	}
	q.gcs[key] = c
	return c
}

// groupKey is what a group's costs depend on: where its frames resume,
// the two taints (cached by seeds, so equal seeds share one) and the flags.
type groupKey struct {
	frames      string
	ts, td      *taint
	nilLeaf, vs bool
}

// fieldOf is the field of a struct object of site that a cell path starts
// in (".3.V": 3), or -1.
func fieldOf(site ssa.Value, path string) int {
	if _, ok := deref(site.Type()).Underlying().(*types.Struct); !ok || !strings.HasPrefix(path, ".") {
		return -1
	}
	end := 1
	for end < len(path) && path[end] >= '0' && path[end] <= '9' {
		end++
	}
	n, err := strconv.Atoi(path[1:end])
	if err != nil {
		return -1
	}
	return n
}

// settled reports whether value sets settle branch in without a query in
// a state that did not merge: a comparison of which at most one side
// reads a symbolic value (t), the other being concrete in the state.
func settled(in ssa.Instruction, t *taint) bool {
	x, ok := in.(*ssa.If)
	if !ok {
		return false
	}
	b, ok := x.Cond.(*ssa.BinOp)
	if !ok {
		return false
	}
	switch b.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return false
	}
	return t == nil || !t.vals[b.X] || !t.vals[b.Y]
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// asks reports whether query site in asks the solver about a value of
// taint t: a branch on a tainted value; a load or store whose address is
// computed with a tainted index, or, when derefs, through a tainted
// pointer (one that may be nil).
func asks(t *taint, in ssa.Instruction, derefs bool) bool {
	if t == nil {
		return false
	}
	var addr ssa.Value
	switch x := in.(type) {
	case *ssa.If:
		return t.vals[x.Cond]
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return false
		}
		addr = x.X
	case *ssa.Store:
		addr = x.Addr
	default:
		return false
	}
	if derefs && t.vals[addr] {
		return true
	}
	for {
		switch a := addr.(type) {
		case *ssa.FieldAddr:
			addr = a.X
		case *ssa.IndexAddr:
			if t.vals[a.Index] {
				return true
			}
			addr = a.X
		default:
			return false
		}
	}
}
