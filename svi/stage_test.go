package svi

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// stageFixture is a store with 8-bit variables x, y, z, 64-bit ones p, q, a
// Bool b and an array arr, and a parser for assertions over them.
type stageFixture struct {
	st    *term.Store
	scope smtlib.Scope
}

func newStageFixture() *stageFixture {
	st := term.NewStore()
	f := &stageFixture{st: st, scope: smtlib.Scope{Vars: map[string]term.Term{}}}
	for _, v := range []struct {
		name string
		sort term.Sort
	}{{"x", st.BitVecSort(8)}, {"y", st.BitVecSort(8)}, {"z", st.BitVecSort(8)},
		{"p", st.BitVecSort(64)}, {"q", st.BitVecSort(64)}, {"b", st.BoolSort()},
		{"arr", st.ArraySort(st.BitVecSort(8), st.BitVecSort(8))}} {
		f.scope.Vars[v.name] = st.Var(v.name, v.sort)
	}
	return f
}

func (f *stageFixture) parse(t *testing.T, texts []string) []term.Term {
	t.Helper()
	out := make([]term.Term, len(texts))
	for i, s := range texts {
		a, err := smtlib.ParseTerm(f.st, f.scope, s)
		if err != nil {
			t.Fatalf("parse %q: %v", s, err)
		}
		out[i] = a
	}
	return out
}

// holds evaluates every assertion under the model m.
func (f *stageFixture) holds(t *testing.T, as []term.Term, m map[term.Term]uint64) bool {
	t.Helper()
	tm := term.NewModel()
	for v, x := range m {
		tm.Set(v, f.st.BVValue(bv.New(f.st.Width(f.st.SortOf(v)), x)))
	}
	for _, a := range as {
		val, err := f.st.Eval(a, tm)
		if err != nil {
			t.Fatal(err)
		}
		if !val.Bool {
			return false
		}
	}
	return true
}

// TestDecideSmallTerms checks the status and layer of the stage on small
// problems; every Sat model is checked by evaluation, every exact domain
// against the expected set.
func TestDecideSmallTerms(t *testing.T) {
	tests := []struct {
		name    string
		asserts []string
		want    Status
		layer   Level
		sets    map[string]Set // expected exact domains, when given
		core    []int          // expected core, for Unsat
	}{
		{"listing 1 true side", []string{"(bvule #x0a x)", "(bvule x #x14)", "(bvult (bvmul x #x02) #x1e)"},
			Sat, PVI, map[string]Set{"x": Range(8, 10, 14)}, nil},
		{"listing 1 unsat", []string{"(bvule #x0a x)", "(bvule x #x14)", "(bvult (bvmul x #x02) #x14)"},
			Unsat, PVI, nil, []int{0, 1, 2}}, // at 8 bits, 2x wraps above 127: x <= 20 is needed
		{"stride unsat", []string{"(bvule x #x14)", "(= (bvmul x #x04) #x06)"}, Unsat, PVI, nil, []int{0, 1}},
		{"wrap sat", []string{"(bvule x #x0a)", "(bvult (bvsub x #x05) #x03)"},
			Sat, PVI, map[string]Set{"x": Range(8, 5, 7)}, nil},
		{"k minus x", []string{"(bvule #x0a x)", "(bvule x #x14)", "(bvult (bvsub #x64 x) #x55)"},
			Sat, PVI, map[string]Set{"x": Range(8, 16, 20)}, nil},
		{"neg and not invert", []string{"(bvult (bvneg x) #x03)", "(distinct x #x00)", "(bvugt (bvnot y) #xfd)"},
			Sat, PVI, map[string]Set{"x": Range(8, 254, 255), "y": Range(8, 0, 1)}, nil},
		{"shift left is times 4", []string{"(bvule x #x0a)", "(= (bvshl x #x02) #x08)"},
			Sat, PVI, map[string]Set{"x": Const(8, 2)}, nil},
		{"shift right is div 16", []string{"(bvugt (bvlshr x #x04) #x0f)"}, Unsat, PVI, nil, []int{0}},
		{"shift past the width is 0", []string{"(= (bvshl x #x09) #x00)", "(bvult x #x03)"},
			Sat, PVI, map[string]Set{"x": Range(8, 0, 2)}, nil},
		{"udiv backward", []string{"(bvule z #x05)", "(bvuge (bvudiv (bvadd (bvmul z #x02) #x0b) #x02) #x07)"},
			Sat, PVI, map[string]Set{"z": Range(8, 2, 5)}, nil},
		{"urem forward unsat", []string{"(bvule x #x64)", "(= (bvurem (bvmul x #x04) #x08) #x02)"}, Unsat, PVI, nil, []int{0, 1}},
		{"disequality set", []string{"(bvule x #x0a)", "(distinct x #x05)", "(bvuge x #x05)"},
			Sat, PVI, map[string]Set{"x": Range(8, 6, 10)}, nil},
		{"distinct of three", []string{"(bvule x #x01)", "(bvule y #x01)", "(bvule z #x01)", "(distinct x y z)"},
			Unknown, BVT, nil, nil},
		{"disjoint variables", []string{"(bvule x #x09)", "(bvule #x0a y)", "(bvult x y)"}, Sat, PVI, nil, nil},
		{"disjoint variables unsat", []string{"(bvule x #x09)", "(bvule #x0a y)", "(bvuge x y)"}, Unsat, PVI, nil, []int{0, 1, 2}},
		{"core leaves out the unrelated", []string{"(bvult y #x05)", "(bvule x #x0a)", "(bvugt x #x14)"}, Unsat, PVI, nil, []int{1, 2}},
		{"narrowing through a later literal", []string{"(bvult x y)", "(= y #x03)", "(bvugt x #x01)"},
			Sat, PVI, map[string]Set{"x": Const(8, 2), "y": Const(8, 3)}, nil},
		{"negated disjunction", []string{"(not (or (bvult x #x05) (bvugt x #x0a)))"},
			Sat, PVI, map[string]Set{"x": Range(8, 5, 10)}, nil},
		{"conjunction", []string{"(and (bvuge x #x05) (bvule x #x06) (= y #x07))"},
			Sat, PVI, map[string]Set{"x": Range(8, 5, 6), "y": Const(8, 7)}, nil},
		{"constant false", []string{"(bvult x #x05)", "false"}, Unsat, PVI, nil, []int{1}},
		{"64-bit mul wrap", []string{"(bvuge p #x8000000000000000)", "(bvult (bvmul p #x0000000000000002) #x000000000000000a)"},
			Sat, PVI, nil, nil},
		{"overlap boxed", []string{"(bvule x #x0a)", "(bvule #x02 y)", "(bvule y #x0a)", "(bvult x y)"}, Sat, UBox, nil, nil},
		{"overlap unsat gives up", []string{"(bvule x #x0a)", "(bvule #x02 y)", "(bvule y #x0a)", "(bvult x y)", "(bvult y (bvadd x #x01))"},
			Unknown, BVT, nil, nil},
		{"two symbolic operands give up", []string{"(bvule x #x0a)", "(bvule y #x0a)", "(= (bvadd x y) #x11)", "(bvult x #x08)"},
			Unknown, BVT, nil, nil},
		{"related operands give up", []string{"(= (bvadd x x) #x06)"}, Unknown, BVT, nil, nil},
		{"mul overflow gives up", []string{"(= (bvmul p #x0000000000000003) #x0000000000000001)"}, Unknown, BVT, nil, nil},
		{"urem backward gives up", []string{"(bvule x #x64)", "(= (bvurem (bvmul x #x04) #x08) #x04)", "(bvult x #x02)"},
			Unknown, BVT, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newStageFixture()
			as := f.parse(t, tc.asserts)
			d := Decide(context.Background(), f.st, as)
			if d.Status != tc.want || d.Layer != tc.layer {
				t.Fatalf("got %v at %v (%s), want %v at %v", d.Status, d.Layer, d.Reason, tc.want, tc.layer)
			}
			if d.OutOfFragment {
				t.Errorf("in-fragment problem reported out of fragment: %s", d.Reason)
			}
			switch d.Status {
			case Sat:
				for _, v := range f.st.FreeVars(f.st.And(as...)) {
					if _, ok := d.Model[v]; !ok {
						t.Errorf("model has no value for %s", f.st.Name(v))
					}
				}
				if !f.holds(t, as, d.Model) {
					t.Errorf("model %v does not satisfy the assertions", d.Model)
				}
			case Unsat:
				if tc.core != nil && !slices.Equal(d.Core, tc.core) {
					t.Errorf("core %v, want %v", d.Core, tc.core)
				}
				var sub []term.Term
				for _, i := range d.Core {
					sub = append(sub, as[i])
				}
				if d2 := Decide(context.Background(), f.st, sub); d2.Status != Unsat {
					t.Errorf("core %v alone is %v, not unsat", d.Core, d2.Status)
				}
			}
			for name, want := range tc.sets {
				if got := d.Sets[f.scope.Vars[name]]; !got.Equal(want) {
					t.Errorf("domain of %s is %v, want %v", name, got, want)
				}
			}
		})
	}
}

// TestDecideOutOfFragment: anything outside the fragment is Unknown at once,
// never a guess.
func TestDecideOutOfFragment(t *testing.T) {
	tests := []struct{ name, assert, why string }{
		{"signed division", "(= (bvsdiv x y) #x01)", "bvsdiv"},
		{"disjunction", "(or (bvult x #x05) (bvugt x #x0a))", "disjunction"},
		{"Bool variable", "(and b (bvult x #x05))", "<var>"},
		{"read over a symbolic store", "(= (select (store arr y #x02) x) #x01)", "select from store"},
		{"symbolic shift", "(= (bvshl x y) #x01)", "shift by a symbolic amount"},
		{"ite term", "(= (ite (bvult x #x05) x y) #x01)", "ite"},
		{"wide", "(= ((_ zero_extend 64) p) ((_ zero_extend 64) q))", "width 128"},
		{"quantifier", "(forall ((v (_ BitVec 8))) (bvule v x))", "forall"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newStageFixture()
			as := f.parse(t, []string{"(bvult y #x07)", tc.assert})
			var s Stage
			d := s.Decide(context.Background(), f.st, as)
			if d.Status != Unknown || !d.OutOfFragment || d.Sets != nil {
				t.Fatalf("got %+v, want Unknown out of fragment", d)
			}
			if !strings.Contains(d.Reason, tc.why) {
				t.Errorf("reason %q does not name %q", d.Reason, tc.why)
			}
			if st := s.Stats(); st.OutOfFragment != 1 || st.BVT != 1 || s.LastLayer() != BVT {
				t.Errorf("stats %+v, last layer %v", st, s.LastLayer())
			}
		})
	}
}

// TestStageStats: the counters and LastLayer follow the layer that answered.
func TestStageStats(t *testing.T) {
	f := newStageFixture()
	var s Stage
	if s.LastLayer() != BVT {
		t.Errorf("before any call LastLayer is %v, want bvt", s.LastLayer())
	}
	calls := []struct {
		asserts []string
		layer   Level
	}{
		{[]string{"(bvult x #x05)"}, PVI},
		{[]string{"(bvult x y)"}, UBox},
		{[]string{"(= (bvadd x y) #x05)", "(bvult x y)"}, BVT},
		{[]string{"(bvult x #x00)"}, PVI},
	}
	for _, c := range calls {
		s.Decide(context.Background(), f.st, f.parse(t, c.asserts))
		if s.LastLayer() != c.layer {
			t.Errorf("%v: layer %v, want %v", c.asserts, s.LastLayer(), c.layer)
		}
	}
	want := Stats{Calls: 4, PVI: 2, UBox: 1, BVT: 1}
	if s.Stats() != want {
		t.Errorf("stats %+v, want %+v", s.Stats(), want)
	}
}

// TestDecideAgainstBruteForce generates random conjunctions over two 4-bit
// variables and compares with enumeration: Sat needs a model that
// evaluates true, Unsat needs no solution at all, and the domains of an
// Unknown or Sat answer must contain every solution's values.
func TestDecideAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 2026))
	st := term.NewStore()
	const w = 4
	x, y := st.Var("x", st.BitVecSort(w)), st.Var("y", st.BitVecSort(w))
	lit := randomLiteral(r, st, w, x, y)
	count := map[string]int{}
	for iter := 0; iter < 1200; iter++ {
		var as []term.Term
		for range 1 + r.IntN(4) {
			as = append(as, lit())
		}
		d := Decide(context.Background(), st, as)
		count[fmt.Sprint(d.Status, "/", d.Layer)]++
		var sols [][2]uint64
		for a := range uint64(16) {
			for b := range uint64(16) {
				m := term.NewModel()
				m.Set(x, st.BVValue(bv.New(w, a)))
				m.Set(y, st.BVValue(bv.New(w, b)))
				ok := true
				for _, l := range as {
					v, err := st.Eval(l, m)
					if err != nil {
						t.Fatal(err)
					}
					ok = ok && v.Bool
				}
				if ok {
					sols = append(sols, [2]uint64{a, b})
				}
			}
		}
		show := func() string {
			var b strings.Builder
			for _, a := range as {
				fmt.Fprintf(&b, " %s", smtlib.NewPrinter(st).TermString(a))
			}
			return b.String()
		}
		switch d.Status {
		case Unsat:
			if len(sols) > 0 {
				t.Fatalf("unsat at %v, but %v is a solution of%s", d.Layer, sols[0], show())
			}
		case Sat:
			m := term.NewModel()
			for v, val := range d.Model {
				m.Set(v, st.BVValue(bv.New(w, val)))
			}
			for _, l := range as {
				if v, _ := st.Eval(l, m); !v.Bool {
					t.Fatalf("sat at %v with model %v, which falsifies%s", d.Layer, d.Model, show())
				}
			}
		}
		if d.Sets != nil {
			for _, s := range sols {
				for i, v := range []term.Term{x, y} {
					if set, ok := d.Sets[v]; ok && !set.Contains(s[i]) {
						t.Fatalf("solution %v lies outside the domain %v of var %d in%s", s, set, i, show())
					}
				}
			}
		}
	}
	t.Logf("answers by layer: %v", count)
}

// randomLiteral returns a generator of random comparisons (some negated)
// between terms of depth up to 2 over the w-bit variables x and y.
func randomLiteral(r *rand.Rand, st *term.Store, w uint32, x, y term.Term) func() term.Term {
	k := func() term.Term { return st.ConstUint64(w, r.Uint64N(1<<w)) }
	ops := []term.Op{term.OpBVAdd, term.OpBVSub, term.OpBVMul, term.OpBVUdiv, term.OpBVUrem, term.OpBVShl, term.OpBVLshr}
	var gen func(depth int) term.Term
	gen = func(depth int) term.Term {
		switch c := r.IntN(6); {
		case depth == 0 || c == 0:
			return []term.Term{x, y, x, y, k()}[r.IntN(5)]
		case c == 1:
			return st.MustMake([]term.Op{term.OpBVNeg, term.OpBVNot}[r.IntN(2)], nil, gen(depth-1))
		case c == 2:
			return st.MustMake(ops[r.IntN(len(ops))], nil, gen(depth-1), gen(depth-1))
		default:
			return st.MustMake(ops[r.IntN(len(ops))], nil, gen(depth-1), k())
		}
	}
	preds := []term.Op{term.OpBVUlt, term.OpBVUle, term.OpBVUgt, term.OpBVUge, term.OpEq, term.OpBVSlt, term.OpBVSge}
	return func() term.Term {
		l := st.MustMake(preds[r.IntN(len(preds))], nil, gen(2), gen(2))
		if r.IntN(3) == 0 {
			l = st.Not(l)
		}
		return l
	}
}

// benchDecide measures Decide on the assertions texts build.
func benchDecide(b *testing.B, texts []string, want Status) {
	f := newStageFixture()
	st := f.st
	as := make([]term.Term, len(texts))
	for i, s := range texts {
		a, err := smtlib.ParseTerm(st, f.scope, s)
		if err != nil {
			b.Fatal(err)
		}
		as[i] = a
	}
	b.ReportAllocs()
	for b.Loop() {
		if d := Decide(context.Background(), st, as); d.Status != want {
			b.Fatalf("got %v, want %v", d.Status, want)
		}
	}
}

// BenchmarkDecideListing1 is the paper's Listing 1 (exact layer, sat).
func BenchmarkDecideListing1(b *testing.B) {
	benchDecide(b, []string{"(bvule #x000000000000000a p)", "(bvule p #x0000000000000014)",
		"(bvult (bvmul p #x0000000000000002) #x000000000000001e)"}, Sat)
}

// BenchmarkDecidePathCondition is a symbolic-execution path condition of
// 200 branch literals on two 64-bit inputs, one bounded: disequalities and linear tests, decided exactly.
func BenchmarkDecidePathCondition(b *testing.B) {
	texts := []string{"(bvule q #x00000000000f4240)"}
	for i := range 100 {
		texts = append(texts,
			fmt.Sprintf("(distinct (bvadd p #x%016x) #x%016x)", i, 3*i+7),
			fmt.Sprintf("(bvult (bvmul q #x0000000000000003) #x%016x)", 100000-i))
	}
	benchDecide(b, texts, Sat)
}

// BenchmarkDecideGiveUp: an array read after 100 in-fragment literals; the
// stage must give up cheaply.
func BenchmarkDecideGiveUp(b *testing.B) {
	var texts []string
	for i := range 100 {
		texts = append(texts, fmt.Sprintf("(distinct (bvadd x #x%02x) y)", i))
	}
	texts = append(texts, "(= (select arr x) #x01)")
	benchDecide(b, texts, Unknown)
}

// BenchmarkDecideBox is the ubox layer on the overlap of Fig. 1.
func BenchmarkDecideBox(b *testing.B) {
	benchDecide(b, []string{"(bvule p #x000000000000000a)", "(bvule #x0000000000000002 q)",
		"(bvule q #x000000000000000a)", "(bvult p q)"}, Sat)
}
