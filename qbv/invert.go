package qbv

import (
	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// Inverse terms (Niemetz et al., CAV 2018). A literal of the counterexample
// formula that holds under the counterexample and mentions a variable x is
// solved for x: an inequality is first projected to an equation at the
// boundary the model puts it at (s < t with s one below t becomes s+1 = t),
// and the equation e(x) = t is then peeled operator by operator along the
// path to x. Invertible steps (+, −, ¬, xor, · by an odd literal, concat,
// extensions) give a term directly; the others give a choice constant k
// constrained by IC(s,t) ⇒ k ⋄ s = t, where IC is the operator's
// invertibility condition: IC(s,t) ⇔ ∃x. x ⋄ s = t. The constraint is
// satisfiable for every s and t exactly because IC is exact, so adding it
// keeps the ground problem equisatisfiable (invert_test.go checks every
// condition against enumeration).

// invertibility returns IC(s,t) for x ⋄ s = t with x at argument k of op,
// where s is the other argument; ok is false for operators without one
// here.
func invertibility(st *term.Store, op term.Op, k int, s, t term.Term) (term.Term, bool) {
	w := st.Width(st.SortOf(t))
	mk := func(op term.Op, args ...term.Term) term.Term { return st.MustMake(op, nil, args...) }
	zero, ones := st.Const(bv.Zero(w)), st.Const(bv.Ones(w))
	// shiftsTo is ⋁_{i=0}^{w} s ⋄ i = t, for a variable shift amount.
	shiftsTo := func(op term.Op) term.Term {
		ds := make([]term.Term, 0, w+1)
		for i := uint32(0); i <= w; i++ { // every amount up to w fits in w bits
			ds = append(ds, st.Eq(mk(op, s, st.ConstUint64(w, uint64(i))), t))
		}
		return st.Or(ds...)
	}
	switch op {
	case term.OpBVMul:
		// (−s | s) & t = t
		return st.Eq(mk(term.OpBVAnd, mk(term.OpBVOr, mk(term.OpBVNeg, s), s), t), t), true
	case term.OpBVAnd:
		return st.Eq(mk(term.OpBVAnd, t, s), t), true
	case term.OpBVOr:
		return st.Eq(mk(term.OpBVOr, t, s), t), true
	case term.OpBVUdiv:
		if k == 0 { // x ÷ s = t: (s·t) ÷ s = t
			return st.Eq(mk(term.OpBVUdiv, mk(term.OpBVMul, s, t), s), t), true
		}
		// s ÷ x = t: s ÷ (s ÷ t) = t
		return st.Eq(mk(term.OpBVUdiv, s, mk(term.OpBVUdiv, s, t)), t), true
	case term.OpBVUrem:
		if k == 0 { // x mod s = t: ¬(−s) ≥ t
			return mk(term.OpBVUle, t, mk(term.OpBVNot, mk(term.OpBVNeg, s))), true
		}
		// s mod x = t: (t + t − s) & s ≥ t
		return mk(term.OpBVUle, t, mk(term.OpBVAnd, mk(term.OpBVSub, mk(term.OpBVAdd, t, t), s), s)), true
	case term.OpBVShl:
		if k == 0 { // x << s = t: (t >> s) << s = t
			return st.Eq(mk(term.OpBVShl, mk(term.OpBVLshr, t, s), s), t), true
		}
		return shiftsTo(term.OpBVShl), true
	case term.OpBVLshr:
		if k == 0 { // x >> s = t: (t << s) >> s = t
			return st.Eq(mk(term.OpBVLshr, mk(term.OpBVShl, t, s), s), t), true
		}
		return shiftsTo(term.OpBVLshr), true
	case term.OpBVAshr:
		if k == 0 {
			// (s < w ⇒ (t << s) >>a s = t) ∧ (s ≥ w ⇒ (t = ~0 ∨ t = 0))
			wt := st.ConstUint64(w, uint64(w))
			below := mk(term.OpBVUlt, s, wt)
			return st.And(
				st.Implies(below, st.Eq(mk(term.OpBVAshr, mk(term.OpBVShl, t, s), s), t)),
				st.Implies(st.Not(below), st.Or(st.Eq(t, ones), st.Eq(t, zero)))), true
		}
		return shiftsTo(term.OpBVAshr), true
	}
	return term.NoTerm, false
}

// maxShiftWidth bounds the width at which a shift by a variable amount is
// inverted: its condition has one disjunct per amount.
const maxShiftWidth = 64

// inverter solves equations for one counterexample constant x of a run.
type inverter struct {
	r     *run
	x     term.Term
	model *term.Model // the ground model with the counterexample
	ev    *term.Evaluator
	// lemmas collects the choice constraints of the solved form.
	lemmas []term.Term
}

// solve returns a term u with e[x:=u] = t intended, where x occurs in e
// exactly once; ok is false when some step has no inverse here.
func (iv *inverter) solve(e, t term.Term) (term.Term, bool) {
	st := iv.r.st
	mk := func(op term.Op, args ...term.Term) term.Term { return st.MustMake(op, nil, args...) }
	for e != iv.x {
		op := st.Op(e)
		args := st.Args(e)
		k := -1
		for j, a := range args {
			if iv.mentions(a) {
				if k >= 0 {
					return term.NoTerm, false
				}
				k = j
			}
		}
		if k < 0 {
			return term.NoTerm, false
		}
		a := args[k]
		var s term.Term
		if len(args) == 2 {
			s = args[1-k]
		}
		switch op {
		case term.OpBVAdd:
			t = mk(term.OpBVSub, t, s)
		case term.OpBVSub:
			if k == 0 {
				t = mk(term.OpBVAdd, t, s)
			} else {
				t = mk(term.OpBVSub, s, t)
			}
		case term.OpBVNeg:
			t = mk(term.OpBVNeg, t)
		case term.OpBVNot:
			t = mk(term.OpBVNot, t)
		case term.OpBVXor:
			t = mk(term.OpBVXor, t, s)
		case term.OpBVXnor:
			t = mk(term.OpBVXor, mk(term.OpBVNot, t), s)
		case term.OpBVMul:
			if st.Op(s) == term.OpBVConst && st.Value(s).Bit(0) {
				t = mk(term.OpBVMul, t, st.Const(inverseOdd(st.Value(s))))
				break
			}
			if !iv.chooseUnder(op, k, a, s, &t) {
				return term.NoTerm, false
			}
		case term.OpBVAnd, term.OpBVOr, term.OpBVUdiv, term.OpBVUrem, term.OpBVShl, term.OpBVLshr, term.OpBVAshr:
			if k == 1 && (op == term.OpBVShl || op == term.OpBVLshr || op == term.OpBVAshr) && st.Width(st.SortOf(t)) > maxShiftWidth {
				return term.NoTerm, false
			}
			if !iv.chooseUnder(op, k, a, s, &t) {
				return term.NoTerm, false
			}
		case term.OpConcat:
			wt, wa := st.Width(st.SortOf(t)), st.Width(st.SortOf(a))
			if k == 0 {
				t = st.MustMake(term.OpExtract, []uint32{wt - 1, wt - wa}, t)
			} else {
				t = st.MustMake(term.OpExtract, []uint32{wa - 1, 0}, t)
			}
		case term.OpZeroExtend, term.OpSignExtend:
			wa := st.Width(st.SortOf(a))
			t = st.MustMake(term.OpExtract, []uint32{wa - 1, 0}, t)
		case term.OpExtract:
			// The bits of a outside the slice keep their values.
			hi, lo := st.Indices(e)
			av, err := iv.ev.Eval(a)
			if err != nil || av.Kind != term.ValBV {
				return term.NoTerm, false
			}
			wa := st.Width(st.SortOf(a))
			parts := []term.Term{}
			if hi+1 < wa {
				parts = append(parts, st.Const(bv.Extract(av.BV, wa-1, hi+1)))
			}
			parts = append(parts, t)
			if lo > 0 {
				parts = append(parts, st.Const(bv.Extract(av.BV, lo-1, 0)))
			}
			t = st.MustMake(term.OpConcat, nil, parts...)
		case term.OpIte:
			if k == 0 {
				return term.NoTerm, false
			}
			c, err := iv.ev.EvalBool(args[0])
			if err != nil || c != (k == 1) {
				return term.NoTerm, false
			}
		default:
			return term.NoTerm, false
		}
		e = a
	}
	return t, true
}

// chooseUnder steps through a ⋄ s = t (a at argument k) without a direct
// inverse: a becomes a fresh choice constant c with the constraint
// IC(s,t) ⇒ c ⋄ s = t, and *t becomes c.
func (iv *inverter) chooseUnder(op term.Op, k int, a, s term.Term, t *term.Term) bool {
	st := iv.r.st
	ic, ok := invertibility(st, op, k, s, *t)
	if !ok {
		return false
	}
	c := st.Fresh("qbv!ch", st.SortOf(a))
	args := []term.Term{c, s}
	if k == 1 {
		args = []term.Term{s, c}
	}
	iv.lemmas = append(iv.lemmas, st.Implies(ic, st.Eq(st.MustMake(op, nil, args...), *t)))
	*t = c
	return true
}

// mentions reports whether t contains the constant being solved for.
func (iv *inverter) mentions(t term.Term) bool {
	return iv.r.st.Contains(t, func(u term.Term) bool { return u == iv.x })
}

// inverseOdd returns the multiplicative inverse of the odd value v modulo
// 2^w (Newton's iteration doubles the correct low bits each step).
func inverseOdd(v bv.Value) bv.Value {
	w := v.Width()
	x := v // correct in the lowest 3 bits for odd v
	two := bv.New(w, 2)
	for bitsOK := uint32(3); bitsOK < w; bitsOK *= 2 {
		x = bv.Mul(x, bv.Sub(two, bv.Mul(v, x)))
	}
	return x
}

// literal is an atom of the counterexample formula with the truth value
// the counterexample gives it.
type literal struct {
	atom term.Term
	pos  bool
}

// relevantLiterals returns literals of t that hold under ev and suffice to
// make t true: all arguments of a true ∧, one true argument of a true ∨, and
// so on through ¬, ⇒ and if-then-else. It stops at quantifiers.
func relevantLiterals(st *term.Store, t term.Term, ev *term.Evaluator) []literal {
	var out []literal
	seen := map[literal]bool{}
	var walk func(t term.Term, pos bool)
	walk = func(t term.Term, pos bool) {
		if seen[literal{t, pos}] {
			return
		}
		seen[literal{t, pos}] = true
		val := func(u term.Term) (bool, bool) {
			b, err := ev.EvalBool(u)
			return b, err == nil
		}
		switch st.Op(t) {
		case term.OpNot:
			walk(st.Arg(t, 0), !pos)
		case term.OpAnd, term.OpOr:
			all := (st.Op(t) == term.OpAnd) == pos
			for _, a := range st.Args(t) {
				if all {
					walk(a, pos)
					continue
				}
				if b, ok := val(a); ok && b == pos {
					walk(a, pos)
					return
				}
			}
		case term.OpImplies:
			walk(st.Or(st.Not(st.Arg(t, 0)), st.Arg(t, 1)), pos)
		case term.OpIte:
			if !st.IsBool(st.SortOf(t)) {
				out = append(out, literal{t, pos})
				return
			}
			c, ok := val(st.Arg(t, 0))
			if !ok {
				return
			}
			walk(st.Arg(t, 0), c)
			if c {
				walk(st.Arg(t, 1), pos)
			} else {
				walk(st.Arg(t, 2), pos)
			}
		case term.OpForall, term.OpExists:
		default:
			out = append(out, literal{t, pos})
		}
	}
	walk(t, true)
	return out
}

// projection returns the equation e = t that the literal l, true under
// ev, is projected to for solving x, with x in e only.
func projection(st *term.Store, l literal, x term.Term, ev *term.Evaluator) (e, t term.Term, ok bool) {
	op := st.Op(l.atom)
	if st.NumArgs(l.atom) != 2 {
		return term.NoTerm, term.NoTerm, false
	}
	s0, s1 := st.Arg(l.atom, 0), st.Arg(l.atom, 1)
	if !st.IsBitVec(st.SortOf(s0)) {
		return term.NoTerm, term.NoTerm, false
	}
	signed := false
	switch op {
	case term.OpEq, term.OpBVUlt, term.OpBVUle:
	case term.OpBVSlt, term.OpBVSle:
		signed = true
	default:
		return term.NoTerm, term.NoTerm, false
	}
	in0 := st.Contains(s0, func(u term.Term) bool { return u == x })
	in1 := st.Contains(s1, func(u term.Term) bool { return u == x })
	if in0 == in1 {
		return term.NoTerm, term.NoTerm, false
	}
	if !(op == term.OpEq && l.pos) {
		// Project at the boundary the model puts the operands at.
		v0, err0 := ev.Eval(s0)
		v1, err1 := ev.Eval(s1)
		if err0 != nil || err1 != nil {
			return term.NoTerm, term.NoTerm, false
		}
		one := st.Const(bv.New(st.Width(st.SortOf(s0)), 1))
		cmp := compare(v0.BV, v1.BV, signed)
		switch {
		case cmp < 0:
			s0 = st.MustMake(term.OpBVAdd, nil, s0, one)
		case cmp > 0:
			s1 = st.MustMake(term.OpBVAdd, nil, s1, one)
		}
	}
	if in0 {
		return s0, s1, true
	}
	return s1, s0, true
}

// compare orders two values of one width, signed or unsigned.
func compare(a, b bv.Value, signed bool) int {
	switch {
	case a.Equal(b):
		return 0
	case signed && bv.Slt(a, b), !signed && bv.Ult(a, b):
		return -1
	}
	return 1
}

// inverse looks for an inverse term for variable i of q under the
// counterexample in cur (the ground model with the counterexample
// constants' values), given the terms chosen for the variables before it.
// The other counterexample constants are replaced by their chosen terms
// (before i) or values (after i) first. It returns NoTerm when no relevant
// literal can be solved, and the choice constraints to add with the
// instance.
func (r *run) inverse(q *quantifier, i int, cur *term.Model, chosen []term.Term) (term.Term, []term.Term) {
	st := r.st
	ev := term.NewEvaluator(st, cur)
	x := q.ic[i]
	sub := map[term.Term]term.Term{}
	for j, c := range q.ic {
		switch {
		case j < i:
			sub[c] = chosen[j]
		case j > i:
			sub[c] = st.ValueTerm(st.ValueOf(cur, c))
		}
	}
	for _, l := range relevantLiterals(st, q.neg, ev) {
		e, t, ok := projection(st, l, x, ev)
		if !ok {
			continue
		}
		iv := &inverter{r: r, x: x, model: cur, ev: ev}
		u, ok := iv.solve(st.Substitute(e, sub), st.Substitute(t, sub))
		if !ok || expensive(st, u) {
			continue
		}
		return u, iv.lemmas
	}
	return term.NoTerm, nil
}

// expensive reports whether t has a product, quotient or remainder of two
// non-literals (an instance by it would make the ground problem
// nonlinear), or a product by a literal that costs more than
// maxProductAdders adders (the inverse of an odd factor is such a
// literal, as a rule).
func expensive(st *term.Store, t term.Term) bool {
	return st.Contains(t, func(u term.Term) bool {
		switch st.Op(u) {
		case term.OpBVMul:
			a, b := st.Arg(u, 0), st.Arg(u, 1)
			for _, c := range []term.Term{a, b} {
				if st.Op(c) == term.OpBVConst {
					v := st.Value(c)
					return min(popcount(v), popcount(bv.Neg(v))) > maxProductAdders
				}
			}
			return true
		case term.OpBVUdiv, term.OpBVUrem, term.OpBVSdiv, term.OpBVSrem, term.OpBVSmod:
			return st.Op(st.Arg(u, 0)) != term.OpBVConst && st.Op(st.Arg(u, 1)) != term.OpBVConst
		}
		return false
	})
}

// maxProductAdders bounds the set bits of a literal factor in an inverse
// term.
const maxProductAdders = 8
