package preprocess

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// assertEquivalent checks a == b on every assignment of their variables.
func assertEquivalent(t *testing.T, st *term.Store, a, b term.Term) {
	t.Helper()
	if err := equivalentOn(t, st, a, b); err != nil {
		t.Errorf("%s vs %s: %v", show(st, a), show(st, b), err)
	}
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
	for _, rule := range []string{"eq-order", "eq-linear", "eq-concat", "extract-concat", "concat-merge",
		"bit-chain", "mul-chain", "linear", "mul-pow2-factor", "zext-concat", "shift-const", "cmp-extremes", "extract-low-arith"} {
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
	// full adds every other operator: division, shifts by terms,
	// rotations, repeat, the eliminated bitwise ones, bvcomp and ite of
	// sums, for the rule-level test.
	full bool
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
		a, b := g.bits(w, depth-1), g.bits(w, depth-1)
		if g.full && g.rng.IntN(3) == 0 {
			// a bound of one side on the other: a & b, a | b, a % b, a / b, a >> b
			bounds := []term.Op{term.OpBVAnd, term.OpBVOr, term.OpBVUrem, term.OpBVUdiv, term.OpBVLshr}
			if g.rng.IntN(2) == 0 {
				b = st.MustMake(bounds[g.rng.IntN(len(bounds))], nil, a, b)
			} else {
				b = st.MustMake(bounds[g.rng.IntN(len(bounds))], nil, b, a)
			}
			if g.rng.IntN(2) == 0 {
				a, b = b, a
			}
		}
		return st.MustMake(ops[g.rng.IntN(len(ops))], nil, a, b)
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
	if g.full && g.rng.IntN(3) == 0 {
		return g.extraBits(w, d)
	}
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

// extraBits builds a random term with the operators only full adds.
func (g *termGen) extraBits(w uint32, d int) term.Term {
	st := g.st
	small := func() term.Term { // a small constant: 0, 1, 2, ones or w
		return st.Const([]bv.Value{bv.Zero(w), bv.New(w, 1), bv.New(w, 2), bv.Ones(w), bv.New(w, uint64(w))}[g.rng.IntN(5)])
	}
	arg := func() term.Term {
		if g.rng.IntN(4) == 0 {
			return small()
		}
		return g.bits(w, d)
	}
	switch g.rng.IntN(10) {
	case 0, 1:
		ops := []term.Op{term.OpBVUdiv, term.OpBVUrem, term.OpBVShl, term.OpBVLshr, term.OpBVAshr,
			term.OpBVNand, term.OpBVNor, term.OpBVXnor, term.OpBVSdiv, term.OpBVSrem}
		a := arg()
		b := arg()
		if g.rng.IntN(4) == 0 {
			b = a // same operands
		}
		return st.MustMake(ops[g.rng.IntN(len(ops))], nil, a, b)
	case 2:
		ops := []term.Op{term.OpBVUdiv, term.OpBVUrem, term.OpBVMul}
		return st.MustMake(ops[g.rng.IntN(len(ops))], nil, arg(), st.MustMake(term.OpBVShl, nil, st.Const(bv.New(w, 1)), arg()))
	case 3:
		op := term.OpRotateLeft
		if g.rng.IntN(2) == 0 {
			op = term.OpRotateRight
		}
		return st.MustMake(op, []uint32{uint32(g.rng.IntN(int(2 * w)))}, g.bits(w, d))
	case 4:
		if w >= 2 && w%2 == 0 {
			return st.MustMake(term.OpRepeat, []uint32{2}, g.bits(w/2, d))
		}
	case 5:
		if w == 1 {
			cw := 1 + uint32(g.rng.IntN(int(g.w)))
			return st.MustMake(term.OpBVComp, nil, g.bits(cw, d), g.bits(cw, d))
		}
	case 6:
		// ites that share branches, and nested ites
		a, b := g.bits(w, d), g.bits(w, d)
		inner := st.Ite(g.boolean(d), a, b)
		if g.rng.IntN(2) == 0 {
			return st.Ite(g.boolean(d), inner, a)
		}
		return st.Ite(g.boolean(d), b, inner)
	case 7:
		ops := []term.Op{term.OpBVAdd, term.OpBVMul, term.OpBVUdiv, term.OpBVAnd, term.OpConcat}
		op := ops[g.rng.IntN(len(ops))]
		if op == term.OpConcat {
			if w < 2 {
				break
			}
			hw := 1 + uint32(g.rng.IntN(int(w-1)))
			h := g.bits(hw, d)
			return st.Ite(g.boolean(d), st.MustMake(op, nil, h, g.bits(w-hw, d)), st.MustMake(op, nil, h, g.bits(w-hw, d)))
		}
		a := g.bits(w, d)
		return st.Ite(g.boolean(d), st.MustMake(op, nil, a, arg()), st.MustMake(op, nil, arg(), a))
	case 8:
		// a sum that repeats its operands, and the remainder shape
		a, b := g.bits(w, d), arg()
		if g.rng.IntN(2) == 0 {
			q := st.MustMake(term.OpBVUdiv, nil, a, b)
			return st.MustMake(term.OpBVSub, nil, a, st.MustMake(term.OpBVMul, nil, q, b))
		}
		return st.MustMake(term.OpBVSub, nil, st.MustMake(term.OpBVAdd, nil, a, b), st.MustMake(term.OpBVNeg, nil, a))
	case 9:
		if w >= 2 {
			k := 1 + uint32(g.rng.IntN(int(w-1)))
			return st.MustMake(term.OpSignExtend, []uint32{k}, g.bits(w-k, d))
		}
	}
	return g.bits(w, d)
}

// TestEqCofactorSharedCondition: eq-cofactor collects the atoms of an ite
// condition that is a DAG of depth 80 over two atoms, each level using the
// one below twice. A walk without a visited set takes 2^80 steps there (the
// merged path conditions of sift symex hit it: 45 of 60 s rewriting on
// netip.ParseAddr 32 under --merge pat); with one, the rule fires.
func TestEqCofactorSharedCondition(t *testing.T) {
	var b strings.Builder
	b.WriteString("(declare-const x (_ BitVec 2))(declare-const y (_ BitVec 2))(declare-const p Bool)(declare-const q Bool)\n")
	b.WriteString("(define-fun c0 () Bool p)\n")
	const depth = 80
	for i := 1; i <= depth; i++ {
		fmt.Fprintf(&b, "(define-fun c%d () Bool (or (and c%d p) (and c%d q)))\n", i, i-1, i-1)
	}
	fmt.Fprintf(&b, "(assert (= (ite c%d x y) (ite p x y)))\n", depth)
	st, as := parse(t, b.String())
	hits := map[string]int{}
	got := newRewriter(st, hits).rewrite(as[0])
	if hits["eq-cofactor"] == 0 {
		t.Errorf("eq-cofactor did not fire; rule hits %v", hits)
	}
	assertEquivalent(t, st, as[0], got)
}

// TestIteConjunctsFeedVarSubst checks that definitions made under a case
// split (ite-conjuncts) become equations var-subst eliminates: after
// rewrite, flatten-and and var-subst no assertion mentions the variable.
func TestIteConjunctsFeedVarSubst(t *testing.T) {
	tests := []struct{ name, script, gone string }{
		{"shared side", "(assert (ite p (and (= x y) q) (and (= x #x3) (not q))))(assert (bvult x z))", "x"},
		{"both orientations", "(assert (ite p (and q (= y x)) (= x (bvadd y z))))(assert (bvult x z))", "x"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			decl := "(declare-const x (_ BitVec 4))(declare-const y (_ BitVec 4))(declare-const z (_ BitVec 4))(declare-const p Bool)(declare-const q Bool)"
			st, as := parse(t, decl+tc.script)
			s := runPasses(t, st, as, nil, &Rewrite{}, FlattenAnd{}, VarSubst{})
			for _, v := range freeVars(st, s.Assertions) {
				if st.Name(v) == tc.gone {
					t.Errorf("%s still occurs: %s", tc.gone, printed(st, s.Assertions))
				}
			}
			checkReconstruction(t, st, as, s)
		})
	}
}
