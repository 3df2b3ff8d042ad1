package merge

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// fig2 builds the leaves of seed 000's Fig. 2 (memspn with chars = "a" and
// n ≤ 3) as the executor shows them at the loop exit of the Go port: n and
// count are 64-bit ints, s an array of bytes indexed by 64-bit ints. The
// region root is the state entering the loop (r.pc = n ≤ 3); the paper's
// root condition W is that root, so the words here start after it.
//
// Literals: G_x = x < n (loop condition), B_x = 'a' == s[x] (match), their
// negations R_x and Y_x. Cells: count, p, and the unchanged n and s, plus
// sq = count*count (E4).
type fig2 struct {
	st         *term.Store
	n, s       term.Term
	rootPC     term.Term
	leaves     []string // the paper's node names, in the views' order
	views      []*View
	loopPoint  Point
	headerCond Point
	bodyCond   Point
}

func (f *fig2) c(x int) term.Term { return f.st.ConstUint64(64, uint64(x)) }
func (f *fig2) G(x int) term.Term { return f.st.MustMake(term.OpBVSlt, nil, f.c(x), f.n) }
func (f *fig2) B(x int) term.Term {
	return f.st.Eq(f.st.ConstUint64(8, 97), f.st.MustMake(term.OpSelect, nil, f.s, f.c(x)))
}

func newFig2() *fig2 {
	st := term.NewStore()
	f := &fig2{st: st}
	f.n = st.Var("n", st.BitVecSort(64))
	f.s = st.Var("s", st.ArraySort(st.BitVecSort(64), st.BitVecSort(8)))
	f.rootPC = st.Not(st.MustMake(term.OpBVSlt, nil, f.c(3), f.n))
	f.loopPoint = Point{Func: "memspn", Block: 4}
	f.headerCond = Point{Func: "memspn", Block: 2}
	f.bodyCond = Point{Func: "memspn", Block: 3}
	// leaf: name, iterations taken (count), and how it ends: "R" (count
	// reached n) or "Y" (mismatch, p = 1).
	for _, l := range []struct {
		name  string
		count int
		end   string
	}{{"n2", 0, "R"}, {"n5", 0, "Y"}, {"n6", 1, "R"}, {"n9", 1, "Y"}, {"n10", 2, "R"}, {"n13", 2, "Y"}, {"n14", 3, "R"}} {
		var trail []Step
		for x := 0; x < l.count; x++ {
			trail = append(trail, Step{f.G(x), f.headerCond}, Step{f.B(x), f.bodyCond})
		}
		p := 0
		if l.end == "R" {
			trail = append(trail, Step{st.Not(f.G(l.count)), f.headerCond})
		} else {
			trail = append(trail, Step{f.G(l.count), f.headerCond}, Step{st.Not(f.B(l.count)), f.bodyCond})
			p = 1
		}
		f.leaves = append(f.leaves, l.name)
		f.views = append(f.views, f.view(trail, l.count, p, l.count*l.count))
	}
	return f
}

func (f *fig2) view(trail []Step, count, p, sq int) *View {
	pc := []term.Term{f.rootPC}
	for _, s := range trail {
		pc = append(pc, s.Lit)
	}
	return &View{Point: f.loopPoint, PC: pc, Root: 1, Trail: trail, Layout: 7,
		Cells: []Cell{
			{Var: VarID{Obj: 1}, Path: "count", T: f.c(count)},
			{Var: VarID{Obj: 2}, Path: "p", T: f.c(p)},
			{Var: VarID{Obj: 3}, Path: "n", T: f.n},
			{Var: VarID{Obj: 4}, Path: "s", T: f.s},
			{Var: VarID{Obj: 5}, Path: "sq", T: f.c(sq)},
		}}
}

// names maps merged members back to the paper's node names.
func (f *fig2) names(members []int) []string {
	var out []string
	for _, i := range members {
		out = append(out, f.leaves[i])
	}
	return out
}

// TestPartitionFig2 is E1: 7 leaves, 2 regular partitions. Read forwards
// the patterns are Table 1's (W,GB,GY) and (W,GB,R) without the root W;
// read backwards (the default) the first is the rotation (G,BG,Y) of the
// same language, with the same members and counts.
func TestPartitionFig2(t *testing.T) {
	f := newFig2()
	h := func(s Step) uint64 { return ShapeHash(f.st, s) }
	G, B := h(Step{f.G(0), f.headerCond}), h(Step{f.B(0), f.bodyCond})
	R, Y := h(Step{f.st.Not(f.G(0)), f.headerCond}), h(Step{f.st.Not(f.B(0)), f.bodyCond})
	if h(Step{f.G(2), f.headerCond}) != G || h(Step{f.B(1), f.bodyCond}) != B {
		t.Fatal("constants must hash alike")
	}
	if len(map[uint64]bool{G: true, B: true, R: true, Y: true}) != 4 {
		t.Fatal("G, B, R, Y must be four symbols")
	}
	for _, c := range []struct {
		forward bool
		want    map[string]RegularPattern
	}{
		{true, map[string]RegularPattern{
			"n5:0 n9:1 n13:2":       {nil, Word{G, B}, Word{G, Y}},
			"n2:0 n6:1 n10:2 n14:3": {nil, Word{G, B}, Word{R}}}},
		{false, map[string]RegularPattern{
			"n5:0 n9:1 n13:2":       {Word{G}, Word{B, G}, Word{Y}},
			"n2:0 n6:1 n10:2 n14:3": {nil, Word{G, B}, Word{R}}}},
	} {
		words := make([]Word, len(f.views))
		for j, v := range f.views {
			for _, s := range v.Trail {
				words[j] = append(words[j], h(s))
			}
		}
		groups, ok := Partition(words, c.forward)
		if !ok || len(groups) != 2 {
			t.Fatalf("forward=%v: %d groups (ok %v), want 2", c.forward, len(groups), ok)
		}
		for _, g := range groups {
			key := ""
			for m, l := range g.Leaves {
				key += fmt.Sprintf(" %s:%d", f.leaves[l], g.Counts[m])
			}
			want, found := c.want[key[1:]]
			if !found {
				t.Errorf("forward=%v: unexpected group %s", c.forward, key)
				continue
			}
			if !want.equal(g.Pattern) {
				t.Errorf("forward=%v: group %s has pattern %v, want %v", c.forward, key, g.Pattern, want)
			}
		}
	}
}

// TestPatFig2 is E1–E4 through the strategy: 2 merged states, Table 1's
// formula patterns, ranges and merged cells, an ite chain for the
// non-linear sq, and Theorem 3.7 proved by the checker.
func TestPatFig2(t *testing.T) {
	for _, forward := range []bool{true, false} {
		t.Run(fmt.Sprint("forward=", forward), func(t *testing.T) {
			f := newFig2()
			st := f.st
			p := NewPat()
			p.Extract = ExtractBackward
			if forward {
				p.Extract = ExtractForward
			}
			p.Check = engineChecker(f.st)
			ms, err := p.Merge(st, f.views)
			if err != nil {
				t.Fatal(err)
			}
			if len(ms) != 2 || p.stats.Quantified != 2 || p.stats.StatesMerged != 7 {
				t.Fatalf("%d merged states (%d quantified, %d states merged), want 2 of 7", len(ms), p.stats.Quantified, p.stats.StatesMerged)
			}
			if p.Check.Proved != 2 {
				t.Errorf("checker proved %d merges, want 2", p.Check.Proved)
			}
			for _, m := range ms {
				names := f.names(m.Members)
				var k term.Term
				for _, v := range st.FreeVarsOf(m.PC...) {
					if st.Name(v) != "n" && st.Name(v) != "s" {
						k = v
					}
				}
				if k == term.NoTerm {
					t.Fatalf("%v: no count variable in %v", names, m.PC)
				}
				c := func(x int) term.Term { return st.ConstUint64(64, uint64(x)) }
				ule := func(a, b term.Term) term.Term { return st.MustMake(term.OpBVUle, nil, a, b) }
				add := func(a term.Term, x int64) term.Term { return st.MustMake(term.OpBVAdd, nil, a, c(int(x))) }
				slt := func(a, b term.Term) term.Term { return st.MustMake(term.OpBVSlt, nil, a, b) }
				sel := func(x term.Term) term.Term { return st.MustMake(term.OpSelect, nil, f.s, x) }
				a97 := st.ConstUint64(8, 97)
				i := st.BoundVar("i", st.BitVecSort(64))
				forall := func(body term.Term) term.Term {
					return st.MustMake(term.OpForall, nil, i, st.Or(st.Not(st.And(ule(c(1), i), ule(i, k))), body))
				}
				// φ2(x) = x−1 < n ∧ s[x−1] = 'a' in both groups (E2).
				phi2 := st.And(slt(add(i, -1), f.n), st.Eq(a97, sel(add(i, -1))))
				var want []term.Term
				var sq []int
				switch {
				case slices.Equal(names, []string{"n5", "n9", "n13"}):
					// range 0 ≤ k ≤ 2; φ3(x) = x < n ∧ ¬ s[x] = 'a'; p ↦ 1.
					want = []term.Term{f.rootPC, ule(k, c(2)), forall(phi2), st.And(slt(k, f.n), st.Not(st.Eq(a97, sel(k))))}
					if !forward {
						// (G, BG, Y): φ1 = 0 < n, φ2 = s[x−1] = 'a' ∧ x < n, φ3 = ¬ s[x] = 'a'.
						want = []term.Term{f.rootPC, ule(k, c(2)), f.G(0),
							forall(st.And(st.Eq(a97, sel(add(i, -1))), slt(i, f.n))), st.Not(st.Eq(a97, sel(k)))}
					}
					if m.Cells[1] != c(1) {
						t.Errorf("%v: p ↦ %s, want 1", names, str(st, m.Cells[1]))
					}
					sq = []int{0, 1, 4}
				case slices.Equal(names, []string{"n2", "n6", "n10", "n14"}):
					// range 0 ≤ k ≤ 3; φ3(x) = ¬(x < n); p ↦ 0.
					want = []term.Term{f.rootPC, ule(k, c(3)), forall(phi2), st.Not(slt(k, f.n))}
					if m.Cells[1] != c(0) {
						t.Errorf("%v: p ↦ %s, want 0", names, str(st, m.Cells[1]))
					}
					sq = []int{0, 1, 4, 9}
				default:
					t.Fatalf("unexpected group %v", names)
				}
				if !slices.Equal(m.PC, want) {
					t.Errorf("%v: pc\n%v\nwant\n%v", names, strs(st, m.PC), strs(st, want))
				}
				// E3: count ↦ k; n and s unchanged.
				if m.Cells[0] != k || m.Cells[2] != f.n || m.Cells[3] != f.s {
					t.Errorf("%v: cells %v", names, strs(st, m.Cells))
				}
				// E4: sq has no a·x+b: an ite chain over k.
				chain := c(sq[len(sq)-1])
				for j := len(sq) - 2; j >= 0; j-- {
					chain = st.Ite(st.Eq(k, c(j)), c(sq[j]), chain)
				}
				if m.Cells[4] != chain {
					t.Errorf("%v: sq ↦ %s, want %s", names, str(st, m.Cells[4]), str(st, chain))
				}
			}
		})
	}
}

func str(st *term.Store, t term.Term) string { return smtlib.NewPrinter(st).TermString(t) }

func strs(st *term.Store, ts []term.Term) []string {
	var out []string
	for _, t := range ts {
		out = append(out, str(st, t))
	}
	return out
}

// TestPatFallbacks is E5 and E6: whatever PAT cannot build goes to the
// standard merge (never to a wrong state), counted by reason.
func TestPatFallbacks(t *testing.T) {
	cases := []struct {
		name  string
		setup func(f *fig2, p *Pat)
		why   string
		views int // views handed to the standard merge
	}{
		// E5: the second iteration reads s[5] where the pattern wants s[1]:
		// the core tails n>0 ∧ s[0]=a and n>1 ∧ s[5]=a hold (0,0) and (1,5),
		// which no one y produces. The node is on the path of both groups'
		// deeper leaves, so both fall back.
		{"E5 non-uniform tails", func(f *fig2, p *Pat) {
			st := f.st
			for _, v := range f.views {
				for i, s := range v.Trail {
					if s.Lit == f.B(1) {
						five := st.Eq(st.ConstUint64(8, 97), st.MustMake(term.OpSelect, nil, f.s, f.c(5)))
						v.Trail[i].Lit, v.PC[v.Root+i] = five, five
					}
				}
			}
		}, FallbackNoPattern, 7},
		// E6: a hash that cannot tell c from ¬c is not valid for the tree.
		{"E6 invalid hash", func(f *fig2, p *Pat) {
			p.Hash = func(st *term.Store, s Step) uint64 {
				lit := s.Lit
				if st.Op(lit) == term.OpNot {
					lit = st.Arg(lit, 0)
				}
				return ShapeHash(st, Step{Lit: lit, Point: s.Point})
			}
		}, FallbackInvalidHash, 7},
		// E6: more groups than --max-patterns.
		{"E6 threshold", func(f *fig2, p *Pat) { p.MaxPatterns = 1 }, FallbackTooMany, 7},
		// A path constraint with a ∀ (an earlier pattern merge, here inside
		// the region, where a pattern over it would nest quantifiers):
		// at most one pattern merge per path. s[0] = 'a' is written as
		// ∀i ≤ 0. s[i] = 'a'.
		{"quantified pc", func(f *fig2, p *Pat) {
			st := f.st
			i := st.BoundVar("i", st.BitVecSort(64))
			body := st.MustMake(term.OpImplies, nil, st.MustMake(term.OpBVUle, nil, i, f.c(0)),
				st.Eq(st.ConstUint64(8, 97), st.MustMake(term.OpSelect, nil, f.s, i)))
			all := st.MustMake(term.OpForall, nil, i, body)
			for _, v := range f.views {
				for j, s := range v.Trail {
					if s.Lit == f.B(0) {
						v.Trail[j].Lit, v.PC[v.Root+j] = all, all
					}
				}
			}
		}, FallbackQuantified, 7},
		// The reference heuristic: no cell uses k (count and sq are dropped).
		{"unparametric", func(f *fig2, p *Pat) {
			for _, v := range f.views {
				v.Cells = v.Cells[1:4]
				v.Cells[0].T = f.c(0)
			}
		}, FallbackUnparametric, 7},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFig2()
			p := NewPat()
			p.Check = engineChecker(f.st)
			c.setup(f, p)
			ms, err := p.Merge(f.st, f.views)
			if err != nil {
				t.Fatal(err)
			}
			if p.stats.Fallback[c.why] != c.views {
				t.Errorf("fallback %v, want %d views for %q", p.stats.Fallback, c.views, c.why)
			}
			covered := 0
			for _, m := range ms {
				covered += len(m.Members)
			}
			if covered != 7 {
				t.Errorf("%d views merged, want all 7", covered)
			}
			if p.stats.Quantified != 0 && c.views == 7 {
				t.Errorf("%d quantified merges, want none", p.stats.Quantified)
			}
		})
	}
}

// TestPartitionThreshold: more than 20 groups opened during extraction
// abort it (the reference implementation's MAX_INITIAL_MATCHES).
func TestPartitionThreshold(t *testing.T) {
	var words []Word
	for j := range 21 {
		words = append(words, Word{uint64(j), uint64(j + 100), uint64(j + 200)})
	}
	if _, ok := Partition(words, false); ok {
		t.Error("21 unrelated words: extraction should give up")
	}
	if g, ok := Partition(words[:20], false); !ok || len(g) != 20 {
		t.Errorf("20 unrelated words: %d groups, ok %v", len(g), ok)
	}
}

// TestSynthesize covers SynthOne on terms: linear index terms, offsets
// shared by every equation, non-linear values, and widths.
func TestSynthesize(t *testing.T) {
	st := term.NewStore()
	sy := newSynthesizer(st)
	n := st.Var("n", st.BitVecSort(64))
	s := st.Var("s", st.ArraySort(st.BitVecSort(64), st.BitVecSort(8)))
	c64 := func(x uint64) term.Term { return st.ConstUint64(64, x) }
	sel := func(x uint64) term.Term { return st.MustMake(term.OpSelect, nil, s, c64(x)) }
	ult := func(x uint64) term.Term { return st.MustMake(term.OpBVUlt, nil, c64(x), n) }
	eqs := func(ds []uint64, f func(d uint64) term.Term) []equation {
		var out []equation
		for _, d := range ds {
			out = append(out, equation{d, f(d)})
		}
		return out
	}
	cases := []struct {
		name string
		eqs  []equation
		ok   bool
	}{
		{"x-1 at two positions", eqs([]uint64{1, 2, 3}, func(d uint64) term.Term {
			return st.And(ult(d-1), st.Eq(sel(d-1), st.ConstUint64(8, 97)))
		}), true},
		{"y and y+1", eqs([]uint64{1, 2, 3}, func(d uint64) term.Term {
			return st.And(st.Eq(sel(d-1), st.ConstUint64(8, 97)), ult(d))
		}), true},
		{"E5: (0,0) then (1,5)", []equation{
			{1, st.And(ult(0), st.Eq(sel(0), st.ConstUint64(8, 97)))},
			{2, st.And(ult(1), st.Eq(sel(5), st.ConstUint64(8, 97)))}}, false},
		{"E4: 0 1 4", eqs([]uint64{0, 1, 2}, func(d uint64) term.Term { return c64(d * d) }), false},
		{"2x+3", eqs([]uint64{0, 1, 5}, func(d uint64) term.Term { return c64(2*d + 3) }), true},
		{"constant", eqs([]uint64{0, 1, 2}, func(d uint64) term.Term { return c64(7) }), true},
		{"byte values wrap", eqs([]uint64{0, 1, 2}, func(d uint64) term.Term { return st.ConstUint64(8, 255+d) }), true},
		{"even steps mod 2^8", eqs([]uint64{0, 2, 4}, func(d uint64) term.Term { return st.ConstUint64(8, 3*d+1) }), true},
		{"two variables", []equation{{0, ult(0)}, {1, st.MustMake(term.OpBVUlt, nil, c64(1), s2(st))}}, false},
	}
	for _, c := range cases {
		phi, ok := sy.solve(c.eqs)
		if ok != c.ok {
			t.Errorf("%s: ok %v, want %v", c.name, ok, c.ok)
			continue
		}
		if ok && !sy.validate(phi, c.eqs) {
			t.Errorf("%s: %s does not reproduce the equations", c.name, str(st, phi))
		}
	}
}

func s2(st *term.Store) term.Term { return st.Var("m", st.BitVecSort(64)) }

// TestPatAtJoins: with joins among its merge points (--merge-points all),
// pat merges the states at a join that is no loop exit the standard way.
func TestPatAtJoins(t *testing.T) {
	f := newFig2()
	for _, v := range f.views {
		v.Kind = KindJoin
	}
	p := NewPat()
	ms, err := p.Merge(f.st, f.views)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 1 || len(ms[0].Members) != 7 || p.stats.Quantified != 0 || len(p.stats.Fallback) != 0 {
		t.Errorf("%d merged states, stats %+v; want one standard merge of all 7", len(ms), p.stats)
	}
}

// TestPatRefusesPCOnlyJoins: at a join that is no loop exit, pat leaves
// unmerged the states whose cells are all equal (a merge of path
// constraints alone), unless KeepPCOnlyJoins; states with a differing
// cell merge; at a loop exit nothing changes.
func TestPatRefusesPCOnlyJoins(t *testing.T) {
	st := term.NewStore()
	v := bools(st, "c", "d")
	c, d := v[0], v[1]
	x := st.Var("x", st.BitVecSort(8))
	one, two := st.ConstUint64(8, 1), st.ConstUint64(8, 2)
	view := func(kind Kind, pc []term.Term, val term.Term) *View {
		return &View{PC: pc, Layout: 7, Kind: kind, Cells: []Cell{{Path: "", T: val}, {Path: ".same", T: x}}}
	}
	// The two sides of a short-circuit c || d: c, and ¬c ∧ d.
	pcs := [][]term.Term{{c}, {st.Not(c), d}}
	cases := []struct {
		name    string
		kind    Kind
		vals    []term.Term
		keep    bool
		merged  int // members of the one merged state, 0 for none
		refused int // states counted under "no cell differs"
	}{
		{"equal cells at a join: refused", KindJoin, []term.Term{one, one}, false, 0, 2},
		{"equal cells at a join, KeepPCOnlyJoins: merged", KindJoin, []term.Term{one, one}, true, 2, 0},
		{"a differing cell at a join: merged", KindJoin, []term.Term{one, two}, false, 2, 0},
		{"equal cells at a loop exit: merged", KindLoopExit, []term.Term{one, one}, false, 2, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			views := []*View{view(tc.kind, pcs[0], tc.vals[0]), view(tc.kind, pcs[1], tc.vals[1])}
			p := NewPat()
			p.kinds = KindJoin | KindLoopExit
			p.KeepPCOnlyJoins = tc.keep
			ms, err := p.Merge(st, views)
			if err != nil {
				t.Fatal(err)
			}
			got := 0
			if len(ms) == 1 {
				got = len(ms[0].Members)
			}
			if len(ms) > 1 || got != tc.merged {
				t.Errorf("%d merged states (%d members), want %d members", len(ms), got, tc.merged)
			}
			if n := p.stats.Refused[RefusedPCOnly]; n != tc.refused {
				t.Errorf("refused %d as %q, want %d", n, RefusedPCOnly, tc.refused)
			}
			if p.stats.Merges != len(ms) || p.stats.StatesMerged != got {
				t.Errorf("stats %+v after %d merges of %d states", p.stats, len(ms), got)
			}
		})
	}
}

// TestPatMergeRest: with MergeRest (the command line's pat) the leaves no
// formula pattern takes, across the regions of one point, make one
// standard merge instead of forking on; without it (the reference) they
// stay apart.
func TestPatMergeRest(t *testing.T) {
	cases := []struct {
		name          string
		mergeRest     bool
		otherRegion   bool // n14 gets a region of its own
		merged        int  // merged states
		quantified    int
		statesMerged  int
		fallback      map[string]int
		refused       map[string]int
		standardSizes []int // members of the standard merges, in order
	}{
		// MinStates 4: the 3 mismatch leaves are too few for a pattern.
		{name: "reference", merged: 1, quantified: 1, statesMerged: 4,
			refused: map[string]int{RefusedSingle: 3}},
		{name: "merge rest", mergeRest: true, merged: 2, quantified: 1, statesMerged: 7,
			fallback: map[string]int{RefusedSingle: 3}, standardSizes: []int{3}},
		// n14 alone in its region leaves the 3 reaching leaves too few
		// for a pattern as well: everything is one standard merge.
		{name: "merge rest across regions", mergeRest: true, otherRegion: true, merged: 1, quantified: 0, statesMerged: 7,
			fallback: map[string]int{RefusedSingle: 6, RefusedAloneInRegion: 1}, standardSizes: []int{7}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFig2()
			p := NewPat()
			p.MinStates = 4
			p.MergeRest = c.mergeRest
			p.Check = engineChecker(f.st)
			if c.otherRegion {
				v := f.views[6]
				v.PC = append([]term.Term{f.st.True()}, v.PC...)
				v.Root++
			}
			ms, err := p.Merge(f.st, f.views)
			if err != nil {
				t.Fatal(err)
			}
			if len(ms) != c.merged || p.stats.Quantified != c.quantified || p.stats.StatesMerged != c.statesMerged {
				t.Fatalf("%d merged states (%d quantified, %d states merged), want %d (%d, %d)",
					len(ms), p.stats.Quantified, p.stats.StatesMerged, c.merged, c.quantified, c.statesMerged)
			}
			if !maps.Equal(p.stats.Fallback, c.fallback) || !maps.Equal(p.stats.Refused, c.refused) {
				t.Errorf("fallback %v refused %v, want %v and %v", p.stats.Fallback, p.stats.Refused, c.fallback, c.refused)
			}
			var sizes []int
			seen := map[int]bool{}
			for _, m := range ms {
				for _, i := range m.Members {
					if seen[i] {
						t.Errorf("view %d in two merged states", i)
					}
					seen[i] = true
				}
				if !f.st.FeaturesOf(m.PC).Has(term.FeatQuantifier) {
					sizes = append(sizes, len(m.Members))
				}
			}
			if !slices.Equal(sizes, c.standardSizes) {
				t.Errorf("standard merges of %v states, want %v", sizes, c.standardSizes)
			}
		})
	}
}
