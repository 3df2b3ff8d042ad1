package preprocess

import (
	"slices"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// Rules on the Boolean structure: negation, and/or, equality and ite.

var swapCmp = map[term.Op]term.Op{term.OpBVUlt: term.OpBVUle, term.OpBVUle: term.OpBVUlt,
	term.OpBVSlt: term.OpBVSle, term.OpBVSle: term.OpBVSlt}

// ¬(a < b) is b ≤ a, and ¬(a ≤ b) is b < a.
var ruleNotCmp = &rule{name: "not-cmp", ops: ops(term.OpNot),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a := st.Arg(t, 0)
		if op, ok := swapCmp[st.Op(a)]; ok {
			return r.mk(op, nil, st.Arg(a, 1), st.Arg(a, 0)), true
		}
		return t, false
	},
	examples: []string{"(not (bvult x y))", "(not (bvsle x y))"}}

// A one-bit value is tested one way: (= b #b0) is (not (= b #b1)), so that
// a sign bit is one Boolean atom however it is spelled.
var ruleEqBit = &rule{name: "eq-bit", ops: ops(term.OpEq),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, k := st.Arg(t, 0), st.Arg(t, 1)
		if !st.IsBitVec(st.SortOf(a)) || r.width(a) != 1 {
			return t, false
		}
		if r.isConst(a) {
			a, k = k, a
		}
		if !r.isConst(k) || !st.Value(k).IsZero() || r.isConst(a) {
			return t, false
		}
		return r.not(r.eq(a, r.bv(1, 1))), true
	},
	examples: []string{"(= ((_ extract 0 0) x) #b0)", "(= #b0 ((_ extract 0 0) (bvadd x y)))"}}

// and/or chains are flattened and sorted; duplicates go, a complementary
// pair or the absorbing constant decides the chain.
var ruleBoolChain = &rule{name: "bool-chain", ops: ops(term.OpAnd, term.OpOr),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		op := st.Op(t)
		var flat []term.Term
		nested := false
		var walk func(x term.Term)
		walk = func(x term.Term) {
			if st.Op(x) == op {
				if x != t {
					nested = true
				}
				for _, a := range st.Args(x) {
					walk(a)
				}
				return
			}
			flat = append(flat, x)
		}
		if len(st.Args(t)) > maxChain {
			return t, false
		}
		walk(t)
		if nested && len(flat) > maxChain {
			return t, false
		}
		slices.Sort(flat)
		flat = slices.Compact(flat)
		// The builder drops neutral constants and duplicates and finds the
		// complementary pairs.
		return st.MustMake(op, nil, flat...), true
	},
	examples: []string{"(and p (and q p))", "(or (or p q) (not p))", "(and (bvult x y) p (bvult x y))", "(or q (or p q))"}}

// (and (a < b) (b < a)) is false; (and (a ≤ b) (b ≤ a)) is (= a b); a ≤ b
// with b < a is false. The comparisons are indexed by their operands, so a
// long conjunction costs one pass.
var ruleAndCmpPair = &rule{name: "and-cmp-pair", ops: ops(term.OpAnd),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		type key struct {
			signed bool
			a, b   term.Term
		}
		seen := map[key]int{} // comparison operands -> index in args
		args := st.Args(t)
		for j, c := range args {
			op := st.Op(c)
			if _, ok := swapCmp[op]; !ok {
				continue
			}
			k := key{isSigned(op), st.Arg(c, 0), st.Arg(c, 1)}
			if i, ok := seen[key{k.signed, k.b, k.a}]; ok {
				if isStrict(op) || isStrict(st.Op(args[i])) {
					return st.False(), true
				}
				rest := []term.Term{r.eq(k.a, k.b)}
				for l, x := range args {
					if l != i && l != j {
						rest = append(rest, x)
					}
				}
				return r.and(rest...), true
			}
			seen[k] = j
		}
		return t, false
	},
	examples: []string{"(and (bvult x y) (bvult y x))", "(and p (bvule x y) (bvule y x))", "(and (bvsle x y) (bvslt y x))"}}

// Equalities have a constant on the right, otherwise the smaller id first.
var ruleEqOrder = &rule{name: "eq-order", ops: ops(term.OpEq),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if (st.IsConst(a) && !st.IsConst(b)) || (!st.IsConst(a) && !st.IsConst(b) && a > b) {
			return r.eq(b, a), true
		}
		return t, false
	},
	examples: []string{"(= #3 (bvmul x y))", "(= (bvmul x y) x)", "(= (bvult x y) p)"}}

// (= ¬a ¬b) is (= a b); (= a ¬a) is false.
var ruleEqBoolNot = &rule{name: "eq-bool-not", ops: ops(term.OpEq),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if !st.IsBool(st.SortOf(a)) {
			return t, false
		}
		isNot := func(x term.Term) bool { return st.Op(x) == term.OpNot }
		switch {
		case isNot(a) && isNot(b):
			return r.eq(st.Arg(a, 0), st.Arg(b, 0)), true
		case isNot(a) && st.Arg(a, 0) == b, isNot(b) && st.Arg(b, 0) == a:
			return st.False(), true
		}
		return t, false
	},
	examples: []string{"(= (not p) (not q))", "(= p (not p))", "(= (not (bvult x y)) (bvult x y))"}}

// An equality of a concatenation with anything but a variable splits into
// the equalities of the slices (a variable stays whole for var-subst).
var ruleEqConcat = &rule{name: "eq-concat", ops: ops(term.OpEq),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if st.Op(a) != term.OpConcat {
			a, b = b, a
		}
		if st.Op(a) != term.OpConcat || st.Op(b) == term.OpVar {
			return t, false
		}
		lw := r.width(st.Arg(a, 1))
		if st.Op(b) == term.OpConcat {
			lw = min(lw, r.width(st.Arg(b, 1)))
		}
		w := r.width(a)
		return r.and(r.eq(r.extract(a, w-1, lw), r.extract(b, w-1, lw)),
			r.eq(r.extract(a, lw-1, 0), r.extract(b, lw-1, 0))), true
	},
	examples: []string{"(= (concat ((_ extract 0 0) x) y) (concat ((_ extract 0 0) y) x))",
		"(= (concat ((_ extract %H 1) x) ((_ extract 0 0) y)) (concat ((_ extract 0 0) y) ((_ extract %H 1) x)))",
		"(= (concat x y) (concat y x))", "(= (concat x ((_ extract 0 0) y)) (concat #0 #b1))",
		"(= ((_ extract %W 0) (concat x y)) (concat ((_ extract 0 0) y) x))"}}

// (= ~a ~b) is (= a b).
var ruleEqNotNot = &rule{name: "eq-not-not", ops: ops(term.OpEq),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if st.Op(a) == term.OpBVNot && st.Op(b) == term.OpBVNot {
			return r.eq(st.Arg(a, 0), st.Arg(b, 0)), true
		}
		return t, false
	},
	examples: []string{"(= (bvnot x) (bvnot (bvmul x y)))"}}

// (= ~a k) is (= a ~k).
var ruleEqNotConst = &rule{name: "eq-not-const", ops: ops(term.OpEq),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if st.Op(a) == term.OpBVNot && r.isConst(b) {
			return r.eq(st.Arg(a, 0), r.konst(bv.Not(st.Value(b)))), true
		}
		return t, false
	},
	examples: []string{"(= (bvnot (bvmul x y)) #1)"}}

// (= (bvxor a k) c) is (= a (bvxor c k)) for constants k and c.
var ruleEqXorConst = &rule{name: "eq-xor-const", ops: ops(term.OpEq),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if st.Op(a) == term.OpBVXor && r.isConst(b) {
			if c := st.Arg(a, 1); r.isConst(c) {
				return r.eq(st.Arg(a, 0), r.konst(bv.Xor(st.Value(b), st.Value(c)))), true
			}
		}
		return t, false
	},
	examples: []string{"(= (bvxor x #3) #1)", "(= (bvxor (bvmul x y) #5) #0)"}}

// (= (bvand a b …) ones) is every operand ones, and (= (bvor a b …) 0)
// every operand zero: one conjunction for the whole chain.
var ruleEqChainSplit = &rule{name: "eq-chain-split", ops: ops(term.OpEq),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if !r.isConst(b) {
			return t, false
		}
		op := st.Op(a)
		if !(op == term.OpBVAnd && st.Value(b).IsOnes()) && !(op == term.OpBVOr && st.Value(b).IsZero()) {
			return t, false
		}
		var conj []term.Term
		stack := []term.Term{a}
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if st.Op(x) == op {
				stack = append(stack, st.Args(x)...)
				continue
			}
			conj = append(conj, r.eq(x, b))
		}
		return r.and(conj...), true
	},
	examples: []string{"(= (bvand x y) #ones)", "(= (bvand x (bvmul x y)) #ones)", "(= (bvor x y) #0)", "(= (bvor x (bvor (bvmul x y) y)) #0)"}}

// (= (ite c k1 k2) k) with constants is c, ¬c or false.
var ruleEqIteConst = &rule{name: "eq-ite-const", ops: ops(term.OpEq),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if st.Op(a) != term.OpIte || !r.isConst(b) {
			return t, false
		}
		c, x, y := st.Arg(a, 0), st.Arg(a, 1), st.Arg(a, 2)
		if !r.isConst(x) || !r.isConst(y) {
			return t, false
		}
		switch { // x != y: the builder folds equal branches
		case x == b:
			return c, true
		case y == b:
			return r.not(c), true
		}
		return st.False(), true
	},
	examples: []string{"(= (ite p #1 #2) #2)", "(= (ite p #1 #2) #1)", "(= (ite (bvult x y) #1 #0) #3)"}}

// (= a (ite c a b)) is (or c (= a b)); (= a (ite c b a)) is (or ¬c (= a b)).
var ruleEqIteSame = &rule{name: "eq-ite-same", ops: ops(term.OpEq),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		for _, s := range [2][2]term.Term{{st.Arg(t, 0), st.Arg(t, 1)}, {st.Arg(t, 1), st.Arg(t, 0)}} {
			a, e := s[0], s[1]
			if st.Op(e) != term.OpIte {
				continue
			}
			c, x, y := st.Arg(e, 0), st.Arg(e, 1), st.Arg(e, 2)
			if x == a {
				return r.or(c, r.eq(a, y)), true
			}
			if y == a {
				return r.or(r.not(c), r.eq(a, x)), true
			}
		}
		return t, false
	},
	examples: []string{"(= x (ite p x y))", "(= (ite p y x) x)", "(= (ite (bvult x y) (bvmul x y) y) (bvmul x y))"}}

// (= (ite c a b) (ite c a d)) is (ite c true (= b d)), and so on: an
// equality of two ites on one condition that share a branch.
var ruleEqIteIte = &rule{name: "eq-ite-ite", ops: ops(term.OpEq),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if st.Op(a) != term.OpIte || st.Op(b) != term.OpIte || st.Arg(a, 0) != st.Arg(b, 0) {
			return t, false
		}
		if st.Arg(a, 1) != st.Arg(b, 1) && st.Arg(a, 2) != st.Arg(b, 2) {
			return t, false
		}
		return r.ite(st.Arg(a, 0), r.eq(st.Arg(a, 1), st.Arg(b, 1)), r.eq(st.Arg(a, 2), st.Arg(b, 2))), true
	},
	examples: []string{"(= (ite p x y) (ite p x (bvmul x y)))", "(= (ite p y x) (ite p (bvadd x y) x))"}}

// (= (ite c k2 b) k) with distinct constants k, k2 is (and ¬c (= b k)).
var ruleEqIteDistinct = &rule{name: "eq-ite-distinct", ops: ops(term.OpEq),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, k := st.Arg(t, 0), st.Arg(t, 1)
		if st.Op(a) != term.OpIte || !r.isConst(k) {
			return t, false
		}
		c, x, y := st.Arg(a, 0), st.Arg(a, 1), st.Arg(a, 2)
		if r.isConst(x) && x != k {
			return r.and(r.not(c), r.eq(y, k)), true
		}
		if r.isConst(y) && y != k {
			return r.and(c, r.eq(x, k)), true
		}
		return t, false
	},
	examples: []string{"(= (ite p #1 x) #2)", "(= (ite p x #0) #ones)"}}

// Nested ites on one condition: the inner branch not taken goes.
var ruleIteNested = &rule{name: "ite-nested", ops: ops(term.OpIte),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		c, x, y := st.Arg(t, 0), st.Arg(t, 1), st.Arg(t, 2)
		if st.Op(x) == term.OpIte && st.Arg(x, 0) == c {
			return r.ite(c, st.Arg(x, 1), y), true
		}
		if st.Op(y) == term.OpIte && st.Arg(y, 0) == c {
			return r.ite(c, x, st.Arg(y, 2)), true
		}
		return t, false
	},
	examples: []string{"(ite p (ite p x y) (bvmul x y))", "(ite p x (ite p y (bvmul x y)))"}}

// (ite (= a b) a b) is b either way.
var ruleIteEqSelect = &rule{name: "ite-eq-select", ops: ops(term.OpIte),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		c, x, y := st.Arg(t, 0), st.Arg(t, 1), st.Arg(t, 2)
		if st.Op(c) == term.OpEq {
			l, rr := st.Arg(c, 0), st.Arg(c, 1)
			if (l == x && rr == y) || (l == y && rr == x) {
				return y, true
			}
		}
		return t, false
	},
	examples: []string{"(ite (= x y) x y)", "(ite (= x y) y x)"}}

// An ite whose branch is an ite sharing the other branch merges the two
// conditions: (ite c0 (ite c1 a b) a) is (ite (and c0 ¬c1) b a), and so on.
var ruleIteMerge = &rule{name: "ite-merge", ops: ops(term.OpIte),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		c0, x, y := st.Arg(t, 0), st.Arg(t, 1), st.Arg(t, 2)
		if st.IsBool(st.SortOf(x)) {
			return t, false
		}
		if st.Op(x) == term.OpIte {
			c1, a, b := st.Arg(x, 0), st.Arg(x, 1), st.Arg(x, 2)
			if a == y {
				return r.ite(r.and(c0, r.not(c1)), b, y), true
			}
			if b == y {
				return r.ite(r.and(c0, c1), a, y), true
			}
		}
		if st.Op(y) == term.OpIte {
			c1, a, b := st.Arg(y, 0), st.Arg(y, 1), st.Arg(y, 2)
			if a == x {
				return r.ite(r.or(c0, c1), x, b), true
			}
			if b == x {
				return r.ite(r.or(c0, r.not(c1)), x, a), true
			}
		}
		return t, false
	},
	examples: []string{"(ite p (ite q x y) x)", "(ite p (ite q y x) x)", "(ite p x (ite q x y))", "(ite p x (ite q y x))"}}

// A Boolean ite of two conjunctions takes out what both branches say, so
// that a definition made under a case split becomes an equation at the top
// for var-subst:
//   - a conjunct of both branches: (ite c (and p r) (and p s)) is
//     (and p (ite c r s));
//   - equalities sharing a side: (ite c (and (= x a) r) (and (= x b) s)) is
//     (and (= x (ite c a b)) (ite c r s));
//   - a literal and its negation: (ite c (and p r) (and (not p) s)) is
//     (and (= p c) (ite c r s)).
var ruleIteConjuncts = &rule{name: "ite-conjuncts", ops: ops(term.OpIte),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		c, x, y := st.Arg(t, 0), st.Arg(t, 1), st.Arg(t, 2)
		if !st.IsBool(st.SortOf(x)) {
			return t, false
		}
		xs, ys := conjunctsOf(st, x), conjunctsOf(st, y)
		if len(xs) > maxChain || len(ys) > maxChain {
			return t, false
		}
		at := make(map[term.Term]int, len(ys))   // conjunct of y -> its index
		negAt := map[term.Term]int{}             // p -> index of (not p) in y
		side := make(map[term.Term]int, len(ys)) // side of an equality of y -> its index
		for j, b := range ys {
			at[b] = j
			if st.Op(b) == term.OpNot {
				negAt[st.Arg(b, 0)] = j
			}
			if st.Op(b) == term.OpEq {
				for _, s := range st.Args(b) {
					if _, ok := side[s]; !ok && !st.IsConst(s) {
						side[s] = j
					}
				}
			}
		}
		used := make([]bool, len(ys))
		take := func(b term.Term) bool {
			j, ok := at[b]
			if ok && !used[j] {
				used[j] = true
				return true
			}
			return false
		}
		var out, restX []term.Term
	next:
		for _, a := range xs {
			switch {
			case take(a):
				out = append(out, a)
				continue
			case st.Op(a) == term.OpNot && take(st.Arg(a, 0)):
				out = append(out, r.eq(st.Arg(a, 0), r.not(c)))
				continue
			}
			if j, ok := negAt[a]; ok && !used[j] {
				used[j] = true
				out = append(out, r.eq(a, c))
				continue
			}
			if st.Op(a) == term.OpEq {
				for k, s := range st.Args(a) {
					j, ok := side[s]
					if !ok || used[j] {
						continue
					}
					used[j] = true
					b := ys[j]
					other := st.Arg(b, 0)
					if other == s {
						other = st.Arg(b, 1)
					}
					out = append(out, r.eq(s, r.ite(c, st.Arg(a, 1-k), other)))
					continue next
				}
			}
			restX = append(restX, a)
		}
		if len(out) == 0 {
			return t, false
		}
		var restY []term.Term
		for j, b := range ys {
			if !used[j] {
				restY = append(restY, b)
			}
		}
		out = append(out, r.ite(c, r.conj(restX), r.conj(restY)))
		return r.conj(out), true
	},
	examples: []string{"(ite p (and q (= x y)) (and q (bvult x y)))", "(ite p (and (= x y) q) (and (= (bvmul x y) x) (bvult y x)))",
		"(ite (bvult x y) (and q (= y #1)) (and (not q) (= y (bvnot x))))", "(ite p (and (not q) (= x #2)) (and q (= x #3)))",
		"(ite p (= (bvadd x y) y) (= (bvadd x y) #0))"}}

// conjunctsOf returns the conjuncts of a conjunction, or x alone.
func conjunctsOf(st *term.Store, x term.Term) []term.Term {
	if st.Op(x) == term.OpAnd {
		return st.Args(x)
	}
	return []term.Term{x}
}

// conj is the conjunction of ts: true when there are none.
func (r *rewriter) conj(ts []term.Term) term.Term {
	switch len(ts) {
	case 0:
		return r.st.True()
	case 1:
		return ts[0]
	}
	return r.and(ts...)
}

// iteLiftable are the operators an ite of two applications is pulled
// through when the applications share an argument.
var iteLiftable = map[term.Op]bool{
	term.OpBVAdd: true, term.OpBVSub: true, term.OpBVMul: true, term.OpBVAnd: true, term.OpBVOr: true,
	term.OpBVXor: true, term.OpBVUdiv: true, term.OpBVUrem: true, term.OpBVShl: true, term.OpBVLshr: true,
	term.OpBVAshr: true, term.OpConcat: true, term.OpBVNot: true, term.OpBVNeg: true,
}

var commutative = map[term.Op]bool{term.OpBVAdd: true, term.OpBVMul: true, term.OpBVAnd: true,
	term.OpBVOr: true, term.OpBVXor: true}

// (ite c (op a b) (op a d)) is (op a (ite c b d)), and so on: one operator
// instead of two.
var ruleIteOp = &rule{name: "ite-op", ops: ops(term.OpIte),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		c, x, y := st.Arg(t, 0), st.Arg(t, 1), st.Arg(t, 2)
		op := st.Op(x)
		if op != st.Op(y) || !iteLiftable[op] {
			return t, false
		}
		if op == term.OpBVNot || op == term.OpBVNeg {
			return r.mk(op, nil, r.ite(c, st.Arg(x, 0), st.Arg(y, 0))), true
		}
		a, b, d, e := st.Arg(x, 0), st.Arg(x, 1), st.Arg(y, 0), st.Arg(y, 1)
		same := func(p, q term.Term) bool { return p == q && st.SortOf(p) == st.SortOf(q) }
		switch {
		case same(a, d) && st.SortOf(b) == st.SortOf(e):
			return r.op2(op, a, r.ite(c, b, e)), true
		case same(b, e) && st.SortOf(a) == st.SortOf(d):
			return r.op2(op, r.ite(c, a, d), b), true
		case commutative[op] && a == e:
			return r.op2(op, a, r.ite(c, b, d)), true
		case commutative[op] && b == d:
			return r.op2(op, b, r.ite(c, a, e)), true
		}
		return t, false
	},
	examples: []string{"(ite p (bvadd x y) (bvadd x (bvnot y)))", "(ite p (bvudiv x y) (bvudiv #3 y))", "(ite p (bvmul x y) (bvmul (bvneg y) x))",
		"(ite p (concat x y) (concat x #5))", "(ite p (bvnot x) (bvnot y))", "(ite p (bvshl x y) (bvshl x #1))"}}

// Limits of eq-cofactor: at most this many atoms, and sides of at most this
// many nodes.
const (
	maxCofactorAtoms = 3
	maxCofactorNodes = 256
)

// An equality whose sides branch on few Boolean atoms (the ite conditions'
// leaves: sign bits, say) is decided case by case: under each assignment of
// the atoms both sides are rewritten, and if every case decides, the
// equality is that function of the atoms. (= (bvsrem s t) d), with d the
// SMT-LIB definition of bvsrem, is true in each of the four sign cases.
var ruleEqCofactor = &rule{name: "eq-cofactor", ops: ops(term.OpEq),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if !st.IsBitVec(st.SortOf(a)) {
			return t, false
		}
		atoms, ok := r.iteAtoms([]term.Term{a, b})
		if !ok || len(atoms) == 0 {
			return t, false
		}
		n := len(atoms)
		results := make([]bool, 1<<n)
		for m := 0; m < 1<<n; m++ {
			sub := make(map[term.Term]term.Term, n)
			for i, x := range atoms {
				sub[x] = st.Bool(m>>i&1 == 1)
			}
			e := r.eq(r.rewrite(st.Substitute(a, sub)), r.rewrite(st.Substitute(b, sub)))
			if !st.IsConst(e) {
				return t, false
			}
			results[m] = e == st.True()
		}
		// The function of the atoms, as nested ites over them.
		var build func(i, m int) term.Term
		build = func(i, m int) term.Term {
			if i < 0 {
				return st.Bool(results[m])
			}
			return r.ite(atoms[i], build(i-1, m|1<<i), build(i-1, m))
		}
		return build(n-1, 0), true
	},
	examples: []string{"(= (ite (or p q) x y) (ite p x (ite q x y)))", "(= (ite (and p q) x y) (ite p (ite q x y) y))"}}

// iteAtoms returns the Boolean leaves of the ite conditions below ts, in id
// order; ok is false when the terms are too large or have too many atoms.
func (r *rewriter) iteAtoms(ts []term.Term) ([]term.Term, bool) {
	st := r.st
	// Both walks keep visited sets: a condition is a DAG, and an unshared
	// walk of one is exponential in its depth (the merged path conditions of
	// sift symex). The node budget is the sides' alone.
	seen := map[term.Term]bool{}
	leafSeen := map[term.Term]bool{}
	atomSet := map[term.Term]bool{}
	nodes := 0
	var leaves func(c term.Term) bool
	leaves = func(c term.Term) bool {
		if leafSeen[c] {
			return true
		}
		leafSeen[c] = true
		switch st.Op(c) {
		case term.OpNot, term.OpAnd, term.OpOr, term.OpXor, term.OpImplies:
			for _, x := range st.Args(c) {
				if !leaves(x) {
					return false
				}
			}
		case term.OpTrue, term.OpFalse:
		default:
			atomSet[c] = true
		}
		return len(atomSet) <= maxCofactorAtoms
	}
	var walk func(x term.Term) bool
	walk = func(x term.Term) bool {
		if seen[x] {
			return true
		}
		seen[x] = true
		if nodes++; nodes > maxCofactorNodes {
			return false
		}
		if st.Op(x).IsQuantifier() {
			return false
		}
		if st.Op(x) == term.OpIte && !leaves(st.Arg(x, 0)) {
			return false
		}
		for _, y := range st.Args(x) {
			if !walk(y) {
				return false
			}
		}
		return true
	}
	for _, x := range ts {
		if !walk(x) {
			return nil, false
		}
	}
	atoms := make([]term.Term, 0, len(atomSet))
	for x := range atomSet {
		atoms = append(atoms, x)
	}
	slices.Sort(atoms)
	return atoms, true
}
