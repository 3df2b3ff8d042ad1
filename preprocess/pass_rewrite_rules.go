package preprocess

import (
	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// rules tries the rewrite rules at the root of t and returns the rewritten
// term and the rule's name. Each rule is an equivalence for every width
// (rewrite_test.go checks them by brute force at widths 1 to 4) and makes the
// term smaller or moves an operator towards the leaves, so normalisation
// terminates.
func (r *rewriter) rules(t term.Term) (term.Term, string, bool) {
	st := r.st
	args := st.Args(t)
	switch op := st.Op(t); op {
	case term.OpNot:
		return r.notRules(args[0])
	case term.OpEq:
		if st.IsBitVec(st.SortOf(args[0])) {
			return r.eqRules(args[0], args[1])
		}
	case term.OpIte:
		return r.iteRules(args[0], args[1], args[2])
	case term.OpBVUlt, term.OpBVUle, term.OpBVSlt, term.OpBVSle:
		return r.cmpRules(op, args[0], args[1])
	case term.OpBVAdd, term.OpBVMul, term.OpBVAnd, term.OpBVOr, term.OpBVXor:
		return r.commutativeRules(op, args[0], args[1])
	case term.OpBVSub:
		a, b := args[0], args[1]
		if r.isConst(b) {
			return r.mk(term.OpBVAdd, nil, a, r.konst(bv.Neg(st.Value(b)))), "sub-const", true
		}
		if st.Op(b) == term.OpBVNeg {
			return r.mk(term.OpBVAdd, nil, a, st.Arg(b, 0)), "sub-neg", true
		}
	case term.OpBVNot:
		return r.bvnotRules(args[0])
	case term.OpBVNeg:
		return r.bvnegRules(args[0])
	case term.OpExtract:
		hi, lo := st.Indices(t)
		return r.extractRules(args[0], hi, lo)
	case term.OpConcat:
		return r.concatRules(args[0], args[1])
	case term.OpZeroExtend:
		k, _ := st.Indices(t)
		return r.mk(term.OpConcat, nil, r.konst(bv.Zero(k)), args[0]), "zext-concat", true
	case term.OpBVShl, term.OpBVLshr:
		return r.shiftRules(op, args[0], args[1])
	}
	return term.NoTerm, "", false
}

// notRules removes negations of comparisons: ¬(a < b) is b ≤ a.
func (r *rewriter) notRules(a term.Term) (term.Term, string, bool) {
	st := r.st
	swap := map[term.Op]term.Op{term.OpBVUlt: term.OpBVUle, term.OpBVUle: term.OpBVUlt,
		term.OpBVSlt: term.OpBVSle, term.OpBVSle: term.OpBVSlt}
	if op, ok := swap[st.Op(a)]; ok {
		return r.mk(op, nil, st.Arg(a, 1), st.Arg(a, 0)), "not-cmp", true
	}
	return term.NoTerm, "", false
}

// eqRules puts bit-vector equalities in canonical form (constant on the
// right, otherwise the smaller id first) and solves them for the variable
// part where a constant side allows it.
func (r *rewriter) eqRules(a, b term.Term) (term.Term, string, bool) {
	st := r.st
	if (r.isConst(a) && !r.isConst(b)) || (!r.isConst(a) && !r.isConst(b) && a > b) {
		return r.mk(term.OpEq, nil, b, a), "eq-order", true
	}
	if st.Op(a) == term.OpConcat && st.Op(b) == term.OpConcat &&
		r.width(st.Arg(a, 1)) == r.width(st.Arg(b, 1)) {
		return r.mk(term.OpAnd, nil,
			r.mk(term.OpEq, nil, st.Arg(a, 0), st.Arg(b, 0)),
			r.mk(term.OpEq, nil, st.Arg(a, 1), st.Arg(b, 1))), "eq-concat-concat", true
	}
	if st.Op(a) == term.OpBVNot && st.Op(b) == term.OpBVNot {
		return r.mk(term.OpEq, nil, st.Arg(a, 0), st.Arg(b, 0)), "eq-not-not", true
	}
	if !r.isConst(b) {
		return term.NoTerm, "", false
	}
	k := st.Value(b)
	switch st.Op(a) {
	case term.OpBVAdd:
		if c := st.Arg(a, 1); r.isConst(c) {
			return r.mk(term.OpEq, nil, st.Arg(a, 0), r.konst(bv.Sub(k, st.Value(c)))), "eq-add-const", true
		}
	case term.OpBVXor:
		if c := st.Arg(a, 1); r.isConst(c) {
			return r.mk(term.OpEq, nil, st.Arg(a, 0), r.konst(bv.Xor(k, st.Value(c)))), "eq-xor-const", true
		}
	case term.OpBVNot:
		return r.mk(term.OpEq, nil, st.Arg(a, 0), r.konst(bv.Not(k))), "eq-not-const", true
	case term.OpBVNeg:
		return r.mk(term.OpEq, nil, st.Arg(a, 0), r.konst(bv.Neg(k))), "eq-neg-const", true
	case term.OpConcat:
		hi, lo := st.Arg(a, 0), st.Arg(a, 1)
		lw := r.width(lo)
		w := r.width(a)
		return r.mk(term.OpAnd, nil,
			r.mk(term.OpEq, nil, hi, r.konst(bv.Extract(k, w-1, lw))),
			r.mk(term.OpEq, nil, lo, r.konst(bv.Extract(k, lw-1, 0)))), "eq-concat-const", true
	case term.OpIte:
		c, x, y := st.Arg(a, 0), st.Arg(a, 1), st.Arg(a, 2)
		if r.isConst(x) && r.isConst(y) {
			// x != y: the builder folds equal branches.
			switch {
			case x == b:
				return c, "eq-ite-const", true
			case y == b:
				return r.mk(term.OpNot, nil, c), "eq-ite-const", true
			}
			return st.False(), "eq-ite-const", true
		}
	}
	return term.NoTerm, "", false
}

// iteRules simplifies nested ites on the same condition and the selection
// (ite (= a b) a b), which is b either way.
func (r *rewriter) iteRules(c, x, y term.Term) (term.Term, string, bool) {
	st := r.st
	if st.Op(x) == term.OpIte && st.Arg(x, 0) == c {
		return r.mk(term.OpIte, nil, c, st.Arg(x, 1), y), "ite-nested-then", true
	}
	if st.Op(y) == term.OpIte && st.Arg(y, 0) == c {
		return r.mk(term.OpIte, nil, c, x, st.Arg(y, 2)), "ite-nested-else", true
	}
	if st.Op(c) == term.OpEq {
		l, rr := st.Arg(c, 0), st.Arg(c, 1)
		if (l == x && rr == y) || (l == y && rr == x) {
			return y, "ite-eq-select", true
		}
	}
	return term.NoTerm, "", false
}

// cmpRules decides comparisons against the extremes of their domain and
// turns the ones with a single satisfying value into equalities.
func (r *rewriter) cmpRules(op term.Op, a, b term.Term) (term.Term, string, bool) {
	st := r.st
	w := r.width(a)
	lowest, highest := bv.Zero(w), bv.Ones(w)
	if op == term.OpBVSlt || op == term.OpBVSle {
		lowest = signedMin(w)
		highest = bv.Not(lowest)
	}
	is := func(t term.Term, v bv.Value) bool { return r.isConst(t) && st.Value(t).Equal(v) }
	eq := func(x term.Term, v bv.Value) term.Term { return r.mk(term.OpEq, nil, x, r.konst(v)) }
	strict := op == term.OpBVUlt || op == term.OpBVSlt
	switch {
	case strict && (is(b, lowest) || is(a, highest)):
		return st.False(), "cmp-empty", true
	case !strict && (is(a, lowest) || is(b, highest)):
		return st.True(), "cmp-full", true
	case strict && is(a, lowest): // lowest < b  iff  b != lowest
		return r.mk(term.OpNot, nil, eq(b, lowest)), "cmp-ne", true
	case strict && is(b, highest):
		return r.mk(term.OpNot, nil, eq(a, highest)), "cmp-ne", true
	case !strict && is(b, lowest): // a <= lowest  iff  a = lowest
		return eq(a, lowest), "cmp-eq", true
	case !strict && is(a, highest):
		return eq(b, highest), "cmp-eq", true
	}
	return term.NoTerm, "", false
}

// commutativeRules moves constants to the right, merges constants of nested
// applications, and folds x op ~x.
func (r *rewriter) commutativeRules(op term.Op, a, b term.Term) (term.Term, string, bool) {
	st := r.st
	if r.isConst(a) && !r.isConst(b) {
		return r.mk(op, nil, b, a), "comm-const-right", true
	}
	w := r.width(a)
	if r.isConst(b) && st.Op(a) == op {
		if c := st.Arg(a, 1); r.isConst(c) {
			var k bv.Value
			x, y := st.Value(c), st.Value(b)
			switch op {
			case term.OpBVAdd:
				k = bv.Add(x, y)
			case term.OpBVMul:
				k = bv.Mul(x, y)
			case term.OpBVAnd:
				k = bv.And(x, y)
			case term.OpBVOr:
				k = bv.Or(x, y)
			case term.OpBVXor:
				k = bv.Xor(x, y)
			}
			return r.mk(op, nil, st.Arg(a, 0), r.konst(k)), "comm-merge-const", true
		}
	}
	if op == term.OpBVMul && r.isConst(b) {
		k := st.Value(b)
		if k.IsOnes() {
			return r.mk(term.OpBVNeg, nil, a), "mul-ones", true
		}
		// x * (k' << n) = (x * k') << n: the low n bits are zero.
		if n := trailingZeros(k); n > 0 && n < w {
			odd := r.konst(bv.Lshr(k, bv.New(w, uint64(n))))
			prod := r.mk(term.OpBVMul, nil, a, odd)
			return r.mk(term.OpConcat, nil, r.extract(prod, w-1-n, 0), r.konst(bv.Zero(n))), "mul-pow2-factor", true
		}
	}
	if op == term.OpBVXor && r.isConst(b) && st.Value(b).IsOnes() {
		return r.mk(term.OpBVNot, nil, a), "xor-ones", true
	}
	complement := (st.Op(a) == term.OpBVNot && st.Arg(a, 0) == b) || (st.Op(b) == term.OpBVNot && st.Arg(b, 0) == a)
	if complement {
		switch op {
		case term.OpBVAnd:
			return r.konst(bv.Zero(w)), "bitwise-complement", true
		case term.OpBVOr, term.OpBVXor:
			return r.konst(bv.Ones(w)), "bitwise-complement", true
		}
	}
	if op == term.OpBVAdd && ((st.Op(a) == term.OpBVNeg && st.Arg(a, 0) == b) || (st.Op(b) == term.OpBVNeg && st.Arg(b, 0) == a)) {
		return r.konst(bv.Zero(w)), "add-neg", true
	}
	return term.NoTerm, "", false
}

// bvnotRules pushes bvnot towards the leaves.
func (r *rewriter) bvnotRules(a term.Term) (term.Term, string, bool) {
	st := r.st
	w := r.width(a)
	switch st.Op(a) {
	case term.OpBVNeg: // ~(-x) = x - 1
		return r.mk(term.OpBVAdd, nil, st.Arg(a, 0), r.konst(bv.Ones(w))), "not-neg", true
	case term.OpConcat:
		return r.mk(term.OpConcat, nil, r.mk(term.OpBVNot, nil, st.Arg(a, 0)), r.mk(term.OpBVNot, nil, st.Arg(a, 1))), "not-concat", true
	case term.OpBVXor:
		if c := st.Arg(a, 1); r.isConst(c) {
			return r.mk(term.OpBVXor, nil, st.Arg(a, 0), r.konst(bv.Not(st.Value(c)))), "not-xor-const", true
		}
	case term.OpIte:
		if x, y := st.Arg(a, 1), st.Arg(a, 2); r.isConst(x) && r.isConst(y) {
			return r.mk(term.OpIte, nil, st.Arg(a, 0), r.konst(bv.Not(st.Value(x))), r.konst(bv.Not(st.Value(y)))), "not-ite-const", true
		}
	}
	return term.NoTerm, "", false
}

// bvnegRules pushes bvneg towards the leaves.
func (r *rewriter) bvnegRules(a term.Term) (term.Term, string, bool) {
	st := r.st
	w := r.width(a)
	switch st.Op(a) {
	case term.OpBVNot: // -(~x) = x + 1
		return r.mk(term.OpBVAdd, nil, st.Arg(a, 0), r.konst(bv.New(w, 1))), "neg-not", true
	case term.OpBVAdd: // -(x + k) = ~x + (1 - k)
		if c := st.Arg(a, 1); r.isConst(c) {
			return r.mk(term.OpBVAdd, nil, r.mk(term.OpBVNot, nil, st.Arg(a, 0)), r.konst(bv.Sub(bv.New(w, 1), st.Value(c)))), "neg-add-const", true
		}
	case term.OpBVMul:
		if c := st.Arg(a, 1); r.isConst(c) {
			return r.mk(term.OpBVMul, nil, st.Arg(a, 0), r.konst(bv.Neg(st.Value(c)))), "neg-mul-const", true
		}
	}
	return term.NoTerm, "", false
}

// extractRules push extracts towards the leaves: through concat, bitwise
// operators with a constant, constant-branch ites, and, for the low bits,
// through the arithmetic whose low result bits depend only on low operand
// bits.
func (r *rewriter) extractRules(a term.Term, hi, lo uint32) (term.Term, string, bool) {
	st := r.st
	switch op := st.Op(a); op {
	case term.OpConcat:
		// The builder already reaches into one half; here the slice straddles.
		h, l := st.Arg(a, 0), st.Arg(a, 1)
		lw := r.width(l)
		return r.mk(term.OpConcat, nil, r.extract(h, hi-lw, 0), r.extract(l, lw-1, lo)), "extract-concat", true
	case term.OpBVNot:
		return r.mk(term.OpBVNot, nil, r.extract(st.Arg(a, 0), hi, lo)), "extract-not", true
	case term.OpBVAnd, term.OpBVOr, term.OpBVXor:
		if c := st.Arg(a, 1); r.isConst(c) {
			return r.mk(op, nil, r.extract(st.Arg(a, 0), hi, lo), r.extract(c, hi, lo)), "extract-bitwise-const", true
		}
	case term.OpIte:
		if x, y := st.Arg(a, 1), st.Arg(a, 2); r.isConst(x) && r.isConst(y) {
			return r.mk(term.OpIte, nil, st.Arg(a, 0), r.extract(x, hi, lo), r.extract(y, hi, lo)), "extract-ite-const", true
		}
	case term.OpBVAdd, term.OpBVMul:
		if lo == 0 {
			return r.mk(op, nil, r.extract(st.Arg(a, 0), hi, 0), r.extract(st.Arg(a, 1), hi, 0)), "extract-low-arith", true
		}
	case term.OpBVNeg:
		if lo == 0 {
			return r.mk(op, nil, r.extract(st.Arg(a, 0), hi, 0)), "extract-low-arith", true
		}
	case term.OpSignExtend:
		if inner := st.Arg(a, 0); hi < r.width(inner) {
			return r.extract(inner, hi, lo), "extract-sext", true
		}
	}
	return term.NoTerm, "", false
}

// concatRules keeps concatenations left-nested and merges adjacent slices of
// one term and adjacent constants.
func (r *rewriter) concatRules(a, b term.Term) (term.Term, string, bool) {
	st := r.st
	if st.Op(b) == term.OpConcat {
		return r.mk(term.OpConcat, nil, r.mk(term.OpConcat, nil, a, st.Arg(b, 0)), st.Arg(b, 1)), "concat-left-assoc", true
	}
	if m, ok := r.mergeAdjacent(a, b); ok {
		return m, "concat-merge", true
	}
	if st.Op(a) == term.OpConcat {
		if m, ok := r.mergeAdjacent(st.Arg(a, 1), b); ok {
			return r.mk(term.OpConcat, nil, st.Arg(a, 0), m), "concat-merge", true
		}
	}
	return term.NoTerm, "", false
}

// mergeAdjacent returns the single term equal to (concat hi lo) when hi and
// lo are adjacent slices of one term or both constants.
func (r *rewriter) mergeAdjacent(hi, lo term.Term) (term.Term, bool) {
	st := r.st
	if r.isConst(hi) && r.isConst(lo) {
		return r.konst(bv.Concat(st.Value(hi), st.Value(lo))), true
	}
	if st.Op(hi) == term.OpExtract && st.Op(lo) == term.OpExtract && st.Arg(hi, 0) == st.Arg(lo, 0) {
		h1, l1 := st.Indices(hi)
		h2, l2 := st.Indices(lo)
		if l1 == h2+1 {
			return r.extract(st.Arg(hi, 0), h1, l2), true
		}
	}
	return term.NoTerm, false
}

// shiftRules turns shifts by a constant into extract and concat.
func (r *rewriter) shiftRules(op term.Op, a, s term.Term) (term.Term, string, bool) {
	st := r.st
	if !r.isConst(s) {
		return term.NoTerm, "", false
	}
	w := r.width(a)
	n, ok := st.Value(s).Uint64()
	if !ok || n >= uint64(w) {
		return r.konst(bv.Zero(w)), "shift-const", true
	}
	k := uint32(n)
	if k == 0 {
		return a, "shift-const", true
	}
	if op == term.OpBVShl {
		return r.mk(term.OpConcat, nil, r.extract(a, w-1-k, 0), r.konst(bv.Zero(k))), "shift-const", true
	}
	return r.mk(term.OpConcat, nil, r.konst(bv.Zero(k)), r.extract(a, w-1, k)), "shift-const", true
}

// signedMin returns the most negative w-bit value, 100…0.
func signedMin(w uint32) bv.Value {
	if w == 1 {
		return bv.New(1, 1)
	}
	return bv.Concat(bv.New(1, 1), bv.Zero(w-1))
}

// trailingZeros returns the number of low zero bits of k (its width if k is
// zero).
func trailingZeros(k bv.Value) uint32 {
	n := uint32(0)
	for n < k.Width() && !k.Bit(n) {
		n++
	}
	return n
}
