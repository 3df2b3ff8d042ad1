package preprocess

import (
	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// Rules on the comparisons bvult, bvule, bvslt and bvsle (the builder turns
// the greater-than ones around).

func isStrict(op term.Op) bool { return op == term.OpBVUlt || op == term.OpBVSlt }
func isSigned(op term.Op) bool { return op == term.OpBVSlt || op == term.OpBVSle }

// domain returns the least and greatest value of a comparison's order.
func domain(op term.Op, w uint32) (lowest, highest bv.Value) {
	if isSigned(op) {
		return signedMin(w), bv.Not(signedMin(w))
	}
	return bv.Zero(w), bv.Ones(w)
}

// cmpConsts compares two constants in op's order.
func cmpConsts(op term.Op, a, b bv.Value) bool {
	switch op {
	case term.OpBVUlt:
		return bv.Ult(a, b)
	case term.OpBVUle:
		return bv.Ule(a, b)
	case term.OpBVSlt:
		return bv.Slt(a, b)
	}
	return bv.Sle(a, b)
}

var cmpOps = ops(term.OpBVUlt, term.OpBVUle, term.OpBVSlt, term.OpBVSle)

// Comparisons against the extremes of the order are decided or become
// equalities: (a < lowest) is false, (lowest < b) is b ≠ lowest, and so on.
var ruleCmpExtremes = &rule{name: "cmp-extremes", ops: cmpOps,
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		op, a, b := st.Op(t), st.Arg(t, 0), st.Arg(t, 1)
		lowest, highest := domain(op, r.width(a))
		strict := isStrict(op)
		eq := func(x term.Term, v bv.Value) term.Term { return r.eq(x, r.konst(v)) }
		switch {
		case strict && (r.is(b, lowest) || r.is(a, highest)):
			return st.False(), true
		case !strict && (r.is(a, lowest) || r.is(b, highest)):
			return st.True(), true
		case strict && r.is(a, lowest):
			return r.not(eq(b, lowest)), true
		case strict && r.is(b, highest):
			return r.not(eq(a, highest)), true
		case !strict && r.is(b, lowest):
			return eq(a, lowest), true
		case !strict && r.is(a, highest):
			return eq(b, highest), true
		}
		return t, false
	},
	examples: []string{"(bvult x #0)", "(bvsle #min x)", "(bvult #0 x)", "(bvule x #0)", "(bvslt x #max)", "(bvule #ones (bvmul x y))"}}

// A strict comparison with a constant becomes a non-strict one: (a < k) is
// (a ≤ k-1), and (k < a) is (k+1 ≤ a). The extremes are decided before.
var ruleCmpConstStrict = &rule{name: "cmp-const-nonstrict", ops: ops(term.OpBVUlt, term.OpBVSlt),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		op, a, b := st.Op(t), st.Arg(t, 0), st.Arg(t, 1)
		le := term.OpBVUle
		if op == term.OpBVSlt {
			le = term.OpBVSle
		}
		w := r.width(a)
		lowest, highest := domain(op, w)
		switch {
		case r.isConst(b) && !r.isConst(a) && !st.Value(b).Equal(lowest):
			return r.op2(le, a, r.konst(bv.Sub(st.Value(b), bv.New(w, 1)))), true
		case r.isConst(a) && !r.isConst(b) && !st.Value(a).Equal(highest):
			return r.op2(le, r.konst(bv.Add(st.Value(a), bv.New(w, 1))), b), true
		}
		return t, false
	},
	examples: []string{"(bvult x #3)", "(bvslt #2 (bvmul x y))", "(bvslt x #0)"}}

// leq reports whether a ≤ b (unsigned) holds whatever the variables are:
// a bitwise and is below each operand, an or above each, a remainder and a
// right shift below the dividend and the shifted value.
func (r *rewriter) leq(a, b term.Term) bool {
	st := r.st
	if a == b {
		return true
	}
	switch st.Op(a) {
	case term.OpBVAnd:
		if st.Arg(a, 0) == b || st.Arg(a, 1) == b || r.leq(st.Arg(a, 0), b) || r.leq(st.Arg(a, 1), b) {
			return true
		}
	case term.OpBVUrem, term.OpBVLshr:
		if st.Arg(a, 0) == b {
			return true
		}
	}
	if st.Op(b) == term.OpBVOr && (st.Arg(b, 0) == a || st.Arg(b, 1) == a) {
		return true
	}
	return false
}

// Comparisons that bounds decide: (bvule (bvand a b) a) is true, (bvult
// (bvurem y x) x) is x ≠ 0, (bvule (bvudiv y x) y) holds unless x = 0 and y
// is not all ones, and so on.
var ruleCmpBounds = &rule{name: "cmp-bounds", ops: ops(term.OpBVUlt, term.OpBVUle),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		op, a, b := st.Op(t), st.Arg(t, 0), st.Arg(t, 1)
		w := r.width(a)
		zero, ones := r.konst(bv.Zero(w)), r.konst(bv.Ones(w))
		if op == term.OpBVUle && r.leq(a, b) {
			return st.True(), true
		}
		if op == term.OpBVUlt && r.leq(b, a) {
			return st.False(), true
		}
		// (urem y x) against x: below x exactly when x ≠ 0 (y mod 0 is y).
		if st.Op(a) == term.OpBVUrem && st.Arg(a, 1) == b {
			y, x := st.Arg(a, 0), b
			if op == term.OpBVUlt {
				return r.not(r.eq(x, zero)), true
			}
			return r.or(r.not(r.eq(x, zero)), r.eq(y, zero)), true
		}
		if st.Op(b) == term.OpBVUrem && st.Arg(b, 1) == a {
			y, x := st.Arg(b, 0), a
			if op == term.OpBVUle {
				return r.eq(x, zero), true
			}
			return r.and(r.eq(x, zero), r.not(r.eq(y, zero))), true
		}
		// (udiv y x) against y: at most y unless x = 0 (y div 0 is ones).
		if st.Op(a) == term.OpBVUdiv && st.Arg(a, 0) == b && op == term.OpBVUle {
			return r.or(r.not(r.eq(st.Arg(a, 1), zero)), r.eq(b, ones)), true
		}
		if st.Op(b) == term.OpBVUdiv && st.Arg(b, 0) == a && op == term.OpBVUlt {
			return r.and(r.eq(st.Arg(b, 1), zero), r.not(r.eq(a, ones))), true
		}
		return t, false
	},
	examples: []string{"(bvule (bvand x y) x)", "(bvult (bvor x y) y)", "(bvule (bvurem x y) x)", "(bvult x (bvlshr x y))",
		"(bvult (bvurem y x) x)", "(bvule (bvurem y x) x)", "(bvule x (bvurem y x))", "(bvult x (bvurem y x))",
		"(bvule (bvudiv y x) y)", "(bvult y (bvudiv y x))"}}

// Concatenations that share their high or low part compare by the other
// part; one whose high part is a constant compared with a constant compares
// the high parts first.
var ruleCmpConcat = &rule{name: "cmp-concat", ops: cmpOps,
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		op, a, b := st.Op(t), st.Arg(t, 0), st.Arg(t, 1)
		unsigned := map[term.Op]term.Op{term.OpBVUlt: term.OpBVUlt, term.OpBVUle: term.OpBVUle,
			term.OpBVSlt: term.OpBVUlt, term.OpBVSle: term.OpBVUle}[op]
		if st.Op(a) == term.OpConcat && st.Op(b) == term.OpConcat {
			ah, al, bh, bl := st.Arg(a, 0), st.Arg(a, 1), st.Arg(b, 0), st.Arg(b, 1)
			if ah == bh && r.width(al) == r.width(bl) {
				return r.op2(unsigned, al, bl), true // equal high parts: the low parts decide, unsigned
			}
			if al == bl && r.width(ah) == r.width(bh) {
				return r.op2(op, ah, bh), true // equal low parts: the high parts decide
			}
			return t, false
		}
		// One side a concatenation with a constant high part, the other a
		// constant: split the constant.
		cc, k, flip := a, b, false
		if st.Op(cc) != term.OpConcat {
			cc, k, flip = b, a, true
		}
		if st.Op(cc) != term.OpConcat || !r.isConst(k) || !r.isConst(st.Arg(cc, 0)) {
			return t, false
		}
		h, l := st.Arg(cc, 0), st.Arg(cc, 1)
		w, lw := r.width(cc), r.width(l)
		kh, kl := bv.Extract(st.Value(k), w-1, lw), bv.Extract(st.Value(k), lw-1, 0)
		hv := st.Value(h)
		if !hv.Equal(kh) {
			// The high parts differ: they decide (signed order for the sign
			// part of a signed comparison).
			strictOp := term.OpBVUlt
			if isSigned(op) {
				strictOp = term.OpBVSlt
			}
			less := cmpConsts(strictOp, hv, kh)
			if flip {
				less = !less
			}
			return st.Bool(less), true
		}
		if flip {
			return r.op2(unsigned, r.konst(kl), l), true
		}
		return r.op2(unsigned, l, r.konst(kl)), true
	},
	examples: []string{"(bvult (concat x y) (concat x (bvnot y)))", "(bvsle (concat y x) (concat (bvnot y) x))",
		"(bvslt (concat x y) (concat x (bvneg y)))", "(bvule (concat #b0 ((_ extract %H 1) x)) #5)",
		"(bvslt #7 (concat #b1 ((_ extract %H 1) x)))", "(bvule (concat #b1 ((_ extract %H 1) x)) #5)"}}

// ~ reverses both orders: (~a < ~b) is (b < a), (~a < k) is (~k < a).
var ruleCmpNot = &rule{name: "cmp-not", ops: cmpOps,
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		op, a, b := st.Op(t), st.Arg(t, 0), st.Arg(t, 1)
		na, nb := st.Op(a) == term.OpBVNot, st.Op(b) == term.OpBVNot
		notOf := func(x term.Term) term.Term {
			if st.Op(x) == term.OpBVNot {
				return st.Arg(x, 0)
			}
			return r.konst(bv.Not(st.Value(x)))
		}
		if (na && (nb || r.isConst(b))) || (nb && r.isConst(a)) {
			return r.op2(op, notOf(b), notOf(a)), true
		}
		return t, false
	},
	examples: []string{"(bvult (bvnot x) (bvnot y))", "(bvsle (bvnot x) #3)", "(bvule #3 (bvnot (bvmul x y)))"}}

// A comparison of two ites on one condition that share a branch, or of an
// ite of constants with a constant, is an ite of comparisons.
var ruleCmpIte = &rule{name: "cmp-ite", ops: cmpOps,
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		op, a, b := st.Op(t), st.Arg(t, 0), st.Arg(t, 1)
		isIte := func(x term.Term) bool { return st.Op(x) == term.OpIte }
		if isIte(a) && isIte(b) && st.Arg(a, 0) == st.Arg(b, 0) &&
			(st.Arg(a, 1) == st.Arg(b, 1) || st.Arg(a, 2) == st.Arg(b, 2)) {
			return r.ite(st.Arg(a, 0), r.op2(op, st.Arg(a, 1), st.Arg(b, 1)), r.op2(op, st.Arg(a, 2), st.Arg(b, 2))), true
		}
		constIte := func(x term.Term) bool { return isIte(x) && r.isConst(st.Arg(x, 1)) && r.isConst(st.Arg(x, 2)) }
		if constIte(a) && r.isConst(b) {
			return r.ite(st.Arg(a, 0), r.op2(op, st.Arg(a, 1), b), r.op2(op, st.Arg(a, 2), b)), true
		}
		if constIte(b) && r.isConst(a) {
			return r.ite(st.Arg(b, 0), r.op2(op, a, st.Arg(b, 1)), r.op2(op, a, st.Arg(b, 2))), true
		}
		return t, false
	},
	examples: []string{"(bvult (ite p x y) (ite p x (bvmul x y)))", "(bvsle (ite p #1 #5) #3)", "(bvule #2 (ite (bvult x y) #1 #3))"}}

// A signed comparison with zero (or minus one) tests the sign bit only:
// (0 ≤s a) is a's top bit clear, (a ≤s -1) is it set. As a bit equality it
// meets the sign tests of the same term that abs and signed division make,
// and the embedded pass decides those from a top-level comparison.
var ruleCmpSign = &rule{name: "cmp-sign", ops: ops(term.OpBVSlt, term.OpBVSle),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		op, a, b := st.Op(t), st.Arg(t, 0), st.Arg(t, 1)
		w := r.width(a)
		zero, ones := bv.Zero(w), bv.Ones(w)
		var x term.Term
		var sign uint64 // the sign bit the comparison asks for
		switch {
		case op == term.OpBVSle && r.is(a, zero), op == term.OpBVSlt && r.is(a, ones):
			x, sign = b, 0 // 0 ≤ b, -1 < b
		case op == term.OpBVSle && r.is(b, ones), op == term.OpBVSlt && r.is(b, zero):
			x, sign = a, 1 // a ≤ -1, a < 0
		default:
			return t, false
		}
		if r.isConst(x) {
			return t, false
		}
		return r.eq(r.extract(x, w-1, w-1), r.bv(1, sign)), true
	},
	examples: []string{"(bvsle #0 (bvmul x y))", "(bvslt x #0)", "(bvsle x #ones)", "(bvslt #ones (bvadd x y))"}}
