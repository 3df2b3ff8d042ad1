package preprocess

import (
	"math/rand/v2"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// TestRewriteRules checks one input per rule: the rule fires, the result is
// the expected normal form, and it is equivalent to the input on every
// assignment.
func TestRewriteRules(t *testing.T) {
	const decl = "(declare-const p Bool)(declare-const x (_ BitVec 4))(declare-const y (_ BitVec 4))(declare-const z (_ BitVec 8))"
	tests := []struct {
		rule, term, want string
	}{
		{"not-cmp", "(not (bvult x y))", "(bvule y x)"},
		{"eq-order", "(= #x3 (bvmul x y))", "(= (bvmul x y) #x3)"},
		{"eq-concat-concat", "(= (concat x y) (concat y x))", "(= x y)"},
		{"eq-not-not", "(= (bvnot x) (bvnot y))", "(= x y)"},
		{"eq-add-const", "(= (bvadd x #x3) #x1)", "(= x #xe)"},
		{"eq-xor-const", "(= (bvxor x #x3) #x1)", "(= x #x2)"},
		{"eq-not-const", "(= (bvnot (bvmul x y)) #x1)", "(= (bvmul x y) #xe)"},
		{"eq-neg-const", "(= (bvneg (bvmul x y)) #x1)", "(= (bvmul x y) #xf)"},
		{"eq-concat-const", "(= (concat x y) #x12)", "(and (= x #x1) (= y #x2))"},
		{"eq-ite-const", "(= (ite p #x1 #x2) #x2)", "(not p)"},
		{"ite-nested-then", "(= (ite p (ite p x y) (bvmul x y)) x)", "(= x (ite p x (bvmul x y)))"},
		{"ite-nested-else", "(= (ite p x (ite p y (bvmul x y))) y)", "(= y (ite p x (bvmul x y)))"},
		{"ite-eq-select", "(= (ite (= x y) x y) #x1)", "(= y #x1)"},
		{"cmp-empty", "(bvult x #x0)", "false"},
		{"cmp-full", "(bvsle #x8 x)", "true"},
		{"cmp-ne", "(bvult #x0 x)", "(not (= x #x0))"},
		{"cmp-eq", "(bvule x #x0)", "(= x #x0)"},
		{"comm-const-right", "(= (bvand #x3 x) y)", "(= y (bvand x #x3))"},
		{"comm-merge-const", "(= (bvadd (bvadd x #x3) #x4) y)", "(= y (bvadd x #x7))"},
		{"mul-ones", "(= (bvmul x #xf) y)", "(= y (bvneg x))"},
		{"mul-pow2-factor", "(= (bvmul x #x6) y)", "(= y (concat (bvmul ((_ extract 2 0) x) #b011) #b0))"},
		{"xor-ones", "(= (bvxor x #xf) y)", "(= y (bvnot x))"},
		{"bitwise-complement", "(= (bvor x (bvnot x)) y)", "(= y #xf)"},
		{"add-neg", "(= (bvadd x (bvneg x)) y)", "(= y #x0)"},
		{"sub-const", "(= (bvsub x #x1) y)", "(= y (bvadd x #xf))"},
		{"sub-neg", "(= (bvsub x (bvneg y)) y)", "(= y (bvadd x y))"},
		{"not-neg", "(= (bvnot (bvneg x)) y)", "(= y (bvadd x #xf))"},
		{"not-concat", "(= (bvnot (concat x y)) z)", "(= z (concat (bvnot x) (bvnot y)))"},
		{"not-xor-const", "(= (bvnot (bvxor x #x3)) y)", "(= y (bvxor x #xc))"},
		{"not-ite-const", "(= (bvnot (ite p #x1 #x2)) y)", "(= y (ite p #xe #xd))"},
		{"neg-not", "(= (bvneg (bvnot x)) y)", "(= y (bvadd x #x1))"},
		{"neg-add-const", "(= (bvneg (bvadd x #x3)) y)", "(= y (bvadd (bvnot x) #xe))"},
		{"neg-mul-const", "(= (bvneg (bvmul x #x3)) y)", "(= y (bvmul x #xd))"},
		{"extract-concat", "(= ((_ extract 5 2) (concat x y)) y)", "(= y (concat ((_ extract 1 0) x) ((_ extract 3 2) y)))"},
		{"extract-not", "(= ((_ extract 2 1) (bvnot x)) ((_ extract 1 0) y))", ""},
		{"extract-bitwise-const", "(= ((_ extract 1 0) (bvand x #x6)) ((_ extract 1 0) y))", ""},
		{"extract-ite-const", "(= ((_ extract 1 0) (ite p #x6 #x1)) ((_ extract 1 0) y))", ""},
		{"extract-low-arith", "(= ((_ extract 1 0) (bvadd x y)) ((_ extract 3 2) y))", ""},
		{"extract-sext", "(= ((_ extract 3 0) ((_ sign_extend 4) x)) y)", "(= x y)"},
		{"concat-left-assoc", "(= (concat x (concat y x)) (bvmul ((_ zero_extend 8) x) ((_ zero_extend 8) y)))", ""},
		{"concat-merge", "(= (concat ((_ extract 3 2) x) ((_ extract 1 0) x)) y)", "(= x y)"},
		{"zext-concat", "(= ((_ zero_extend 4) x) z)", "(= z (concat #x0 x))"},
		{"shift-const", "(= (bvshl x #x1) y)", "(= y (concat ((_ extract 2 0) x) #b0))"},
	}
	for _, tc := range tests {
		t.Run(tc.rule, func(t *testing.T) {
			st, as := parse(t, decl+"(assert "+tc.term+")")
			p := &Rewrite{}
			s := runPasses(t, st, as, nil, p)
			if p.Hits[tc.rule] == 0 {
				t.Errorf("rule %s did not fire; hits %v", tc.rule, p.Hits)
			}
			if got := printed(st, s.Assertions); tc.want != "" && got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
			assertEquivalent(t, st, as[0], s.Assertions[0])
		})
	}
}

// assertEquivalent checks a == b on every assignment of their variables.
func assertEquivalent(t *testing.T, st *term.Store, a, b term.Term) {
	t.Helper()
	forAllModels(t, st, freeVars(st, []term.Term{a, b}), func(m *term.Model) bool {
		va, err1 := st.Eval(a, m)
		vb, err2 := st.Eval(b, m)
		if err1 != nil || err2 != nil {
			t.Fatalf("eval: %v %v", err1, err2)
		}
		if !va.Equal(vb) {
			t.Errorf("not equivalent under %v: %s vs %s", m.Values, printed(st, []term.Term{a}), printed(st, []term.Term{b}))
			return false
		}
		return true
	})
}

// TestRewriteBruteForce rewrites random terms over two variables of width w
// (1 to 4) and a Bool, and compares them with the input on every
// assignment. It also checks that the random terms exercise every rule.
func TestRewriteBruteForce(t *testing.T) {
	hits := map[string]int{}
	for w := uint32(1); w <= 4; w++ {
		st := term.NewStore()
		g := &termGen{st: st, rng: rand.New(rand.NewPCG(uint64(w), 7)), w: w,
			x: st.Var("x", st.BitVecSort(w)), y: st.Var("y", st.BitVecSort(w)), p: st.Var("p", st.BoolSort())}
		for i := 0; i < 800; i++ {
			var orig term.Term
			if i%2 == 0 {
				orig = g.boolean(4)
			} else {
				orig = g.bits(w+uint32(g.rng.IntN(int(w)+1)), 4)
			}
			r := newRewriter(st, hits)
			got := r.rewrite(orig)
			assertEquivalent(t, st, orig, got)
			if t.Failed() {
				return
			}
		}
	}
	t.Logf("rule hits: %v", hits)
	for _, rule := range []string{"eq-order", "eq-add-const", "eq-concat-const", "extract-concat", "concat-merge",
		"comm-const-right", "comm-merge-const", "mul-pow2-factor", "mul-ones", "zext-concat", "shift-const", "cmp-empty", "extract-low-arith"} {
		if hits[rule] == 0 {
			t.Errorf("random terms never fired %s", rule)
		}
	}
}

// termGen builds random well-sorted terms over x, y (width w) and p.
type termGen struct {
	st      *term.Store
	rng     *rand.Rand
	w       uint32
	x, y, p term.Term
}

func (g *termGen) konst(w uint32) term.Term {
	return g.st.Const(bv.New(w, g.rng.Uint64()))
}

func (g *termGen) boolean(depth int) term.Term {
	st := g.st
	if depth == 0 {
		return g.p
	}
	w := g.w + uint32(g.rng.IntN(int(g.w)+1))
	switch g.rng.IntN(8) {
	case 0:
		return g.p
	case 1:
		return st.Not(g.boolean(depth - 1))
	case 2:
		return st.And(g.boolean(depth-1), g.boolean(depth-1))
	case 3:
		return st.Eq(g.bits(w, depth-1), g.bits(w, depth-1))
	default:
		ops := []term.Op{term.OpBVUlt, term.OpBVUle, term.OpBVSlt, term.OpBVSle, term.OpBVUgt, term.OpBVSge}
		return st.MustMake(ops[g.rng.IntN(len(ops))], nil, g.bits(w, depth-1), g.bits(w, depth-1))
	}
}

// bits returns a random term of width w (1 <= w <= 2*g.w).
func (g *termGen) bits(w uint32, depth int) term.Term {
	st := g.st
	leaf := func() term.Term {
		switch {
		case g.rng.IntN(3) == 0:
			return g.konst(w)
		case w == g.w:
			if g.rng.IntN(2) == 0 {
				return g.x
			}
			return g.y
		case w < g.w:
			lo := uint32(g.rng.IntN(int(g.w - w + 1)))
			return st.MustMake(term.OpExtract, []uint32{lo + w - 1, lo}, g.x)
		}
		return st.MustMake(term.OpConcat, nil, g.y, g.bits(w-g.w, 0))
	}
	if depth == 0 {
		return leaf()
	}
	d := depth - 1
	switch g.rng.IntN(16) {
	case 0:
		return leaf()
	case 1:
		return st.MustMake(term.OpBVNot, nil, g.bits(w, d))
	case 2:
		return st.MustMake(term.OpBVNeg, nil, g.bits(w, d))
	case 3, 4:
		ops := []term.Op{term.OpBVAdd, term.OpBVSub, term.OpBVMul, term.OpBVAnd, term.OpBVOr, term.OpBVXor}
		a, b := g.bits(w, d), g.bits(w, d)
		if g.rng.IntN(2) == 0 {
			b = g.konst(w)
		}
		if g.rng.IntN(4) == 0 {
			a, b = b, a
		}
		return st.MustMake(ops[g.rng.IntN(len(ops))], nil, a, b)
	case 5:
		return st.Ite(g.boolean(d), g.bits(w, d), g.bits(w, d))
	case 6:
		return st.Ite(g.boolean(d), g.konst(w), g.konst(w))
	case 7, 8:
		// A slice of a wider term.
		ww := w + uint32(g.rng.IntN(int(2*g.w-w)+1))
		lo := uint32(g.rng.IntN(int(ww - w + 1)))
		return st.MustMake(term.OpExtract, []uint32{lo + w - 1, lo}, g.bits(ww, d))
	case 9, 10:
		if w >= 2 {
			hw := 1 + uint32(g.rng.IntN(int(w-1)))
			return st.MustMake(term.OpConcat, nil, g.bits(hw, d), g.bits(w-hw, d))
		}
	case 11:
		if w >= 2 {
			k := 1 + uint32(g.rng.IntN(int(w-1)))
			op := term.OpZeroExtend
			if g.rng.IntN(2) == 0 {
				op = term.OpSignExtend
			}
			return st.MustMake(op, []uint32{k}, g.bits(w-k, d))
		}
	case 12:
		op := term.OpBVShl
		if g.rng.IntN(2) == 0 {
			op = term.OpBVLshr
		}
		return st.MustMake(op, nil, g.bits(w, d), g.konst(w))
	case 13:
		// Adjacent slices of one term, the shape concat-merge looks for.
		if w >= 2 {
			a := g.bits(w, d)
			m := uint32(g.rng.IntN(int(w - 1)))
			return st.MustMake(term.OpConcat, nil, st.MustMake(term.OpExtract, []uint32{w - 1, m + 1}, a),
				st.MustMake(term.OpExtract, []uint32{m, 0}, a))
		}
	}
	return leaf()
}
