package preprocess

import (
	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// Rules on extract, concat, extensions, shifts and rotations. Shifts and
// rotations by constants become slices, and extracts move towards the
// leaves; the builder already composes extracts and reaches into one half of
// a concatenation.

// An extract that straddles a concatenation is the concatenation of two.
var ruleExtractConcat = &rule{name: "extract-concat", ops: ops(term.OpExtract),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a := st.Arg(t, 0)
		if st.Op(a) != term.OpConcat {
			return t, false
		}
		hi, lo := st.Indices(t)
		h, l := st.Arg(a, 0), st.Arg(a, 1)
		lw := r.width(l)
		return r.mk(term.OpConcat, nil, r.extract(h, hi-lw, 0), r.extract(l, lw-1, lo)), true
	},
	examples: []string{"((_ extract %W %H) (concat ((_ extract 0 0) x) y))", "((_ extract %W 1) (concat x y))"}}

// (extract ~a) is ~(extract a).
var ruleExtractNot = &rule{name: "extract-not", ops: ops(term.OpExtract),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a := st.Arg(t, 0)
		if st.Op(a) != term.OpBVNot {
			return t, false
		}
		hi, lo := st.Indices(t)
		return r.mk(term.OpBVNot, nil, r.extract(st.Arg(a, 0), hi, lo)), true
	},
	examples: []string{"((_ extract %H 1) (bvnot x))"}}

// cheapSlice reports whether an extract of x costs nothing: a constant, an
// extract or a concatenation.
func (r *rewriter) cheapSlice(x term.Term) bool {
	switch r.st.Op(x) {
	case term.OpBVConst, term.OpExtract, term.OpConcat:
		return true
	}
	return false
}

// An extract of a bitwise operator with a cheap operand is the operator of
// the extracts.
var ruleExtractBitwise = &rule{name: "extract-bitwise", ops: ops(term.OpExtract),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a := st.Arg(t, 0)
		switch op := st.Op(a); op {
		case term.OpBVAnd, term.OpBVOr, term.OpBVXor:
			if !r.cheapSlice(st.Arg(a, 0)) && !r.cheapSlice(st.Arg(a, 1)) {
				return t, false
			}
			hi, lo := st.Indices(t)
			return r.op2(op, r.extract(st.Arg(a, 0), hi, lo), r.extract(st.Arg(a, 1), hi, lo)), true
		}
		return t, false
	},
	examples: []string{"((_ extract %H 1) (bvand x #6))", "((_ extract 0 0) (bvor (concat ((_ extract 0 0) y) ((_ extract %H 1) x)) y))"}}

// An extract of an ite with cheap branches (constants, slices,
// concatenations) is the ite of the extracts.
var ruleExtractIte = &rule{name: "extract-ite", ops: ops(term.OpExtract),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a := st.Arg(t, 0)
		if st.Op(a) != term.OpIte {
			return t, false
		}
		x, y := st.Arg(a, 1), st.Arg(a, 2)
		if !r.cheapSlice(x) || !r.cheapSlice(y) {
			return t, false
		}
		hi, lo := st.Indices(t)
		return r.ite(st.Arg(a, 0), r.extract(x, hi, lo), r.extract(y, hi, lo)), true
	},
	examples: []string{"((_ extract %H 1) (ite p #6 #1))", "((_ extract 0 0) (ite p ((_ extract %W 1) (concat y x)) #3))",
		"((_ extract %H 0) (ite p (concat x y) (concat y x)))"}}

// The low bits of a sum, product or negation depend only on the low bits of
// the operands.
var ruleExtractLowArith = &rule{name: "extract-low-arith", ops: ops(term.OpExtract),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a := st.Arg(t, 0)
		hi, lo := st.Indices(t)
		if lo != 0 {
			return t, false
		}
		switch op := st.Op(a); op {
		case term.OpBVAdd, term.OpBVSub, term.OpBVMul:
			return r.op2(op, r.extract(st.Arg(a, 0), hi, 0), r.extract(st.Arg(a, 1), hi, 0)), true
		case term.OpBVNeg:
			return r.mk(op, nil, r.extract(st.Arg(a, 0), hi, 0)), true
		}
		return t, false
	},
	examples: []string{"((_ extract 0 0) (bvadd x y))", "((_ extract 0 0) (bvmul x y))", "((_ extract 0 0) (bvneg x))", "((_ extract 0 0) (bvsub x y))"}}

// An extract of a sign extension is an extract of the operand, extended by
// the sign bits the slice covers.
var ruleExtractSext = &rule{name: "extract-sext", ops: ops(term.OpExtract),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a := st.Arg(t, 0)
		if st.Op(a) != term.OpSignExtend {
			return t, false
		}
		hi, lo := st.Indices(t)
		x := st.Arg(a, 0)
		wx := r.width(x)
		switch {
		case hi < wx:
			return r.extract(x, hi, lo), true
		case lo < wx:
			return r.mk(term.OpSignExtend, []uint32{hi - wx + 1}, r.extract(x, wx-1, lo)), true
		}
		return r.mk(term.OpSignExtend, []uint32{hi - lo}, r.extract(x, wx-1, wx-1)), true
	},
	examples: []string{"((_ extract %H 0) ((_ sign_extend 2) x))", "((_ extract 0 0) ((_ sign_extend 1) x))", "((_ extract %H 1) ((_ sign_extend 3) x))"}}

// Concatenations nest to the left.
var ruleConcatLeftAssoc = &rule{name: "concat-left-assoc", ops: ops(term.OpConcat),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if st.Op(b) != term.OpConcat {
			return t, false
		}
		return r.mk(term.OpConcat, nil, r.mk(term.OpConcat, nil, a, st.Arg(b, 0)), st.Arg(b, 1)), true
	},
	examples: []string{"(concat x (concat y x))"}}

// Adjacent slices of one term, and adjacent constants, merge.
var ruleConcatMerge = &rule{name: "concat-merge", ops: ops(term.OpConcat),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if m, ok := r.mergeAdjacent(a, b); ok {
			return m, true
		}
		if st.Op(a) == term.OpConcat {
			if m, ok := r.mergeAdjacent(st.Arg(a, 1), b); ok {
				return r.mk(term.OpConcat, nil, st.Arg(a, 0), m), true
			}
		}
		return t, false
	},
	examples: []string{"(concat ((_ extract %H 1) x) ((_ extract 0 0) x))", "(concat (concat y ((_ extract %H 1) x)) ((_ extract 0 0) x))"}}

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

// A zero extension is a concatenation with zeros.
var ruleZextConcat = &rule{name: "zext-concat", ops: ops(term.OpZeroExtend),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		k, _ := r.st.Indices(t)
		return r.mk(term.OpConcat, nil, r.konst(bv.Zero(k)), r.st.Arg(t, 0)), true
	},
	examples: []string{"((_ zero_extend 2) x)"}}

// shiftAmount returns a constant shift amount, capped at the width.
func (r *rewriter) shiftAmount(s term.Term, w uint32) (uint32, bool) {
	if !r.isConst(s) {
		return 0, false
	}
	n, ok := r.st.Value(s).Uint64()
	if !ok || n >= uint64(w) {
		return w, true
	}
	return uint32(n), true
}

// Logical shifts by constants are slices with zeros.
var ruleShiftConst = &rule{name: "shift-const", ops: ops(term.OpBVShl, term.OpBVLshr),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a := st.Arg(t, 0)
		w := r.width(a)
		k, ok := r.shiftAmount(st.Arg(t, 1), w)
		switch {
		case !ok:
			return t, false
		case k == w:
			return r.konst(bv.Zero(w)), true
		case k == 0:
			return a, true
		case st.Op(t) == term.OpBVShl:
			return r.mk(term.OpConcat, nil, r.extract(a, w-1-k, 0), r.konst(bv.Zero(k))), true
		}
		return r.mk(term.OpConcat, nil, r.konst(bv.Zero(k)), r.extract(a, w-1, k)), true
	},
	examples: []string{"(bvshl x #1)", "(bvlshr x #2)", "(bvshl x #ones)", "(bvlshr (bvmul x y) #1)"}}

// An arithmetic shift by a constant is a sign extension of a slice.
var ruleAshrConst = &rule{name: "ashr-const", ops: ops(term.OpBVAshr),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a := st.Arg(t, 0)
		w := r.width(a)
		k, ok := r.shiftAmount(st.Arg(t, 1), w)
		if !ok || k == 0 {
			return t, false
		}
		if k >= w {
			k = w - 1 // every bit is the sign
		}
		return r.mk(term.OpSignExtend, []uint32{k}, r.extract(a, w-1, k)), true
	},
	examples: []string{"(bvashr x #1)", "(bvashr x #ones)", "(bvashr (bvmul x y) #2)"}}

// A shift of a value by itself or its complement: a >> a is 0 (a < 2^a);
// a >>s a and a >>s ~a are the sign fill (a negative a, or a non-negative
// ~a, is at least the width; a negative a whose complement k is below the
// width has all bits from k up set); ~a >> a and a >> ~a are ones >> a and
// ones >> ~a (subtracting k < 2^k from ones leaves the bits from k up
// alone).
var ruleShiftSame = &rule{name: "shift-same", ops: ops(term.OpBVLshr, term.OpBVAshr),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, s := st.Arg(t, 0), st.Arg(t, 1)
		w := r.width(a)
		signFill := func() term.Term { return r.mk(term.OpSignExtend, []uint32{w - 1}, r.extract(a, w-1, w-1)) }
		notOf := func(x, y term.Term) bool { return st.Op(x) == term.OpBVNot && st.Arg(x, 0) == y }
		switch {
		case a == s && st.Op(t) == term.OpBVLshr:
			return r.konst(bv.Zero(w)), true
		case st.Op(t) == term.OpBVAshr && (a == s || notOf(s, a)):
			return signFill(), true
		case st.Op(t) == term.OpBVLshr && (notOf(a, s) || notOf(s, a)):
			return r.op2(term.OpBVLshr, r.konst(bv.Ones(w)), s), true
		}
		return t, false
	},
	examples: []string{"(bvlshr x x)", "(bvashr x x)", "(bvashr (bvmul x y) (bvmul x y))", "(bvashr x (bvnot x))", "(bvlshr (bvnot x) x)", "(bvlshr x (bvnot x))"}}

// Rotations by constants are concatenations of two slices.
var ruleRotateConst = &rule{name: "rotate-const", ops: ops(term.OpRotateLeft, term.OpRotateRight),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a := st.Arg(t, 0)
		w := r.width(a)
		k, _ := st.Indices(t)
		k %= w
		if k == 0 {
			return a, true
		}
		if st.Op(t) == term.OpRotateRight {
			k = w - k
		}
		return r.mk(term.OpConcat, nil, r.extract(a, w-1-k, 0), r.extract(a, w-1, w-k)), true
	},
	examples: []string{"((_ rotate_left 1) x)", "((_ rotate_right 2) x)", "((_ rotate_left 7) (bvmul x y))"}}

// (_ repeat n) is a concatenation.
var ruleRepeatConcat = &rule{name: "repeat-concat", ops: ops(term.OpRepeat),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a := st.Arg(t, 0)
		n, _ := st.Indices(t)
		out := a
		for i := uint32(1); i < n; i++ {
			out = r.mk(term.OpConcat, nil, out, a)
		}
		return out, true
	},
	examples: []string{"((_ repeat 2) x)", "((_ repeat 3) ((_ extract 0 0) x))"}}

// (bvashr ~a s) is ~(bvashr a s): an arithmetic shift copies the sign, so it
// commutes with complement.
var ruleAshrNot = &rule{name: "ashr-not", ops: ops(term.OpBVAshr),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a := st.Arg(t, 0)
		if st.Op(a) != term.OpBVNot {
			return t, false
		}
		return r.mk(term.OpBVNot, nil, r.op2(term.OpBVAshr, st.Arg(a, 0), st.Arg(t, 1))), true
	},
	examples: []string{"(bvashr (bvnot x) y)", "(bvashr (bvnot (bvmul x y)) #1)"}}
