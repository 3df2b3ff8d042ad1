package merge

import (
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
// cost_all = γ·C with γ fixed at 5% (Eq. 11) and cost_fst = cost_snd =
// δ·D(v) (Eq. 13). sift decides for the group of k states that would
// merge, from their cells, with Eq. (6) itself. Over the code ahead (Eq. 7
// sums):
//
//   - A: the sites that read a value tainted from a cell symbolic in some
//     member (Eq. 8 before γ);
//   - F: those of A that also read a cell the members differ on;
//   - D: the sites that read a differing cell.
//
// γ is measured, not assumed: the share of the run's branches on symbolic
// conditions that asked the solver (the rest a model at hand or value sets
// settled; QueryRate). A member on its own asks γ·A; merged, the γ·F of
// those that read a differing cell cost 1+α each (the query over an ite),
// and the other sites that read one, D − γ·F, become queries (an ite is
// settled by neither). So the merge adds α·γ·F + D − γ·F, and
//
//	refuse iff δ·(α·γ·F + D − γ·F) > log2(k)·γ·A
//
// At γ = 1 and k = 2 this is Eq. (6) for a pair (α·cost_fst + cost_snd >
// cost_all). Further departures from Eq. (7):
//
//   - a load or a store is a site only when its address is computed with a
//     tainted index, or (D) when it goes through a differing pointer that
//     is nil in some member: through an ite of locations it is lifted
//     without a query (convention C4);
//   - a cell of a struct object seeds the taint at its field (FieldSeed),
//     not at the whole object;
//   - k states count log2(k) copies of A, not k − 1: a merged state is
//     split again by the branches on its merged values, each telling apart
//     half of the members at best.

// groupCost is the sums of a group: A, the sites that read a symbolic
// cell; F, those of A that read a differing cell too; D, the sites that
// read a differing cell.
type groupCost struct{ A, F, D float64 }

// siftGroups is the sift decision for views idx of one layout: the groups
// to merge (of two or more) and the views refused.
func (q *QHV) siftGroups(st *term.Store, views []*View, idx []int) (groups [][]int, refused []int) {
	if c := q.groupCost(st, views, idx); q.siftAllows(c, len(idx)) {
		return [][]int{idx}, nil
	}
	// Refused whole: the states that agree on every concrete differing
	// cell may still merge (their merge makes no concrete value an ite).
	parts := partitionByCells(views, idx, concreteDiffs(st, views, idx))
	if len(parts) == 1 {
		return nil, idx
	}
	for _, g := range parts {
		if len(g) > 1 && q.siftAllows(q.groupCost(st, views, g), len(g)) {
			groups = append(groups, g)
		} else {
			refused = append(refused, g...)
		}
	}
	return groups, refused
}

// siftAllows is the decision for a group of k states with sums c.
func (q *QHV) siftAllows(c groupCost, k int) bool {
	p, g := q.Params, q.rate
	added := g*p.Alpha*c.F + c.D - g*c.F // more complex queries, new queries
	return !(p.Delta*added > math.Log2(float64(k))*g*c.A)
}

// QueryRate sets γ of sift's form, the share of symbolic branches that
// asked the solver (merge.QueryRater); 1 before any.
func (q *QHV) QueryRate(queries, branches int) {
	q.rate = 1
	if branches > 0 {
		q.rate = min(1, float64(queries)/float64(branches))
	}
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
	key := groupKey{frames: framesKey(first.Frames), ts: ts, td: td, nilLeaf: nilLeaf}
	if c, ok := q.gcs[key]; ok {
		return c
	}
	var c groupCost
	c.A = q.cost.CostOf(first.Frames, func(in ssa.Instruction) float64 { return b2f(asks(ts, in, false)) })
	c.F = q.cost.CostOf(first.Frames, func(in ssa.Instruction) float64 {
		return b2f(asks(ts, in, false) && asks(td, in, false))
	})
	c.D = q.cost.CostOf(first.Frames, func(in ssa.Instruction) float64 { return b2f(asks(td, in, nilLeaf)) })
	if q.gcs == nil {
		q.gcs = map[groupKey]groupCost{}
	}
	q.gcs[key] = c
	return c
}

// groupKey is what a group's costs depend on: where its frames resume,
// the two taints (cached by seeds, so equal seeds share one) and the flags.
type groupKey struct {
	frames  string
	ts, td  *taint
	nilLeaf bool
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
