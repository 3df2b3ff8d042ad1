package merge

import (
	"bytes"
	"go/token"
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// TestIncTreeFig3 replays seed 000's Example 4 (Fig. 3, memspn with chars
// = "ab"): the ¬s0=97 side is explored first; its s0=98 child reaches the
// increment block (line 5) with p = chars+2; then the s0=97 side reaches
// it with p = chars+1. p is dead there, so the two merge into a child of
// the root with condition s0=97 ∨ (¬s0=97 ∧ s0=98), and the node of
// ¬s0=97 is contracted: the root's children are the merged node and
// ¬s0=97 ∧ ¬s0=98's leaf. With p live (E8) nothing merges.
func TestIncTreeFig3(t *testing.T) {
	for _, pLive := range []bool{false, true} {
		st := term.NewStore()
		s := st.Var("s", st.ArraySort(st.BitVecSort(64), st.BitVecSort(8)))
		s0 := st.MustMake(term.OpSelect, nil, s, st.ConstUint64(64, 0))
		a := st.Eq(s0, st.ConstUint64(8, 97))
		b := st.Eq(s0, st.ConstUint64(8, 98))
		rootPC := st.Var("r", st.BoolSort())
		inc, els, exit := Point{Func: "memspn", Block: 5}, Point{Func: "memspn", Block: 7}, Point{Func: "memspn", Block: 9}
		view := func(pt Point, p int, lits ...term.Term) *View {
			v := &View{Point: pt, PC: append([]term.Term{rootPC}, lits...), Root: 1, Layout: 1,
				Cells: []Cell{{Path: "count", T: st.ConstUint64(64, 0)}, {Path: "p", T: st.ConstUint64(64, uint64(p))}}}
			for _, l := range lits {
				v.Trail = append(v.Trail, Step{Lit: l})
			}
			return v
		}
		live := func(v *View, c int) bool { return c == 0 || pLive }
		tree, n1 := NewIncTree(live, "S1")
		nA, nB := tree.Fork(n1, "S2")
		// S2 (¬s0=97) runs first.
		if m := tree.Snapshot(st, nB, view(els, 1, st.Not(a)), "S2@else"); m != nil {
			t.Fatal("merge at the else block")
		}
		nB1, nB2 := tree.Fork(nB, "S3")
		if m := tree.Snapshot(st, nB1, view(inc, 2, st.Not(a), b), "S2@inc"); m != nil {
			t.Fatal("merge before the s0=97 side arrived")
		}
		if m := tree.Snapshot(st, nB2, view(exit, 2, st.Not(a), st.Not(b)), "S3@exit"); m != nil {
			t.Fatal("merge at the exit")
		}
		m := tree.Snapshot(st, nA, view(inc, 1, a), "S1@inc")
		if pLive {
			if m != nil {
				t.Fatal("E8: merged over a live variable")
			}
			continue
		}
		if m == nil {
			t.Fatal("E8: no merge over the dead p")
		}
		if !slices.Equal(m.Discard, []any{"S1", "S2"}) || m.Rep != "S1@inc" {
			t.Errorf("discard %v, rep %v", m.Discard, m.Rep)
		}
		or := st.Or(a, st.And(st.Not(a), b))
		if !slices.Equal(m.Merged.PC, []term.Term{rootPC, or}) {
			t.Errorf("merged pc %v", strs(st, m.Merged.PC))
		}
		wantP := st.Ite(a, st.ConstUint64(64, 1), st.ConstUint64(64, 2))
		if m.Merged.Cells[0] != st.ConstUint64(64, 0) || m.Merged.Cells[1] != wantP {
			t.Errorf("merged cells %v", strs(st, m.Merged.Cells))
		}
		nNew, next := tree.Attach(st, m, "S4", view(inc, 1, or), "S4@inc")
		if next != nil {
			t.Error("a second merge")
		}
		if !slices.Equal(n1.kids, []*IncNode{nB2, nNew}) || nB2.parent != n1 {
			t.Errorf("after contraction the root's children are %v, want the ¬a∧¬b leaf and the merged node", n1.kids)
		}
		if tree.Merges != 1 {
			t.Errorf("%d merges", tree.Merges)
		}
	}
}

// TestLiveness checks SSA liveness on uClibc's strspn loop in Go (the E7
// port in symex/testdata/seed000): at the entry of the block after a
// match, the count i and the inputs are live, the advanced p (p+1,
// replaced by 0 on the way back) and the compared bytes are dead.
func TestLiveness(t *testing.T) {
	src, err := os.ReadFile("../testdata/seed000/seed000.go")
	if err != nil {
		t.Fatal(err)
	}
	fn := buildSSA(t, strings.Replace(string(src), "package seed000", "package p", 1)).Func("strspn")
	var then *ssa.BasicBlock
	for _, b := range fn.Blocks {
		if b.Comment == "if.then" {
			then = b
		}
	}
	if then == nil {
		t.Fatal("no if.then block")
	}
	var pNext, iPhi, cmp ssa.Value
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch v := in.(type) {
			case *ssa.BinOp:
				if v.Op == token.ADD && b != then {
					pNext = v
				}
				if v.Op == token.EQL {
					cmp = v
				}
			case *ssa.Phi:
				if v.Comment == "i" {
					iPhi = v
				}
			}
		}
	}
	if pNext == nil || iPhi == nil || cmp == nil {
		t.Fatalf("could not find p+1, i or c==s[i] in\n%s", fnString(fn))
	}
	l := NewLiveness()
	for _, c := range []struct {
		v    ssa.Value
		live bool
	}{{iPhi, true}, {fn.Params[0], true}, {fn.Params[1], true}, {pNext, false}, {cmp, false}} {
		if got := l.LiveAt(fn, then.Index, c.v); got != c.live {
			t.Errorf("%s = %s live at if.then: %v, want %v\n%s", c.v.Name(), c.v, got, c.live, fnString(fn))
		}
	}
}

func fnString(fn *ssa.Function) string {
	var b bytes.Buffer
	ssa.WriteFunction(&b, fn)
	return b.String()
}
