package qbv

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// parse reads the assertions of an SMT-LIB script.
func parse(t *testing.T, script string) (*term.Store, []term.Term) {
	t.Helper()
	st, as, _, err := smtlib.ReadAssertions(strings.NewReader(script))
	if err != nil {
		t.Fatal(err)
	}
	return st, as
}

// countQuantifiers counts the quantifier nodes of t.
func countQuantifiers(st *term.Store, t term.Term) int {
	n := 0
	st.PostOrder([]term.Term{t}, func(u term.Term) {
		if st.Op(u).IsQuantifier() {
			n++
		}
	})
	return n
}

// TestNormalizeRules checks what each rule makes of a small input: the
// number of quantifiers left at the top of the normal form and the counter
// the rule bumps.
func TestNormalizeRules(t *testing.T) {
	const decls = "(declare-const a (_ BitVec 16))(declare-const b (_ BitVec 16))(declare-const p Bool)"
	tests := []struct {
		name, assertion string
		quantifiers     int // quantifier nodes in the normal form
		counter         func(s Stats) int
	}{
		{"equality resolution", "(forall ((x (_ BitVec 16))) (=> (= x (bvadd a b)) (bvult x a)))", 0,
			func(s Stats) int { return s.Resolved }},
		{"Boolean literal", "(forall ((q Bool) (x (_ BitVec 16))) (or q (bvult (bvmul x x) a)))", 1,
			func(s Stats) int { return s.Resolved }},
		{"miniscope and", "(forall ((x (_ BitVec 16))) (and (bvult (bvmul x x) a) (bvugt (bvmul x x) b)))", 2,
			func(s Stats) int { return s.Miniscoped }},
		{"miniscope or", "(forall ((x (_ BitVec 16)) (y (_ BitVec 16))) (or (bvult (bvmul x x) a) (bvugt (bvmul y y) b)))", 2,
			func(s Stats) int { return s.Miniscoped }},
		{"expansion", "(forall ((x (_ BitVec 4)) (q Bool)) (or q (= ((_ zero_extend 12) x) a)))", 0,
			func(s Stats) int { return s.Expanded }},
		{"expansion of narrow products", "(forall ((x (_ BitVec 4))) (bvult (bvmul ((_ zero_extend 12) x) a) b))", 0,
			func(s Stats) int { return s.Expanded }},
		{"no expansion of 256 copies of two products", "(forall ((x (_ BitVec 8))) (bvult (bvmul ((_ zero_extend 8) x) a) (bvmul ((_ zero_extend 8) x) b)))", 1,
			func(s Stats) int { return b2i(s.Expanded == 0) }},
		{"prenex under or", "(forall ((x (_ BitVec 16))) (or (bvult (bvmul x x) a) (forall ((y (_ BitVec 16))) (bvult (bvmul y y) x))))", 1,
			func(s Stats) int { return 1 }},
		{"exists as not forall", "(exists ((x (_ BitVec 16))) (and (bvult x a) (bvugt x b)))", 1,
			func(s Stats) int { return 1 }},
		{"solved for the variable", "(forall ((x (_ BitVec 16))) (=> (= (bvadd (bvmul #x0003 x) a) b) (bvult x a)))", 0,
			func(s Stats) int { return s.Resolved }},
		{"nested exists defined by equalities", "(forall ((x (_ BitVec 16))) (exists ((y (_ BitVec 16)) (z (_ BitVec 16))) (=> (bvult x a) (and (bvugt y b) (= y x) (= z (bvadd y a)) (bvult z b)))))", 1,
			func(s Stats) int { return s.Resolved }},
		{"nested exists left when not defined", "(forall ((x (_ BitVec 16))) (exists ((y (_ BitVec 16))) (=> (bvult x a) (and (bvugt y b) (bvult y x)))))", 2,
			func(s Stats) int { return 1 }},
		{"definitions chained in one pass", "(forall ((x (_ BitVec 16)) (y (_ BitVec 16)) (z (_ BitVec 16))) (or (distinct z (bvadd y #x0001)) (distinct y (bvmul x #x0003)) (distinct x a) (bvult z (bvmul b b))))", 0,
			func(s Stats) int { return b2i(s.Resolved == 3) }},
		{"private to one comparison", "(forall ((x (_ BitVec 16)) (y (_ BitVec 16))) (or (bvsle (bvadd (bvmul #x0003 x) y) a) (bvult (bvmul y y) b)))", 1,
			func(s Stats) int { return s.Private }},
		{"private, the comparison false", "(exists ((y (_ BitVec 16))) (distinct (bvsub a (bvmul #x0005 y)) b))", 0,
			func(s Stats) int { return s.Private }},
		{"unused variable", "(forall ((x (_ BitVec 16)) (y (_ BitVec 16))) (bvult (bvmul x x) a))", 1,
			func(s Stats) int { return 1 }},
		{"split at extracts, a field resolved", "(forall ((s (_ BitVec 32))) (=> (= ((_ extract 31 16) s) a) (bvult (bvmul ((_ extract 15 0) s) ((_ extract 15 0) s)) ((_ extract 31 16) s))))", 1,
			func(s Stats) int { return s.Split }},
		{"split at extracts, every field resolved", "(forall ((s (_ BitVec 33))) (=> (and (= ((_ extract 32 17) s) a) (= ((_ extract 16 16) s) #b1) (= ((_ extract 15 0) s) b)) p))", 0,
			func(s Stats) int { return s.Split }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, as := parse(t, decls+"(assert "+tc.assertion+")")
			var stats Stats
			n := newNormalizer(st, &stats, 8)
			got := n.quantifier(as[0])
			if q := countQuantifiers(st, got); q != tc.quantifiers {
				t.Errorf("%d quantifiers in %s, want %d", q, smtlib.NewPrinter(st).TermString(got), tc.quantifiers)
			}
			if tc.counter(stats) == 0 {
				t.Errorf("the rule did not fire: %+v", stats)
			}
			st.PostOrder([]term.Term{got}, func(u term.Term) {
				if st.Op(u) == term.OpForall && !n.normal[u] && countQuantifiers(st, u) == 1 {
					t.Errorf("a ∀ of the normal form is not marked normal")
				}
			})
		})
	}
}

// b2i is 1 for true: a counter for a rule that must fire a given number
// of times.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// randomFormula builds a random Boolean term over the free constants cs and
// the bound variables in scope, with ∀ and ∃ over 1–3-bit and Boolean
// variables nested at any position.
type randomFormula struct {
	st    *term.Store
	r     *rand.Rand
	cs    []term.Term
	scope []term.Term
	n     int
}

func (g *randomFormula) leaf(w uint32) term.Term {
	st := g.st
	var cands []term.Term
	for _, x := range append(append([]term.Term(nil), g.cs...), g.scope...) {
		if st.IsBitVec(st.SortOf(x)) && st.Width(st.SortOf(x)) == w {
			cands = append(cands, x)
		}
	}
	if len(cands) == 0 || g.r.IntN(4) == 0 {
		return st.Const(bv.New(w, g.r.Uint64()))
	}
	return cands[g.r.IntN(len(cands))]
}

func (g *randomFormula) bvTerm(w uint32, d int) term.Term {
	st := g.st
	if d == 0 || g.r.IntN(3) == 0 {
		return g.leaf(w)
	}
	ops := []term.Op{term.OpBVAdd, term.OpBVSub, term.OpBVMul, term.OpBVAnd, term.OpBVXor, term.OpBVUdiv, term.OpBVShl}
	switch g.r.IntN(4) {
	case 0:
		return st.MustMake(term.OpBVNot, nil, g.bvTerm(w, d-1))
	case 1:
		return st.Ite(g.boolTerm(d-1), g.bvTerm(w, d-1), g.bvTerm(w, d-1))
	}
	return st.MustMake(ops[g.r.IntN(len(ops))], nil, g.bvTerm(w, d-1), g.bvTerm(w, d-1))
}

func (g *randomFormula) boolTerm(d int) term.Term {
	st := g.st
	if d == 0 {
		var bs []term.Term
		for _, x := range append(append([]term.Term(nil), g.cs...), g.scope...) {
			if st.IsBool(st.SortOf(x)) {
				bs = append(bs, x)
			}
		}
		if len(bs) > 0 && g.r.IntN(2) == 0 {
			return bs[g.r.IntN(len(bs))]
		}
		w := uint32(1 + g.r.IntN(3))
		return st.MustMake(term.OpBVUlt, nil, g.leaf(w), g.leaf(w))
	}
	switch g.r.IntN(8) {
	case 0:
		return st.Not(g.boolTerm(d - 1))
	case 1:
		return st.And(g.boolTerm(d-1), g.boolTerm(d-1))
	case 2:
		return st.Or(g.boolTerm(d-1), g.boolTerm(d-1))
	case 3:
		return st.Implies(g.boolTerm(d-1), g.boolTerm(d-1))
	case 4:
		w := uint32(1 + g.r.IntN(3))
		return st.Eq(g.bvTerm(w, d-1), g.bvTerm(w, d-1))
	case 5, 6:
		op := term.OpForall
		if g.r.IntN(2) == 0 {
			op = term.OpExists
		}
		var vars []term.Term
		for range 1 + g.r.IntN(2) {
			s := st.BoolSort()
			if g.r.IntN(3) > 0 {
				s = st.BitVecSort(uint32(1 + g.r.IntN(3)))
			}
			// Names repeat on purpose: normalisation must rename clashes.
			v := st.BoundVar(fmt.Sprintf("v%d", g.r.IntN(4)), s)
			vars = append(vars, v)
		}
		saved := g.scope
		g.scope = append(append([]term.Term(nil), g.scope...), vars...)
		body := g.boolTerm(d - 1)
		g.scope = saved
		return st.MustMake(op, nil, append(vars, body)...)
	}
	w := uint32(1 + g.r.IntN(3))
	return st.MustMake(term.OpBVSle, nil, g.bvTerm(w, d-1), g.bvTerm(w, d-1))
}

// TestNormalizeEquivalent checks on random formulas over narrow sorts that
// the normal form has the truth value of the input under random models
// (the evaluator enumerates the quantifiers), with and without expansion.
func TestNormalizeEquivalent(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 300
	}
	for _, expandBits := range []uint32{0, 8} {
		st := term.NewStore()
		cs := []term.Term{st.Var("a", st.BitVecSort(2)), st.Var("b", st.BitVecSort(3)), st.Var("p", st.BoolSort())}
		g := &randomFormula{st: st, r: rand.New(rand.NewPCG(uint64(expandBits), 9)), cs: cs}
		var stats Stats
		norm := newNormalizer(st, &stats, expandBits)
		checked := 0
		for range n {
			f := g.boolTerm(4)
			if !st.Op(f).IsQuantifier() {
				continue
			}
			got := norm.quantifier(f)
			for range 4 {
				m := term.NewModel()
				for _, c := range cs {
					if st.IsBool(st.SortOf(c)) {
						m.Set(c, term.BoolValue(g.r.IntN(2) == 0))
					} else {
						m.Set(c, st.BVValue(bv.New(st.Width(st.SortOf(c)), g.r.Uint64())))
					}
				}
				want, err1 := term.NewEvaluator(st, m).EvalBool(f)
				have, err2 := term.NewEvaluator(st, m).EvalBool(got)
				if err1 != nil || err2 != nil {
					t.Fatalf("evaluation failed: %v, %v", err1, err2)
				}
				if want != have {
					p := smtlib.NewPrinter(st)
					t.Fatalf("expandBits %d: %s is %v but its normal form %s is %v", expandBits, p.TermString(f), want, p.TermString(got), have)
				}
				checked++
			}
		}
		if checked < n/2 {
			t.Errorf("only %d checks", checked)
		}
		t.Logf("expandBits %d: %d checks, %+v", expandBits, checked, stats)
	}
}

// TestSplitSlicesEquivalent: a ∀ over a variable read through extracts has
// the truth value of its normal form (the variable split into slices) under
// every model of the free symbols; normal forms are left unexpanded, so the
// evaluator enumerates the slices.
func TestSplitSlicesEquivalent(t *testing.T) {
	const decls = "(declare-const a (_ BitVec 3))(declare-const b (_ BitVec 2))"
	tests := []struct{ name, assertion string }{
		{"field fixed", "(forall ((s (_ BitVec 6))) (=> (= ((_ extract 5 3) s) a) (bvule ((_ extract 2 0) s) a)))"},
		{"overlapping extracts", "(forall ((s (_ BitVec 6))) (or (= ((_ extract 4 1) s) (concat a #b0)) (bvult ((_ extract 5 4) s) b) (= ((_ extract 1 0) s) b)))"},
		{"exists over fields", "(exists ((s (_ BitVec 5))) (and (= ((_ extract 4 2) s) a) (distinct ((_ extract 1 0) s) b) (bvugt ((_ extract 3 1) s) a)))"},
		{"whole variable too: not split", "(forall ((s (_ BitVec 5))) (or (= ((_ extract 4 2) s) a) (bvult s ((_ zero_extend 3) b))))"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, as := parse(t, decls+"(assert "+tc.assertion+")")
			var stats Stats
			got := newNormalizer(st, &stats, 0).quantifier(as[0])
			a, b := st.Var("a", st.BitVecSort(3)), st.Var("b", st.BitVecSort(2))
			for av := range uint64(8) {
				for bvv := range uint64(4) {
					m := term.NewModel()
					m.Set(a, st.BVValue(bv.New(st.Width(st.SortOf(a)), av)))
					m.Set(b, st.BVValue(bv.New(st.Width(st.SortOf(b)), bvv)))
					want, err1 := term.NewEvaluator(st, m).EvalBool(as[0])
					have, err2 := term.NewEvaluator(st, m).EvalBool(got)
					if err1 != nil || err2 != nil || want != have {
						t.Fatalf("a=%d b=%d: input %v, normal form %s %v (%v, %v)", av, bvv, want,
							smtlib.NewPrinter(st).TermString(got), have, err1, err2)
					}
				}
			}
			if split := stats.Split > 0; split == strings.Contains(tc.name, "not split") {
				t.Errorf("split %d variables", stats.Split)
			}
		})
	}
}
