package preprocess

import (
	"slices"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// The linear normal form of sums: a term built from bvadd, bvsub, bvneg,
// bvnot, multiplication by constants and shifts by constants (the
// concatenations with zeros that shift-const makes) is Σ c_i·x_i + k over
// leaves x_i, the other terms. Two sums with the same leaves and
// coefficients rebuild to the same term, so x + (y - x) and y meet, and an
// equality of sums becomes one equation that is decided, or solved for a
// variable, or written with each leaf on one side.

// maxLinearLeaves bounds a linear form; a larger sum is left as a leaf.
const maxLinearLeaves = 32

// linear is Σ coef[x]·x + k at width w; nil stands for "too large".
type linear struct {
	w    uint32
	coef map[term.Term]bv.Value // nonzero coefficients
	k    bv.Value
}

func newLinear(w uint32) *linear {
	return &linear{w: w, coef: map[term.Term]bv.Value{}, k: bv.Zero(w)}
}

// addScaled returns p + c·q (nil when too large).
func (p *linear) addScaled(q *linear, c bv.Value) *linear {
	if p == nil || q == nil {
		return nil
	}
	out := newLinear(p.w)
	out.k = bv.Add(p.k, bv.Mul(c, q.k))
	for x, a := range p.coef {
		out.coef[x] = a
	}
	for x, a := range q.coef {
		v := bv.Add(out.get(x), bv.Mul(c, a))
		if v.IsZero() {
			delete(out.coef, x)
		} else {
			out.coef[x] = v
		}
	}
	if len(out.coef) > maxLinearLeaves {
		return nil
	}
	return out
}

// get is x's coefficient (zero when absent).
func (p *linear) get(x term.Term) bv.Value {
	if c, ok := p.coef[x]; ok {
		return c
	}
	return bv.Zero(p.w)
}

// leaves returns the leaves in id order.
func (p *linear) leaves() []term.Term {
	xs := make([]term.Term, 0, len(p.coef))
	for x := range p.coef {
		xs = append(xs, x)
	}
	slices.Sort(xs)
	return xs
}

// isLeaf reports whether p is the single leaf x with coefficient one.
func (p *linear) isLeaf() bool {
	if len(p.coef) != 1 || !p.k.IsZero() {
		return false
	}
	for _, c := range p.coef {
		return isOne(c)
	}
	return false
}

func isOne(v bv.Value) bool { x, ok := v.Uint64(); return ok && x == 1 }

// isSumOp reports whether op is one the linear form looks through.
func isSumOp(op term.Op) bool {
	return op == term.OpBVAdd || op == term.OpBVSub || op == term.OpBVNeg
}

// lin returns the linear form of the bit-vector term t.
func (r *rewriter) lin(t term.Term) *linear {
	if p, ok := r.lins[t]; ok {
		return p
	}
	st := r.st
	w := r.width(t)
	one := bv.New(w, 1)
	minus := bv.Ones(w)
	leaf := func() *linear {
		p := newLinear(w)
		p.coef[t] = one
		return p
	}
	var p *linear
	args := st.Args(t)
	switch st.Op(t) {
	case term.OpBVConst:
		p = newLinear(w)
		p.k = st.Value(t)
	case term.OpBVAdd:
		p = newLinear(w)
		for _, a := range args {
			p = p.addScaled(r.lin(a), one)
		}
	case term.OpBVSub:
		p = r.lin(args[0]).addScaled(r.lin(args[1]), minus)
	case term.OpBVNeg:
		p = newLinear(w).addScaled(r.lin(args[0]), minus)
	case term.OpBVNot: // ~a = -a - 1
		p = newLinear(w).addScaled(r.lin(args[0]), minus)
		if p != nil {
			p.k = bv.Sub(p.k, one)
		}
	case term.OpBVMul:
		if len(args) == 2 && r.isConst(args[1]) {
			p = newLinear(w).addScaled(r.lin(args[0]), st.Value(args[1]))
		}
	case term.OpConcat:
		p = r.linShifted(t)
	case term.OpBVShl:
		// k << s is k · (1 << s): shifts of constants by one amount are
		// multiples of one leaf.
		if k := args[0]; r.isConst(k) && !r.isConst(args[1]) && !isOne(st.Value(k)) {
			p = newLinear(w)
			p.coef[r.mk(term.OpBVShl, nil, r.konst(one), args[1])] = st.Value(k)
		}
	}
	if p == nil {
		p = leaf()
	}
	r.lins[t] = p
	return p
}

// linShifted reads (concat A 0_k) as A·2^k when A's linear form, at width
// w-k, has only low slices (_ extract w-k-1 0) of width-w terms as leaves:
// (x mod 2^(w-k))·2^k is x·2^k mod 2^w. This is the shape mul-pow2-factor
// and shift-const give multiplications by even constants and shifts.
func (r *rewriter) linShifted(t term.Term) *linear {
	st := r.st
	hi, lo := st.Arg(t, 0), st.Arg(t, 1)
	if !r.isConst(lo) || !st.Value(lo).IsZero() {
		return nil
	}
	w, k := r.width(t), r.width(lo)
	a := r.lin(hi)
	out := newLinear(w)
	shift := func(v bv.Value) bv.Value { return bv.Concat(v, bv.Zero(k)) }
	out.k = shift(a.k)
	for x, c := range a.coef {
		if st.Op(x) != term.OpExtract {
			return nil
		}
		h, l := st.Indices(x)
		inner := st.Arg(x, 0)
		if l != 0 || h != w-k-1 || r.width(inner) != w {
			return nil
		}
		if prev, ok := out.coef[inner]; ok {
			out.coef[inner] = bv.Add(prev, shift(c))
		} else {
			out.coef[inner] = shift(c)
		}
	}
	return out
}

// signedPositive reports whether c is in the lower half, 0 < c ≤ 2^(w-1):
// a leaf with such a coefficient goes on the plus side.
func signedPositive(c bv.Value) bool {
	return !c.Bit(c.Width()-1) || c.Equal(signedMin(c.Width()))
}

// sum rebuilds p: the leaves with coefficients in the lower half added in id
// order, minus the others, plus the constant — with a bvnot for the common
// "minus one" and a bvsub for a constant minus a sum.
func (r *rewriter) sum(p *linear) term.Term {
	st := r.st
	p = r.disjointLeaves(p)
	var pos, neg term.Term
	addTo := func(acc *term.Term, x term.Term, c bv.Value) {
		var s term.Term
		if isOne(c) {
			s = x
		} else {
			s = r.mk(term.OpBVMul, nil, x, r.konst(c))
		}
		if *acc == term.NoTerm {
			*acc = s
		} else {
			*acc = st.MustMake(term.OpBVAdd, nil, *acc, s)
		}
	}
	for _, x := range p.leaves() {
		c := p.coef[x]
		if signedPositive(c) {
			addTo(&pos, x, c)
		} else {
			addTo(&neg, x, bv.Neg(c))
		}
	}
	k := p.k
	switch {
	case pos == term.NoTerm && neg == term.NoTerm:
		return r.konst(k)
	case neg == term.NoTerm:
		if k.IsZero() {
			return pos
		}
		return st.MustMake(term.OpBVAdd, nil, pos, r.konst(k))
	case k.IsOnes(): // ... - n - 1 = ... + ~n
		nn := st.MustMake(term.OpBVNot, nil, neg)
		if pos == term.NoTerm {
			return nn
		}
		return st.MustMake(term.OpBVAdd, nil, pos, nn)
	case pos == term.NoTerm:
		if k.IsZero() {
			return st.MustMake(term.OpBVNeg, nil, neg)
		}
		return st.MustMake(term.OpBVSub, nil, r.konst(k), neg)
	}
	d := st.MustMake(term.OpBVSub, nil, pos, neg)
	if k.IsZero() {
		return d
	}
	return st.MustMake(term.OpBVAdd, nil, d, r.konst(k))
}

// withUrem replaces a product (a/b)·b by a - (a mod b) where that leaves
// fewer leaves: a - (a/b)·b becomes a mod b, the remainder as symbolic
// execution computes it, and (ones/b)·b + (ones mod b) becomes ones.
func (r *rewriter) withUrem(p *linear) *linear {
	st := r.st
	for m, c := range p.coef {
		if st.Op(m) != term.OpBVMul {
			continue
		}
		for i := 0; i < 2; i++ {
			q, b := st.Arg(m, i), st.Arg(m, 1-i)
			if st.Op(q) != term.OpBVUdiv || st.Arg(q, 1) != b {
				continue
			}
			// m = a - rem, so c·m = c·a - c·rem.
			a := st.Arg(q, 0)
			repl := newLinear(p.w).addScaled(r.lin(a), bv.New(p.w, 1))
			repl = repl.addScaled(r.lin(r.mk(term.OpBVUrem, nil, a, b)), bv.Ones(p.w))
			out := newLinear(p.w).addScaled(p, bv.New(p.w, 1))
			if out != nil {
				delete(out.coef, m)
			}
			out = out.addScaled(repl, c)
			if out != nil && len(out.coef) < len(p.coef) {
				return out
			}
		}
	}
	return p
}

// Sums are rebuilt from their linear form: like terms combine, constants
// distribute over sums, and the leaves come in a fixed order.
var ruleLinear = &rule{name: "linear", ops: ops(term.OpBVAdd, term.OpBVSub, term.OpBVNeg, term.OpBVMul),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		if st.Op(t) == term.OpBVMul {
			// Only a constant times a sum: distribute.
			if !r.isConst(st.Arg(t, 1)) || !isSumOp(st.Op(st.Arg(t, 0))) {
				return t, false
			}
		}
		p := r.lin(t)
		if _, self := p.coef[t]; self && p.isLeaf() {
			return t, false
		}
		return r.sum(r.withUrem(p)), true
	},
	examples: []string{"(bvadd x (bvsub y x))", "(bvsub (bvadd x #3) (bvadd y #1))", "(bvneg (bvnot x))", "(bvadd (bvmul x #3) (bvneg x))",
		"(bvmul (bvadd x y) #3)", "(bvadd (bvnot x) (bvadd x y))", "(bvsub #5 (bvneg x))", "(bvadd x (bvneg (bvmul (bvudiv x y) y)))",
		"(bvadd (bvshl x #1) x)", "(bvsub x #1)", "(bvsub x (bvneg y))",
		"(bvadd (concat x (_ bv0 %W)) (concat (_ bv0 %W) y))", "(bvsub (bvadd (concat x (_ bv0 %W)) (concat (_ bv0 %W) #5)) (concat y y))",
		"(bvsub (bvneg (concat x (_ bv0 %W))) (concat (_ bv0 %W) y))"}}

// A bitwise complement of a sum, or of a multiple of a leaf, is a sum:
// ~(x + k) = -x - k - 1, ~(ones << s) = (1 << s) - 1.
var ruleNotLinear = &rule{name: "not-linear", ops: ops(term.OpBVNot),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		a := r.st.Arg(t, 0)
		if _, self := r.lin(a).coef[a]; self {
			return t, false // a is a leaf of its own: ~a stays
		}
		return r.sum(r.lin(t)), true
	},
	examples: []string{"(bvnot (bvneg x))", "(bvnot (bvadd x #3))", "(bvnot (bvsub x y))", "(bvnot (bvshl #ones x))"}}

// isDefinition reports whether x = t defines the variable x: x does not
// occur in t.
func isDefinition(st *term.Store, x, t term.Term) bool {
	return st.Op(x) == term.OpVar && !st.Contains(t, func(u term.Term) bool { return u == x })
}

// An equality of sums becomes one linear equation L = 0. A constant L
// decides it; otherwise it is solved for its first variable with an odd
// (invertible) coefficient, or written with the leaves of positive
// coefficient on the left, sign chosen so that the first leaf's is positive.
var ruleEqLinear = &rule{name: "eq-linear", ops: ops(term.OpEq),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if !st.IsBitVec(st.SortOf(a)) {
			return t, false
		}
		la, lb := r.lin(a), r.lin(b)
		if (la.isLeaf() || len(la.coef) == 0) && (lb.isLeaf() || len(lb.coef) == 0) {
			return t, false // plain terms and constants: nothing to normalise
		}
		if isDefinition(st, a, b) || isDefinition(st, b, a) {
			// Already solved for a variable: solving it for another one
			// would turn round a definition that var-subst takes as it is
			// (z = x + y, with x and y defined elsewhere, would become
			// x = z - y, a second definition of x and no longer one of z).
			return t, false
		}
		w := r.width(a)
		l := la.addScaled(lb, bv.Ones(w))
		if l == nil {
			return t, false
		}
		l = r.withUrem(l)
		if len(l.coef) == 0 {
			return st.Bool(l.k.IsZero()), true
		}
		xs := l.leaves()
		var left, right term.Term
		for _, x := range xs {
			if c := l.coef[x]; st.Op(x) == term.OpVar && c.Bit(0) {
				// c·x + rest = 0 gives x = -rest / c.
				rest := newLinear(w).addScaled(l, bv.New(w, 1))
				delete(rest.coef, x)
				left, right = x, r.sum(newLinear(w).addScaled(rest, bv.Neg(inverseOdd(c))))
				break
			}
		}
		if left == term.NoTerm {
			if !signedPositive(l.coef[xs[0]]) {
				l = newLinear(w).addScaled(l, bv.Ones(w))
			}
			pos, neg := newLinear(w), newLinear(w)
			for x, c := range l.coef {
				if signedPositive(c) {
					pos.coef[x] = c
				} else {
					neg.coef[x] = bv.Neg(c)
				}
			}
			neg.k = bv.Neg(l.k)
			left, right = r.sum(pos), r.sum(neg)
		}
		if (left == a && right == b) || (left == b && right == a) {
			return t, false
		}
		return r.eq(left, right), true
	},
	examples: []string{"(= (bvadd x y) (bvadd y #3))", "(= (bvsub x y) (bvneg y))", "(= (bvadd x #1) (bvadd x #2))",
		"(= (bvneg x) (bvadd y #1))", "(= x (bvadd x y))", "(= (bvadd (bvmul x y) #3) (bvmul x y))", "(= (bvmul x #3) #5)",
		"(= (bvadd (bvmul x #2) #1) (bvmul y #2))", "(= (bvnot x) (bvadd y #1))", "(= (bvmul (bvudiv x y) y) (bvsub x (bvurem x y)))",
		"(= (bvmul (bvudiv #ones x) x) (bvnot (bvurem #ones x)))"}}
