package merge

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/sift-solver/sift/term"
)

const pointsSrc = `package p

func join(a int) int {
	x := 1
	if a > 0 {
		x = 2
	}
	return x
}

func constLoop() int {
	s := 0
	for i := 0; i < 3; i++ {
		s += i
	}
	return s
}

func symLoop(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == 'a' {
			return i
		}
		n++
	}
	return n
}

func rangeLoop(s string) int {
	n := 0
	for range s {
		n++
	}
	return n
}
`

func buildSSA(t *testing.T, src string) *ssa.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset,
		types.NewPackage("p", "p"), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

func TestAnalyze(t *testing.T) {
	pkg := buildSSA(t, pointsSrc)
	cases := []struct {
		fn                   string
		joins, exits         int // blocks of each kind
		loops, symbolicLoops int
	}{
		{"join", 1, 0, 0, 0},
		{"constLoop", 1, 0, 1, 0}, // the header joins entry and latch; i < 3 is constant
		{"symLoop", 1, 2, 1, 1},   // the header joins; exits: "return i" and the loop's done block
		{"rangeLoop", 1, 1, 1, 1}, // range over a string: the exit tests Next's ok
	}
	for _, c := range cases {
		fn := pkg.Func(c.fn)
		p := Analyze(fn)
		joins, exits := 0, 0
		for _, b := range fn.Blocks {
			if p.At(b, KindJoin) {
				joins++
				if len(b.Preds) < 2 {
					t.Errorf("%s: block %d is a join with %d predecessors", c.fn, b.Index, len(b.Preds))
				}
			}
			if p.At(b, KindLoopExit) {
				exits++
			}
		}
		sym := 0
		for _, l := range p.Loops {
			if l.Symbolic {
				sym++
			}
			for _, x := range l.Exits {
				if l.Contains(x) {
					t.Errorf("%s: exit block %d is inside its loop", c.fn, x.Index)
				}
			}
		}
		if joins != c.joins || exits != c.exits || len(p.Loops) != c.loops || sym != c.symbolicLoops {
			t.Errorf("%s: %d joins, %d loop exits, %d loops (%d symbolic); want %d, %d, %d (%d)",
				c.fn, joins, exits, len(p.Loops), sym, c.joins, c.exits, c.loops, c.symbolicLoops)
		}
	}
}

func TestParseKinds(t *testing.T) {
	cases := []struct {
		in   string
		want Kind
		bad  bool
	}{
		{"", 0, false}, {"joins", KindJoin, false}, {"loop-exits", KindLoopExit, false},
		{"all", KindJoin | KindLoopExit, false}, {"joins,loop-exits", KindJoin | KindLoopExit, false},
		{"corners", 0, true},
	}
	for _, c := range cases {
		k, err := ParseKinds(c.in)
		if (err != nil) != c.bad || (!c.bad && k != c.want) {
			t.Errorf("ParseKinds(%q) = %v, %v; want %v (error %v)", c.in, k, err, c.want, c.bad)
		}
	}
}

func TestNew(t *testing.T) {
	if s, err := New("none", Options{}); s != nil || err != nil {
		t.Errorf("none: %v, %v", s, err)
	}
	s, err := New("std", Options{Kinds: KindLoopExit})
	if err != nil || s.Name() != "std" || s.Kinds() != KindLoopExit {
		t.Errorf("std: %v, %v", s, err)
	}
	if _, err := New("sideways", Options{}); err == nil || !strings.Contains(err.Error(), "std") {
		t.Errorf("unknown strategy: %v", err)
	}
}

// bools makes n Boolean variables.
func bools(st *term.Store, names ...string) []term.Term {
	out := make([]term.Term, len(names))
	for i, n := range names {
		out[i] = st.Var(n, st.BoolSort())
	}
	return out
}

func TestDisjunction(t *testing.T) {
	st := term.NewStore()
	v := bools(st, "a", "b", "c", "d")
	a, b, c, d := v[0], v[1], v[2], v[3]
	na, nb, nc := st.Not(a), st.Not(b), st.Not(c)
	cases := []struct {
		name string
		in   [][]term.Term
		want term.Term
	}{
		{"sibling leaves", [][]term.Term{{a}, {na}}, st.True()},
		{"a subtree of depth 2", [][]term.Term{{a, b}, {a, nb}, {na, c}, {na, nc}}, st.True()},
		{"resolution keeps the rest", [][]term.Term{{d, a, b}, {d, a, nb}}, st.And(d, a)},
		{"literal order does not matter", [][]term.Term{{b, a}, {a, nb}}, a},
		{"duplicates collapse", [][]term.Term{{a, b}, {b, a}}, st.And(a, b)},
		{"an empty disjunct is true", [][]term.Term{{a}, {}}, st.True()},
		{"no resolution", [][]term.Term{{a, b}, {na, c}}, st.Or(st.And(a, b), st.And(na, c))},
		{"uneven tree", [][]term.Term{{a, b}, {a, nb}, {na}}, st.True()},
	}
	for _, c := range cases {
		if got := Disjunction(st, c.in); got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, termString(st, got), termString(st, c.want))
		}
	}
}

func termString(st *term.Store, t term.Term) string {
	var b strings.Builder
	var w func(t term.Term)
	w = func(t term.Term) {
		if st.NumArgs(t) == 0 {
			switch t {
			case st.True():
				b.WriteString("true")
			case st.False():
				b.WriteString("false")
			default:
				if st.Op(t) == term.OpVar {
					b.WriteString(st.Name(t))
				} else {
					b.WriteString("?")
				}
			}
			return
		}
		b.WriteString("(" + st.Op(t).String())
		for _, a := range st.Args(t) {
			b.WriteString(" ")
			w(a)
		}
		b.WriteString(")")
	}
	w(t)
	return b.String()
}

func TestJoin(t *testing.T) {
	st := term.NewStore()
	v := bools(st, "a", "b", "c", "d")
	a, b, c, d := v[0], v[1], v[2], v[3]
	na, nb := st.Not(a), st.Not(b)
	bv := func(x uint64) term.Term { return st.ConstUint64(8, x) }
	// The leaves of a fork tree: a∧b, a∧¬b, ¬a∧c, with an unrelated d on all.
	tree := [][]term.Term{{d, a, b}, {d, a, nb}, {d, na, c}}
	cases := []struct {
		name   string
		guards [][]term.Term
		vals   []term.Term
		want   term.Term
	}{
		{"equal values stay", tree, []term.Term{bv(5), bv(5), bv(5)}, bv(5)},
		{"one ite per distinct value, the first outermost; guards cut to the forks", tree,
			[]term.Term{bv(1), bv(2), bv(3)}, st.Ite(st.And(a, b), bv(1), st.Ite(a, bv(2), bv(3)))},
		{"members with equal values share an arm; siblings fold into their fork", tree,
			[]term.Term{bv(1), bv(1), bv(2)}, st.Ite(a, bv(1), bv(2))},
		{"a member no literal excludes keeps its whole guard",
			[][]term.Term{{a, c}, {b}}, []term.Term{bv(1), bv(2)}, st.Ite(st.And(a, c), bv(1), bv(2))},
	}
	for _, tc := range cases {
		if got := Join(st, tc.guards, tc.vals); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, termString(st, got), termString(st, tc.want))
		}
	}
}

func TestStandard(t *testing.T) {
	st := term.NewStore()
	v := bools(st, "r", "c", "d")
	r, c, d := v[0], v[1], v[2]
	x := st.Var("x", st.BitVecSort(8))
	one, two := st.ConstUint64(8, 1), st.ConstUint64(8, 2)
	cell := func(t term.Term) []Cell { return []Cell{{Path: "", T: t}, {Path: ".same", T: x}} }
	view := func(pc []term.Term, cells []Cell) *View { return &View{PC: pc, Layout: 7, Cells: cells} }
	cases := []struct {
		name  string
		views []*View
		pc    []term.Term
		cells []term.Term
		why   string
	}{
		{"a diamond: common part kept, the disjunction resolves away",
			[]*View{view([]term.Term{r, c}, cell(one)), view([]term.Term{r, st.Not(c)}, cell(two))},
			[]term.Term{r}, []term.Term{st.Ite(c, one, two), x}, ""},
		{"a pruned path between fork and join keeps its disjunct (seed 002 T7)",
			[]*View{view([]term.Term{c}, cell(one)), view([]term.Term{st.Not(c), st.Not(d)}, cell(two))},
			[]term.Term{st.Or(c, st.And(st.Not(c), st.Not(d)))}, []term.Term{st.Ite(c, one, two), x}, ""},
		{"an empty guard with differing cells is refused (seed 002)",
			[]*View{view([]term.Term{r}, cell(one)), view([]term.Term{r, c}, cell(two))}, nil, nil, "empty guard"},
		{"an empty guard with equal cells merges",
			[]*View{view([]term.Term{r}, cell(one)), view([]term.Term{r, c}, cell(one))},
			[]term.Term{r}, []term.Term{one, x}, ""},
		{"cells that do not line up are refused",
			[]*View{view([]term.Term{c}, cell(one)), view([]term.Term{st.Not(c)}, cell(two)[:1])}, nil, nil, "layout"},
		// d after c and ¬d after ¬c as implied steps (ImpliedSteps): out
		// of the disjunction and the guards, which then resolve away.
		{"implied steps are no member's own conjuncts",
			[]*View{{PC: []term.Term{r, c, d}, Implied: []int{2}, Layout: 7, Cells: cell(one)},
				{PC: []term.Term{r, st.Not(c), st.Not(d)}, Implied: []int{2}, Layout: 7, Cells: cell(two)}},
			[]term.Term{r}, []term.Term{st.Ite(c, one, two), x}, ""},
		{"the same literals, not implied, stay",
			[]*View{view([]term.Term{r, c, d}, cell(one)), view([]term.Term{r, st.Not(c), st.Not(d)}, cell(two))},
			[]term.Term{r, st.Or(st.And(c, d), st.And(st.Not(c), st.Not(d)))},
			[]term.Term{st.Ite(c, one, two), x}, ""},
	}
	for _, tc := range cases {
		m, why := Standard(st, tc.views, []int{0, 1})
		if why != tc.why {
			t.Errorf("%s: refusal %q, want %q", tc.name, why, tc.why)
			continue
		}
		if why != "" {
			continue
		}
		if !equalTerms(m.PC, tc.pc) || !equalTerms(m.Cells, tc.cells) {
			t.Errorf("%s: pc %v cells %v, want %v %v", tc.name, m.PC, m.Cells, tc.pc, tc.cells)
		}
	}
}

func equalTerms(a, b []term.Term) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestStdMergeGroupsByLayout: views with different layouts never merge,
// and each one left alone is counted as a layout refusal.
func TestStdMergeGroupsByLayout(t *testing.T) {
	st := term.NewStore()
	c := st.Var("c", st.BoolSort())
	e := st.Var("e", st.BoolSort())
	vs := []*View{
		{PC: []term.Term{c, e}, Layout: 1}, {PC: []term.Term{st.Not(c)}, Layout: 2},
		{PC: []term.Term{c, st.Not(e)}, Layout: 1},
	}
	s := NewStd(0)
	ms, err := s.Merge(st, vs)
	if err != nil || len(ms) != 1 || !equalTerms(intsAsTerms(ms[0].Members), intsAsTerms([]int{0, 2})) ||
		!equalTerms(ms[0].PC, []term.Term{c}) {
		t.Fatalf("merged %+v, %v", ms, err)
	}
	want := Stats{Attempts: 1, Merges: 1, StatesMerged: 2, Refused: map[string]int{"layout": 1}}
	if got := *s.Stats(); got.Attempts != want.Attempts || got.Merges != want.Merges ||
		got.StatesMerged != want.StatesMerged || got.Refused["layout"] != 1 {
		t.Errorf("stats %+v, want %+v", got, want)
	}
}

func intsAsTerms(xs []int) []term.Term {
	out := make([]term.Term, len(xs))
	for i, x := range xs {
		out[i] = term.Term(x)
	}
	return out
}
