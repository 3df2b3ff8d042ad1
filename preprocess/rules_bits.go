package preprocess

import (
	"slices"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// Rules on the bitwise operators.

// Chains of bvand, bvor or bvxor are flattened, their constants combined and
// their operands sorted. and/or drop duplicates and the operands absorbed by
// another (a & (a | b) is a), and a complementary pair decides them; xor
// cancels pairs and moves complements into the constant. The chain is
// rebuilt as ((o1 op o2) op …) op k, an xor with all-ones constant as the
// complement of the rest.
var ruleBitChain = &rule{name: "bit-chain", ops: ops(term.OpBVAnd, term.OpBVOr, term.OpBVXor),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		op := st.Op(t)
		w := r.width(t)
		var k bv.Value
		switch op {
		case term.OpBVAnd:
			k = bv.Ones(w)
		default:
			k = bv.Zero(w)
		}
		var xs []term.Term
		steps := 0
		var walk func(x term.Term)
		walk = func(x term.Term) {
			if steps++; steps > maxChain {
				return
			}
			switch {
			case st.Op(x) == op:
				walk(st.Arg(x, 0))
				walk(st.Arg(x, 1))
			case r.isConst(x):
				switch op {
				case term.OpBVAnd:
					k = bv.And(k, st.Value(x))
				case term.OpBVOr:
					k = bv.Or(k, st.Value(x))
				default:
					k = bv.Xor(k, st.Value(x))
				}
			case op == term.OpBVXor && st.Op(x) == term.OpBVNot:
				k = bv.Not(k)
				walk(st.Arg(x, 0))
			default:
				xs = append(xs, x)
			}
		}
		walk(t)
		if steps > maxChain {
			return t, false // a long chain stays as it is (see maxChain)
		}
		slices.Sort(xs)
		if op == term.OpBVXor {
			// x ^ x = 0: keep the operands that occur an odd number of times.
			var odd []term.Term
			for i := 0; i < len(xs); {
				j := i
				for j < len(xs) && xs[j] == xs[i] {
					j++
				}
				if (j-i)%2 == 1 {
					odd = append(odd, xs[i])
				}
				i = j
			}
			xs = odd
		} else {
			xs = slices.Compact(xs)
			absorbing, neutral := bv.Zero(w), bv.Ones(w)
			dual := term.OpBVOr
			if op == term.OpBVOr {
				absorbing, neutral, dual = neutral, absorbing, term.OpBVAnd
			}
			if k.Equal(absorbing) {
				return r.konst(k), true
			}
			in := map[term.Term]bool{}
			for _, x := range xs {
				in[x] = true
			}
			kept := xs[:0]
			for _, x := range xs {
				if st.Op(x) == term.OpBVNot && in[st.Arg(x, 0)] {
					return r.konst(absorbing), true // a & ~a, a | ~a
				}
				if st.Op(x) == dual && (in[st.Arg(x, 0)] || in[st.Arg(x, 1)]) {
					continue // a & (a | b) = a, a | (a & b) = a
				}
				kept = append(kept, x)
			}
			xs = kept
			if k.Equal(neutral) {
				k = bv.Value{}
			}
		}
		if op == term.OpBVXor && k.IsZero() {
			k = bv.Value{}
		}
		var p term.Term
		for _, x := range xs {
			if p == term.NoTerm {
				p = x
			} else {
				p = st.MustMake(op, nil, p, x)
			}
		}
		hasK := k.Width() != 0
		switch {
		case p == term.NoTerm && !hasK:
			if op == term.OpBVAnd {
				return r.konst(bv.Ones(w)), true
			}
			return r.konst(bv.Zero(w)), true
		case p == term.NoTerm:
			return r.konst(k), true
		case !hasK:
			return p, true
		case op == term.OpBVXor && k.IsOnes():
			return r.mk(term.OpBVNot, nil, p), true
		}
		return r.mk(op, nil, p, r.konst(k)), true
	},
	examples: []string{"(bvand (bvand y #3) (bvand x #5))", "(bvor y x)", "(bvxor (bvxor x y) x)", "(bvand x (bvnot x))",
		"(bvor (bvnot y) y)", "(bvand x (bvor y x))", "(bvor (bvand x y) x)", "(bvxor (bvnot x) y)", "(bvxor x #ones)",
		"(bvand (bvor x y) (bvand y x))", "(bvxor (bvxor x #3) (bvxor y #3))"}}

// ~(a ++ b) is ~a ++ ~b.
var ruleNotConcat = &rule{name: "not-concat", ops: ops(term.OpBVNot),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a := st.Arg(t, 0)
		if st.Op(a) != term.OpConcat {
			return t, false
		}
		return r.mk(term.OpConcat, nil, r.mk(term.OpBVNot, nil, st.Arg(a, 0)), r.mk(term.OpBVNot, nil, st.Arg(a, 1))), true
	},
	examples: []string{"(bvnot (concat x y))", "(bvnot (concat ((_ extract 0 0) x) y))"}}

// ~(a ^ k) is a ^ ~k.
var ruleNotXorConst = &rule{name: "not-xor-const", ops: ops(term.OpBVNot),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a := st.Arg(t, 0)
		if st.Op(a) == term.OpBVXor && r.isConst(st.Arg(a, 1)) {
			return r.op2(term.OpBVXor, st.Arg(a, 0), r.konst(bv.Not(st.Value(st.Arg(a, 1))))), true
		}
		return t, false
	},
	examples: []string{"(bvnot (bvxor x #3))"}}

// ~(ite c k1 k2) is (ite c ~k1 ~k2) for constants.
var ruleNotIteConst = &rule{name: "not-ite-const", ops: ops(term.OpBVNot),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a := st.Arg(t, 0)
		if st.Op(a) != term.OpIte {
			return t, false
		}
		if x, y := st.Arg(a, 1), st.Arg(a, 2); r.isConst(x) && r.isConst(y) {
			return r.ite(st.Arg(a, 0), r.konst(bv.Not(st.Value(x))), r.konst(bv.Not(st.Value(y)))), true
		}
		return t, false
	},
	examples: []string{"(bvnot (ite p #1 #2))"}}

// bvnand, bvnor and bvxnor are the complements of bvand, bvor and bvxor.
var ruleBitElim = &rule{name: "bit-elim", ops: ops(term.OpBVNand, term.OpBVNor, term.OpBVXnor),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		inner := map[term.Op]term.Op{term.OpBVNand: term.OpBVAnd, term.OpBVNor: term.OpBVOr, term.OpBVXnor: term.OpBVXor}[st.Op(t)]
		return r.mk(term.OpBVNot, nil, r.op2(inner, st.Arg(t, 0), st.Arg(t, 1))), true
	},
	examples: []string{"(bvnand x y)", "(bvnor x y)", "(bvxnor x y)"}}

// (bvcomp a b) is #b1 exactly when a = b.
var ruleCompElim = &rule{name: "comp-elim", ops: ops(term.OpBVComp),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		return r.ite(r.eq(st.Arg(t, 0), st.Arg(t, 1)), r.bv(1, 1), r.bv(1, 0)), true
	},
	examples: []string{"(bvcomp x y)", "(bvcomp (bvadd x #1) x)"}}
