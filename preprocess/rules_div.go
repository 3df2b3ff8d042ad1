package preprocess

import (
	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// Rules on unsigned division and remainder (SMT-LIB: x / 0 = ~0, x % 0 = x).

var divOps = ops(term.OpBVUdiv, term.OpBVUrem)

// Division with 0, 1 or all ones on either side.
var ruleDivSpecial = &rule{name: "div-special", ops: divOps,
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		w := r.width(a)
		zero, one, ones := r.konst(bv.Zero(w)), r.konst(bv.New(w, 1)), r.konst(bv.Ones(w))
		isZ := func(x term.Term) bool { return r.is(x, bv.Zero(w)) }
		isO := func(x term.Term) bool { return r.is(x, bv.Ones(w)) }
		if st.Op(t) == term.OpBVUdiv {
			switch {
			case isZ(b):
				return ones, true
			case isZ(a):
				return r.ite(r.eq(b, zero), ones, zero), true
			case isO(b):
				return r.ite(r.eq(a, ones), one, zero), true
			}
			return t, false
		}
		switch {
		case isZ(b):
			return a, true
		case isZ(a), r.is(b, bv.New(w, 1)):
			return zero, true
		case isO(b):
			return r.ite(r.eq(a, ones), zero, a), true
		}
		return t, false
	},
	examples: []string{"(bvudiv x #0)", "(bvudiv #0 x)", "(bvudiv x #ones)", "(bvurem x #0)", "(bvurem #0 x)", "(bvurem x #1)", "(bvurem x #ones)"}}

// (bvudiv a a) is 1 unless a = 0; (bvurem a a) is 0.
var ruleDivSame = &rule{name: "div-same", ops: divOps,
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if a != b {
			return t, false
		}
		w := r.width(a)
		if st.Op(t) == term.OpBVUrem {
			return r.konst(bv.Zero(w)), true
		}
		return r.ite(r.eq(a, r.konst(bv.Zero(w))), r.konst(bv.Ones(w)), r.konst(bv.New(w, 1))), true
	},
	examples: []string{"(bvudiv x x)", "(bvurem (bvmul x y) (bvmul x y))"}}

// Division by a power of two 2^k is a slice: a / 2^k = 0_k ++ a[w-1:k],
// a % 2^k = 0 ++ a[k-1:0].
var ruleDivPow2Const = &rule{name: "div-pow2-const", ops: divOps,
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if !r.isConst(b) {
			return t, false
		}
		w := r.width(a)
		k := trailingZeros(st.Value(b))
		if k == 0 || k >= w || !bv.Lshr(st.Value(b), bv.New(w, uint64(k))).Equal(bv.New(w, 1)) {
			return t, false
		}
		if st.Op(t) == term.OpBVUdiv {
			return r.mk(term.OpConcat, nil, r.konst(bv.Zero(k)), r.extract(a, w-1, k)), true
		}
		return r.mk(term.OpConcat, nil, r.konst(bv.Zero(w-k)), r.extract(a, k-1, 0)), true
	},
	examples: []string{"(bvudiv x #2)", "(bvurem x #4)", "(bvudiv (bvmul x y) #8)"}}

// Division by (bvshl 1 s), a power of two unless s ≥ w: a / 2^s = a >> s,
// a % 2^s = a & ~(~0 << s); for s ≥ w the divisor is 0.
var ruleDivShlOne = &rule{name: "div-shl-one", ops: divOps,
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		w := r.width(a)
		if st.Op(b) != term.OpBVShl || !r.is(st.Arg(b, 0), bv.New(w, 1)) {
			return t, false
		}
		s := st.Arg(b, 1)
		inRange := r.op2(term.OpBVUlt, s, r.konst(bv.New(w, uint64(w))))
		if st.Op(t) == term.OpBVUdiv {
			return r.ite(inRange, r.op2(term.OpBVLshr, a, s), r.konst(bv.Ones(w))), true
		}
		mask := r.mk(term.OpBVNot, nil, r.op2(term.OpBVShl, r.konst(bv.Ones(w)), s))
		return r.ite(inRange, r.op2(term.OpBVAnd, a, mask), a), true
	},
	examples: []string{"(bvudiv x (bvshl #1 y))", "(bvurem x (bvshl #1 y))"}}

// One-bit division: a / b = a | ~b, a % b = a & ~b.
var ruleDivBit = &rule{name: "div-bit", ops: divOps,
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if r.width(a) != 1 {
			return t, false
		}
		op := term.OpBVOr
		if st.Op(t) == term.OpBVUrem {
			op = term.OpBVAnd
		}
		return r.op2(op, a, r.mk(term.OpBVNot, nil, b)), true
	},
	examples: []string{"(bvudiv ((_ extract 0 0) x) ((_ extract 0 0) y))", "(bvurem ((_ extract 0 0) x) ((_ extract 0 0) y))"}}

// A remainder whose dividend is the complement of the divisor: ~y + y is
// ones with no carry, so ~y and ones leave the same remainder modulo y
// (and y = 0 gives ones both ways).
var ruleUremNot = &rule{name: "urem-not", ops: ops(term.OpBVUrem),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if (st.Op(a) == term.OpBVNot && st.Arg(a, 0) == b) || (st.Op(b) == term.OpBVNot && st.Arg(b, 0) == a) {
			return r.op2(term.OpBVUrem, r.konst(bv.Ones(r.width(a))), b), true
		}
		return t, false
	},
	examples: []string{"(bvurem (bvnot x) x)", "(bvurem x (bvnot x))", "(bvurem (bvnot (bvmul x y)) (bvmul x y))"}}

// (a / b) >> b is (a >> b) / b: both are a divided by b·2^b, rounded down
// (and b = 0 divides by zero on both sides).
var ruleLshrUdiv = &rule{name: "lshr-udiv", ops: ops(term.OpBVLshr),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		q, b := st.Arg(t, 0), st.Arg(t, 1)
		if st.Op(q) != term.OpBVUdiv || st.Arg(q, 1) != b {
			return t, false
		}
		return r.op2(term.OpBVUdiv, r.op2(term.OpBVLshr, st.Arg(q, 0), b), b), true
	},
	examples: []string{"(bvlshr (bvudiv x y) y)", "(bvlshr (bvudiv #ones x) x)"}}

// expensive counts the operators of t that bit-blast to a quadratic circuit
// (products, quotients, remainders) or a barrel shifter, up to limit; past
// maxCostNodes nodes it gives up and answers more than limit.
func (r *rewriter) expensive(t term.Term, limit int) int {
	st := r.st
	n, nodes := 0, 0
	st.Walk([]term.Term{t}, func(x term.Term) bool {
		if nodes++; nodes > maxCostNodes {
			n = limit + 1
			return true
		}
		switch st.Op(x) {
		case term.OpBVMul, term.OpBVUdiv, term.OpBVUrem, term.OpBVSdiv, term.OpBVSrem, term.OpBVSmod:
			n++
		case term.OpBVShl, term.OpBVLshr, term.OpBVAshr:
			if !r.isConst(st.Arg(x, 1)) {
				n++
			}
		}
		return n > limit
	})
	return n
}

// maxCostNodes bounds the walk of expensive.
const maxCostNodes = 256

// An expensive operator over an ite argument goes into the branches when
// that leaves fewer expensive operators: (bvudiv (ite c 0 s) s) is
// (ite c (bvudiv 0 s) (bvudiv s s)), in which both divisions fold away.
// Two ite arguments on the same condition pair their branches:
// (bvudiv (ite c a b) (ite c d e)) is (ite c (bvudiv a d) (bvudiv b e)).
var ruleOpIteCheaper = &rule{name: "op-ite-cheaper", ops: ops(term.OpBVUdiv, term.OpBVUrem, term.OpBVMul, term.OpBVShl, term.OpBVLshr),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		op := st.Op(t)
		if x, y := st.Arg(t, 0), st.Arg(t, 1); st.Op(x) == term.OpIte && st.Op(y) == term.OpIte && st.Arg(x, 0) == st.Arg(y, 0) {
			// Both on one condition: the branches pair up, nothing is
			// duplicated, and equal cost is enough (the pairs may fold).
			before := r.expensive(t, 8)
			if before > 8 {
				return t, false
			}
			res := r.ite(st.Arg(x, 0), r.op2(op, st.Arg(x, 1), st.Arg(y, 1)), r.op2(op, st.Arg(x, 2), st.Arg(y, 2)))
			if r.expensive(res, before) <= before {
				return res, true
			}
			return t, false
		}
		for i := 0; i < 2; i++ {
			c := st.Arg(t, i)
			if st.Op(c) != term.OpIte {
				continue
			}
			other := st.Arg(t, 1-i)
			branch := func(x term.Term) term.Term {
				if i == 0 {
					return r.op2(op, x, other)
				}
				return r.op2(op, other, x)
			}
			before := r.expensive(t, 8)
			if before > 8 {
				return t, false
			}
			res := r.ite(st.Arg(c, 0), branch(st.Arg(c, 1)), branch(st.Arg(c, 2)))
			if r.expensive(res, before) < before {
				return res, true
			}
		}
		return t, false
	},
	examples: []string{"(bvmul (ite p #0 #1) (bvudiv x y))", "(bvmul (bvudiv x y) (ite p #1 #0))",
		"(bvudiv (ite p x y) (ite p x #1))", "(bvmul (ite p x #0) (ite p y x))"}}

// The signed divisions become unsigned ones on the magnitudes, as their
// SMT-LIB definitions say: with |x| = (ite x<0 -x x) and q, u the quotient
// and remainder of |s| by |t|, bvsdiv is ±q (negative when exactly one
// operand is), bvsrem ±u (with the dividend's sign), and bvsmod u, t - u,
// u + t or -u by the signs, or u when it is zero.
var ruleSignedDivElim = &rule{name: "signed-div-elim", ops: ops(term.OpBVSdiv, term.OpBVSrem, term.OpBVSmod),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		s, d := st.Arg(t, 0), st.Arg(t, 1)
		w := r.width(s)
		neg := func(x term.Term) term.Term { return r.mk(term.OpBVNeg, nil, x) }
		negative := func(x term.Term) term.Term { return r.eq(r.extract(x, w-1, w-1), r.bv(1, 1)) }
		ns, nd := negative(s), negative(d)
		abs := func(x, n term.Term) term.Term { return r.ite(n, neg(x), x) }
		as, ad := abs(s, ns), abs(d, nd)
		switch st.Op(t) {
		case term.OpBVSdiv:
			q := r.op2(term.OpBVUdiv, as, ad)
			return r.ite(r.mk(term.OpXor, nil, ns, nd), neg(q), q), true
		case term.OpBVSrem:
			u := r.op2(term.OpBVUrem, as, ad)
			return r.ite(ns, neg(u), u), true
		}
		u := r.op2(term.OpBVUrem, as, ad)
		signed := r.ite(ns, r.ite(nd, neg(u), r.op2(term.OpBVAdd, neg(u), d)), r.ite(nd, r.op2(term.OpBVAdd, u, d), u))
		return r.ite(r.eq(u, r.konst(bv.Zero(w))), u, signed), true
	},
	examples: []string{"(bvsdiv x y)", "(bvsrem x y)", "(bvsmod x y)", "(bvsmod (bvmul x y) #3)"}}

// (bvudiv (bvurem a b) b) is 0, or ones when b = 0 (a % 0 = a, a / 0 = ones).
var ruleUdivUrem = &rule{name: "udiv-urem", ops: ops(term.OpBVUdiv),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if st.Op(a) != term.OpBVUrem || st.Arg(a, 1) != b {
			return t, false
		}
		w := r.width(b)
		return r.ite(r.eq(b, r.konst(bv.Zero(w))), r.konst(bv.Ones(w)), r.konst(bv.Zero(w))), true
	},
	examples: []string{"(bvudiv (bvurem x y) y)"}}

// A quotient or remainder equal to its dividend: (= (bvurem a b) a) holds
// exactly when b = 0 or a < b, and (= (bvudiv a b) a) when b = 1, a = 0 and
// b ≠ 0, or b = 0 and a is all ones.
var ruleEqDivDividend = &rule{name: "eq-div-dividend", ops: ops(term.OpEq),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		for _, s := range [2][2]term.Term{{st.Arg(t, 0), st.Arg(t, 1)}, {st.Arg(t, 1), st.Arg(t, 0)}} {
			d, a := s[0], s[1]
			op := st.Op(d)
			if (op != term.OpBVUrem && op != term.OpBVUdiv) || st.Arg(d, 0) != a {
				continue
			}
			b := st.Arg(d, 1)
			w := r.width(a)
			zero := r.konst(bv.Zero(w))
			if op == term.OpBVUrem {
				return r.or(r.eq(b, zero), r.op2(term.OpBVUlt, a, b)), true
			}
			return r.or(r.eq(b, r.konst(bv.New(w, 1))), r.and(r.eq(a, zero), r.not(r.eq(b, zero))),
				r.and(r.eq(b, zero), r.eq(a, r.konst(bv.Ones(w))))), true
		}
		return t, false
	},
	examples: []string{"(= (bvurem x y) x)", "(= x (bvudiv x y))", "(= (bvurem #ones x) #ones)"}}

// A remainder by a constant k ≠ 0 is below k: (= (bvurem a k) c) is false
// for c ≥ k, (bvule (bvurem a k) c) true for c ≥ k-1, and (bvule c
// (bvurem a k)) false for c ≥ k. Without it the bound is a divider circuit
// the SAT solver has to refute.
var ruleUremConstBound = &rule{name: "urem-const-bound", ops: ops(term.OpEq, term.OpBVUle),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if !st.IsBitVec(st.SortOf(a)) {
			return t, false
		}
		// k is the divisor of x when x is a remainder by a nonzero constant.
		divisor := func(x term.Term) (bv.Value, bool) {
			if st.Op(x) != term.OpBVUrem || !r.isConst(st.Arg(x, 1)) || st.Value(st.Arg(x, 1)).IsZero() {
				return bv.Value{}, false
			}
			return st.Value(st.Arg(x, 1)), true
		}
		if st.Op(t) == term.OpEq {
			for _, s := range [2][2]term.Term{{a, b}, {b, a}} {
				if k, ok := divisor(s[0]); ok && r.isConst(s[1]) && !bv.Ult(st.Value(s[1]), k) {
					return st.False(), true
				}
			}
			return t, false
		}
		if k, ok := divisor(a); ok && r.isConst(b) && !bv.Ult(st.Value(b), bv.Sub(k, bv.New(k.Width(), 1))) {
			return st.True(), true
		}
		if k, ok := divisor(b); ok && r.isConst(a) && !bv.Ult(st.Value(a), k) {
			return st.False(), true
		}
		return t, false
	},
	examples: []string{"(= (bvurem x #3) #3)", "(= #5 (bvurem x #2))", "(bvule (bvurem x #5) #4)",
		"(bvule #3 (bvurem (bvmul x y) #3))", "(= (bvurem x #ones) #ones)"}}
