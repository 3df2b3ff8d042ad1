package merge

import (
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// TestQHVSiftSites checks what sift's form counts as a query site over
// the taint of a differing pointer p: the branches that read p or what it
// points to, and the load through p only where p may be nil (C4: a load
// through an ite of non-nil locations is lifted); a load at an index read
// from p's object (a tainted index) always.
func TestQHVSiftSites(t *testing.T) {
	pkg := buildSSA(t, `package p
type node struct {
	key  int8
	next *node
}
func F(p *node, xs []int8, q int8) int8 {
	if p == nil {
		return 0
	}
	k := p.key
	if k < q {
		return xs[k]
	}
	if k > 10 {
		return 1
	}
	return 2
}`)
	fn := pkg.Func("F")
	tp := firstParamTaint(fn)
	var ifs, loads []ssa.Instruction
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch x := in.(type) {
			case *ssa.If:
				ifs = append(ifs, in)
			case *ssa.UnOp:
				if x.Op.String() == "*" {
					loads = append(loads, in)
				}
			}
		}
	}
	if len(ifs) != 3 || len(loads) != 2 {
		t.Fatalf("want 3 branches and 2 loads in F, got %v and %v", ifs, loads)
	}
	for i, want := range []bool{true, true, true} {
		if got := asks(tp, ifs[i], false); got != want {
			t.Errorf("branch %v: asks %v, want %v", ifs[i], got, want)
		}
	}
	// loads[0] is p.key (through p), loads[1] is xs[k] (index k from p's object).
	cases := []struct {
		in            ssa.Instruction
		derefs, wants bool
	}{
		{loads[0], false, false}, {loads[0], true, true}, {loads[1], false, true}, {loads[1], true, true},
	}
	for _, c := range cases {
		if got := asks(tp, c.in, c.derefs); got != c.wants {
			t.Errorf("load %v (nil leaf %v): asks %v, want %v", c.in, c.derefs, got, c.wants)
		}
	}
}

// TestQHVSiftDecision checks the decision δ·(α·γ·F + D − γ·F) >
// log2(k)·γ·A: at γ = 1 and k = 2 it is Eq. (6) for a pair, α·F + S
// against A with S = D − F the sites only a differing cell reaches; more
// states meeting weigh the queries they would ask apart; a measured γ
// below 1 makes the symbolic sites of the separate states cheap and the
// settled ones a merge turns into queries count.
func TestQHVSiftDecision(t *testing.T) {
	for _, c := range []struct {
		c        groupCost
		k        int
		queries  int
		branches int
		merge    bool
	}{
		{groupCost{A: 3, F: 3, D: 3}, 2, 0, 0, true}, // α·F = 3 is not more than A
		{groupCost{A: 3, F: 2, D: 4}, 2, 0, 0, false},
		{groupCost{A: 3, F: 2, D: 7}, 13, 0, 0, true}, // 2 + 5 ≤ log2(13)·3
		{groupCost{A: 3, F: 0, D: 31}, 13, 0, 0, false},
		{groupCost{A: 0, F: 0, D: 0}, 2, 0, 0, true}, // a pure path-constraint join
		{groupCost{A: 0, F: 0, D: 1}, 9, 0, 0, false},
		{groupCost{A: 3, F: 2, D: 7}, 13, 1, 100, false}, // few branches asked: γ = 0.01
		{groupCost{A: 3, F: 2, D: 7}, 13, 90, 100, true},
		{groupCost{A: 10, F: 10, D: 10}, 4, 1, 100, false}, // settled sites become queries
	} {
		q := NewQHV(0)
		q.Params.Model = "sift"
		q.QueryRate(c.queries, c.branches)
		if got := q.siftAllows(c.c, c.k); got != c.merge {
			t.Errorf("%+v, k = %d, γ = %d/%d: merge %v, want %v", c.c, c.k, c.queries, c.branches, got, c.merge)
		}
	}
}

// TestQHVSiftFieldSeeds: a symbolic field of an object seeds its own
// loads, not those of the object's other fields (a list element's Value
// and its links), and a concrete differing cell in a struct object makes
// the branch on that field a new query (S) while the symbolic field's
// branch counts in A.
func TestQHVSiftFieldSeeds(t *testing.T) {
	pkg := buildSSA(t, `package p
type elem struct {
	next *elem
	v    int8
}
func G(v int8) int8 {
	e := &elem{v: v}
	e.next = e
	if e.next == nil {
		return 0
	}
	if e.v < v {
		return 1
	}
	return 2
}`)
	fn := pkg.Func("G")
	var site ssa.Value
	for _, in := range fn.Blocks[0].Instrs {
		if a, ok := in.(*ssa.Alloc); ok {
			site = a
		}
	}
	// The views wait after the stores, at the first branch's block start.
	var at int
	for i, in := range fn.Blocks[0].Instrs {
		if s, ok := in.(*ssa.Store); ok && s.Val.Type().String() == "*p.elem" {
			at = i + 1
		}
	}
	st := term.NewStore()
	sym := st.Var("v", st.BitVecSort(8))
	view := func(next uint64) *View {
		return &View{Frames: []Frame{{Block: fn.Blocks[0], Next: at}}, Cells: []Cell{
			{Var: VarID{Frame: -1, Obj: 1, Site: site}, Path: ".0.loc", T: st.Const(bv.New(64, next)), Loc: true},
			{Var: VarID{Frame: -1, Obj: 1, Site: site}, Path: ".1", T: sym},
		}}
	}
	q := NewQHV(0)
	q.Params.Model = "sift"
	views := []*View{view(1), view(2)}
	got := q.groupCost(st, views, []int{0, 1})
	// A: e.v < v (v symbolic); D: e.next == nil (the differing link);
	// F: nothing reads both.
	if want := (groupCost{A: 1, F: 0, D: 1}); got != want {
		t.Errorf("groupCost = %+v, want %+v", got, want)
	}
}

// TestQHVTaintThroughDefer: a tainted argument of a deferred or go call to
// a function without a body (here a func value) taints the call's result,
// and a Defer or Go has none (its Value is a nil *ssa.Call, not a nil
// ssa.Value): the closure must not walk it (mime.ParseMediaType under
// --merge=pat crashed there).
func TestQHVTaintThroughDefer(t *testing.T) {
	pkg := buildSSA(t, `package p
func F(x int, f func(int)) int {
	defer f(x)
	go f(x)
	if x > 3 {
		return 1
	}
	return 0
}`)
	fn := pkg.Func("F")
	tp := firstParamTaint(fn)
	var ifs []ssa.Instruction
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if _, ok := in.(*ssa.If); ok {
				ifs = append(ifs, in)
			}
		}
	}
	if len(ifs) != 1 || !asks(tp, ifs[0], false) {
		t.Errorf("the branch on x (%v) is not a query site of x's taint", ifs)
	}
}

// firstParamTaint is sift's form's taint of fn's first parameter over fn,
// from its entry.
func firstParamTaint(fn *ssa.Function) *taint {
	m := &CostModel{Beta: 1}
	frames := []Frame{{Block: fn.Blocks[0]}}
	return m.closureOf(m.indexOf(frames), &Seeds{Values: []ssa.Value{fn.Params[0]}})
}
