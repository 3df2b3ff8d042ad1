package merge

import (
	"fmt"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// TestQHVCostT0 is seed 002's T0 (Eq. 7 on a four-block CFG) on its Go
// port: C = cost(entry, λ.1) and D(v) = cost(entry, dep_v).
func TestQHVCostT0(t *testing.T) {
	pkg := buildSSA(t, `package p
func T0(w, v int8, q *int8) {
	if w > 0 {
		if v == 0 {
			panic("v == 0")
		}
	} else {
		_ = *q
	}
	if v >= 9 {
		panic("v >= 9")
	}
}`)
	fn := pkg.Func("T0")
	frames := []Frame{{Block: fn.Blocks[0]}}
	v := &Seeds{Values: []ssa.Value{fn.Params[1]}}
	q := &Seeds{Values: []ssa.Value{fn.Params[2]}}
	cases := []struct {
		beta      float64
		c, dv, dq float64
		comment   string
	}{
		// The digest's numbers: C = 5, D(v) = 3. D(q) = 1: the load.
		{1, 5, 3, 1, "digest T0 at β = 1"},
		// The digest has C = 3, D(v) = 1.5 at β = 0.5 with assert(e) a
		// straight-line site; in Go an assert is a branch whose arms are
		// weighted β too (the panic arm costs 0), so the assert after the
		// first diamond counts β·1 where it counts 1 in the digest:
		// C = 1 + β(1 + β·1) + β(1 + 1) = 2.75, D(v) = β(1 + β) + β·1 = 1.25.
		// At β = 1 the two agree.
		{0.5, 2.75, 1.25, 0.5 * 1, "Go asserts are branches"},
	}
	for _, c := range cases {
		m := &CostModel{Beta: c.beta}
		got := [3]float64{m.Cost(frames, nil), m.Cost(frames, v), m.Cost(frames, q)}
		if want := [3]float64{c.c, c.dv, c.dq}; got != want {
			t.Errorf("β = %v: (C, D(v), D(q)) = %v, want %v (%s)", c.beta, got, want, c.comment)
		}
	}
}

// t2Join builds T2 and returns it with its join, the phi m there and the
// frames of a state waiting at the join.
func t2Join(t *testing.T) (*ssa.Function, *ssa.BasicBlock, *ssa.Phi, []Frame) {
	t.Helper()
	pkg := buildSSA(t, `package p
func check(x int16) {
	if x == 12345 {
		panic("x")
	}
}
func T2(c int8, x int16) int8 {
	var m int8
	if c > 0 {
		m = 1
	} else {
		m = 2
	}
	`+repeat("check(x)\n", 100)+`
	if m == 0 {
		panic("m")
	}
	return m
}`)
	fn := pkg.Func("T2")
	var join *ssa.BasicBlock
	var m *ssa.Phi
	for _, b := range fn.Blocks {
		if len(b.Preds) > 1 {
			join = b
			m = b.Instrs[0].(*ssa.Phi)
		}
	}
	frames := []Frame{{Block: join, Next: 1}}
	return fn, join, m, frames
}

// TestQHVHotThreshold checks Eq. (14) on T2's numbers (C = 101, D(m) = 1):
// m is hot iff (1+α)·1 > 0.05·101 = 5.05, so the decision flips between
// α = 4 and α = 5; and a variable no site reads (T1's y, D = 0) is never
// hot.
func TestQHVHotThreshold(t *testing.T) {
	fn, join, m, frames := t2Join(t)
	model := &CostModel{Beta: 1}
	C, D := model.Cost(frames, nil), model.Cost(frames, &Seeds{Values: []ssa.Value{m}})
	if C != 101 || D != 1 {
		t.Fatalf("C = %v, D(m) = %v, want 101 and 1", C, D)
	}
	for _, c := range []struct {
		alpha float64
		hot   bool
	}{{0, false}, {1, false}, {4, false}, {5, true}, {10, true}} {
		q := NewQHV(0)
		q.Params.Alpha = c.alpha
		v := &View{Point: Point{Func: "T2", Block: join.Index}, Frames: frames}
		if got := q.hot(v, VarID{Value: m}); got != c.hot {
			t.Errorf("α = %v: hot %v, want %v", c.alpha, got, c.hot)
		}
		if q.hot(v, VarID{Value: fn.Params[0]}) {
			t.Errorf("α = %v: c is hot, but nothing after the join reads it", c.alpha)
		}
	}
}

// TestQHVShared checks pat's group test on T2's numbers (C = 101, D(m) =
// 1, α = 5: m is hot pairwise, 6 > 5.05): n states holding n different
// values of m stay apart while 6 > 5.05·log2 n, so two stay apart and
// three or more merge; without Shared they never do.
func TestQHVShared(t *testing.T) {
	_, join, m, frames := t2Join(t)
	st := term.NewStore()
	for _, c := range []struct {
		n      int
		shared bool
		groups int
	}{{2, true, 2}, {3, true, 1}, {8, true, 1}, {3, false, 3}, {8, false, 8}} {
		q := NewQHV(0)
		q.Params.Alpha = 5
		q.Shared = c.shared
		views := make([]*View, c.n)
		idx := make([]int, c.n)
		for i := range views {
			cell := Cell{Var: VarID{Value: m}, T: st.Var(fmt.Sprintf("m%d", i), st.BoolSort())}
			views[i] = &View{Point: Point{Func: "T2", Block: join.Index}, Frames: frames, Cells: []Cell{cell}}
			idx[i] = i
		}
		if groups, _ := q.group(views, idx); len(groups) != c.groups {
			t.Errorf("n = %d, shared %v: %d groups, want %d", c.n, c.shared, len(groups), c.groups)
		}
	}
}

func repeat(s string, n int) string {
	out := ""
	for range n {
		out += s
	}
	return out
}

// TestQHVTaintAhead checks the taint of D(v) on the cases that made the
// first closure (whole program, memory by the loaded value's type) wrong:
// it is forward from the point over the code ahead only, field-sensitive,
// by allocation site where an address visibly starts at one, and counts an
// object's scalar fields read through pointers in other functions.
func TestQHVTaintAhead(t *testing.T) {
	pkg := buildSSA(t, `package p
type node struct {
	key  int8
	next *node
}
// Stored behind the point: i reached n.key in the loop, before the exit.
func Behind(n *node, ks []int8, q int8) bool {
	i := 0
	for ; i < len(ks); i++ {
		n.key = ks[i]
	}
	if n.key < q {
		return true
	}
	return false
}
type list struct{ n int }
func length(l *list) int { return l.n }
// A scalar field read through a parameter in a callee.
func Field(c bool) int {
	l := &list{}
	if c {
		l.n = 1
	}
	if length(l) == 0 {
		return 1
	}
	return 0
}
// Two local arrays of one element type: y is written, never read.
func Arrays(x [3]int8) {
	var y [3]int8
	for i := range x {
		if x[i] > 0 {
			y[i] = 1
		} else {
			y[i] = 2
		}
	}
}`)
	block := func(fn *ssa.Function, comment string) *ssa.BasicBlock {
		for _, b := range fn.Blocks {
			if b.Comment == comment {
				return b
			}
		}
		t.Fatalf("%s: no block %s", fn, comment)
		return nil
	}
	phi := func(b *ssa.BasicBlock, comment string) ssa.Value {
		for _, in := range b.Instrs {
			if p, ok := in.(*ssa.Phi); ok && p.Comment == comment {
				return p
			}
		}
		t.Fatalf("no phi %s in %s", comment, b)
		return nil
	}
	alloc := func(fn *ssa.Function, comment string) ssa.Value {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if a, ok := in.(*ssa.Alloc); ok && a.Comment == comment {
					return a
				}
			}
		}
		t.Fatalf("%s: no alloc %s", fn, comment)
		return nil
	}
	behind, field, arrays := pkg.Func("Behind"), pkg.Func("Field"), pkg.Func("Arrays")
	loop := block(behind, "for.loop")
	joinF := block(field, "if.done")
	loopA := block(arrays, "rangeindex.loop")
	cases := []struct {
		name   string
		at     *ssa.BasicBlock
		next   int
		seeds  *Seeds
		c, d   float64
		reason string
	}{
		{"Behind i at the exit", block(behind, "for.done"), 0, &Seeds{Values: []ssa.Value{phi(loop, "i")}}, 2, 0,
			"i was stored into n.key behind the point; ahead only n.key is read (a load and a branch)"},
		{"Field l.n", joinF, 0, &Seeds{Sites: []ssa.Value{alloc(field, "complit")}}, 2, 1,
			"length's load of l.n through its parameter, then the branch on its result"},
		{"Arrays y", loopA, len(loopA.Instrs) - 2, &Seeds{Sites: []ssa.Value{alloc(arrays, "y")}}, 5, 0,
			"y is written, never read: x[i]'s loads read x's own array"},
		{"Arrays x", loopA, len(loopA.Instrs) - 2, &Seeds{Sites: []ssa.Value{alloc(arrays, "x")}}, 5, 1,
			"the branch on x[i] (the load's address is x's own, not tainted)"},
	}
	for _, c := range cases {
		m := &CostModel{Beta: 1}
		frames := []Frame{{Block: c.at, Next: c.next}}
		if got := [2]float64{m.Cost(frames, nil), m.Cost(frames, c.seeds)}; got != [2]float64{c.c, c.d} {
			t.Errorf("%s: (C, D) = %v, want (%v, %v): %s", c.name, got, c.c, c.d, c.reason)
		}
	}
}
