package preprocess

import (
	"slices"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// Rules on multiplication.

// (bvmul a b) of one bit is (bvand a b).
var ruleMulBit = &rule{name: "mul-bit", ops: ops(term.OpBVMul),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		if r.width(t) != 1 {
			return t, false
		}
		return r.op2(term.OpBVAnd, r.st.Arg(t, 0), r.st.Arg(t, 1)), true
	},
	examples: []string{"(bvmul ((_ extract 0 0) x) ((_ extract 0 0) y))"}}

// A product is flattened into its factors: constants multiply into one,
// negations move into the constant, and a factor (bvshl b s) becomes b with
// the whole product shifted by s ((b·2^s)·a = (a·b)·2^s). The factors are
// sorted and the product rebuilt as ((f1·f2)·…·k) << s1 << ….
var ruleMulChain = &rule{name: "mul-chain", ops: ops(term.OpBVMul),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		w := r.width(t)
		k := bv.New(w, 1)
		var factors, shifts []term.Term
		steps := 0
		var walk func(x term.Term)
		walk = func(x term.Term) {
			if steps++; steps > maxChain {
				return
			}
			switch st.Op(x) {
			case term.OpBVMul:
				walk(st.Arg(x, 0))
				walk(st.Arg(x, 1))
			case term.OpBVConst:
				k = bv.Mul(k, st.Value(x))
			case term.OpBVNeg:
				k = bv.Neg(k)
				walk(st.Arg(x, 0))
			case term.OpBVShl:
				if !r.isConst(st.Arg(x, 1)) {
					shifts = append(shifts, st.Arg(x, 1))
					walk(st.Arg(x, 0))
					return
				}
				factors = append(factors, x)
			default:
				factors = append(factors, x)
			}
		}
		walk(t)
		if steps > maxChain {
			return t, false
		}
		if k.IsZero() {
			return r.konst(k), true
		}
		slices.Sort(factors)
		slices.Sort(shifts)
		var p term.Term
		for _, f := range factors {
			if p == term.NoTerm {
				p = f
			} else {
				p = st.MustMake(term.OpBVMul, nil, p, f)
			}
		}
		if p == term.NoTerm {
			p = r.konst(k)
		} else if !isOne(k) {
			p = r.mk(term.OpBVMul, nil, p, r.konst(k))
		}
		for _, s := range shifts {
			p = r.mk(term.OpBVShl, nil, p, s)
		}
		return p, true
	},
	examples: []string{"(bvmul (bvmul y #3) (bvmul x #5))", "(bvmul y x)", "(bvmul (bvneg x) y)", "(bvmul x (bvshl y x))",
		"(bvmul (bvshl #1 y) x)", "(bvmul (bvmul x y) (bvmul y x))", "(bvmul (bvneg x) (bvneg y))"}}

// (bvmul a ones) is (bvneg a).
var ruleMulOnes = &rule{name: "mul-ones", ops: ops(term.OpBVMul),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		if b := st.Arg(t, 1); r.isConst(b) && st.Value(b).IsOnes() {
			return r.mk(term.OpBVNeg, nil, st.Arg(t, 0)), true
		}
		return t, false
	},
	examples: []string{"(bvmul x #ones)"}}

// x · (k' << n) = (x · k') << n: the low n bits are zero, and the product of
// the rest needs only the low w-n bits of x.
var ruleMulPow2Factor = &rule{name: "mul-pow2-factor", ops: ops(term.OpBVMul),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		w := r.width(a)
		if !r.isConst(b) {
			return t, false
		}
		k := st.Value(b)
		n := trailingZeros(k)
		if n == 0 || n >= w {
			return t, false
		}
		odd := r.konst(bv.Lshr(k, bv.New(w, uint64(n))))
		prod := r.mk(term.OpBVMul, nil, r.extract(a, w-1-n, 0), r.extract(odd, w-1-n, 0))
		return r.mk(term.OpConcat, nil, prod, r.konst(bv.Zero(n))), true
	},
	examples: []string{"(bvmul x #6)", "(bvmul (bvadd x y) #2)", "(bvmul x #4)"}}

// (bvmul a (concat b 0_k)) is (concat (a[w-k-1:0] · b) 0_k).
var ruleMulConcatZero = &rule{name: "mul-concat-zero", ops: ops(term.OpBVMul),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		for i := 0; i < 2; i++ {
			a, c := st.Arg(t, 1-i), st.Arg(t, i)
			if st.Op(c) != term.OpConcat {
				continue
			}
			if lo := st.Arg(c, 1); r.isConst(lo) && st.Value(lo).IsZero() {
				w, k := r.width(t), r.width(lo)
				prod := r.mk(term.OpBVMul, nil, r.extract(a, w-k-1, 0), st.Arg(c, 0))
				return r.mk(term.OpConcat, nil, prod, lo), true
			}
		}
		return t, false
	},
	examples: []string{"(bvmul x (concat ((_ extract %H 1) y) #b0))", "(bvmul (concat ((_ extract 0 0) y) ((_ extract %H 1) #0)) x)"}}

// trailingZeros returns the number of low zero bits of k (its width if k is
// zero).
func trailingZeros(k bv.Value) uint32 {
	n := uint32(0)
	for n < k.Width() && !k.Bit(n) {
		n++
	}
	return n
}

// signedMin returns the most negative w-bit value, 100…0.
func signedMin(w uint32) bv.Value {
	if w == 1 {
		return bv.New(1, 1)
	}
	return bv.Concat(bv.New(1, 1), bv.Zero(w-1))
}

// -(a << s) is (-a) << s: the negation moves onto the shifted value, where
// it folds into a constant or meets the other negations of a product.
var ruleNegShl = &rule{name: "neg-shl", ops: ops(term.OpBVNeg),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a := st.Arg(t, 0)
		if st.Op(a) != term.OpBVShl || r.isConst(st.Arg(a, 1)) {
			return t, false
		}
		return r.op2(term.OpBVShl, r.mk(term.OpBVNeg, nil, st.Arg(a, 0)), st.Arg(a, 1)), true
	},
	examples: []string{"(bvneg (bvshl x y))", "(bvneg (bvshl #ones x))"}}
