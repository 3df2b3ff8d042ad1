package qbv

import (
	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// Counterexample checks by enumeration. When the counterexample formula,
// its free symbols fixed to the ground model's values, is quantifier-free
// and its variables have few bits, evaluating it at every assignment
// decides the check exactly, in a time the formula's size bounds: a SAT
// solver may need far longer to refute it (∃f. 1 < f < P ∧ P mod f = 0 for
// a prime P, the anyconst/allconst prime puzzle of SymbiYosys, is factoring
// P). Values are tried in increasing order, so the counterexample found is
// the least one (the least factor: its instance excludes the most). Only
// formulas with such a circuit are enumerated: without a multiplier or a
// divider by a variable the bit-blasted check is decided at once, where
// 2^16 evaluations are not (six checks of a 16-bit shift took 0.1 s).

// hardArithmetic reports whether t multiplies two non-literals or divides
// by a non-literal: the circuits that make SAT solving slow.
func hardArithmetic(st *term.Store, t term.Term) bool {
	return st.Contains(t, func(u term.Term) bool {
		switch st.Op(u) {
		case term.OpBVMul:
			return isProduct(st, u)
		case term.OpBVUdiv, term.OpBVUrem, term.OpBVSdiv, term.OpBVSrem, term.OpBVSmod:
			return st.NumArgs(u) == 2 && st.Op(st.Arg(u, 1)) != term.OpBVConst
		}
		return false
	})
}

// enumerateBits bounds the variables' total width, and enumerateNodes the
// formula's DAG size times the number of assignments.
const (
	enumerateBits  = 16
	enumerateNodes = 1 << 24
)

// enumerable reports whether the check of q on the fixed formula neg is
// small enough to enumerate and has a multiplier or divider.
func enumerable(st *term.Store, q *quantifier, neg term.Term) bool {
	bits := uint32(0)
	for _, c := range q.ic {
		if s := st.SortOf(c); !st.IsBool(s) && !st.IsBitVec(s) {
			return false
		}
		bits += width(st, c)
	}
	if bits > enumerateBits {
		return false
	}
	isIC := make(map[term.Term]bool, len(q.ic))
	for _, c := range q.ic {
		isIC[c] = true
	}
	for _, x := range st.FreeVarsOf(neg) {
		if !isIC[x] {
			return false // a symbol without a fixed value: the solver decides
		}
	}
	limit := enumerateNodes >> bits
	return dagSize(st, neg, limit) <= limit && hardArithmetic(st, neg)
}

// enumerate evaluates neg, whose free symbols are q.ic alone, at every
// assignment of q.ic. It returns Sat with a model of the first assignment
// that makes neg true, or Unsat when none does; Unknown when an evaluation
// fails or ctx ends.
func (r *run) enumerate(q *quantifier, neg term.Term, done func() bool) (Status, *term.Model) {
	st := r.st
	m := term.NewModel()
	ev := term.NewEvaluator(st, m)
	var rec func(k int) Status
	rec = func(k int) Status {
		if k == len(q.ic) {
			ev.Reset(m)
			b, err := ev.EvalBool(neg)
			switch {
			case err != nil:
				return Unknown
			case b:
				return Sat
			}
			return Unsat
		}
		c := q.ic[k]
		w := width(st, c)
		for v := uint64(0); v < 1<<w; v++ {
			if v&0xff == 0 && done() {
				return Unknown
			}
			if st.IsBool(st.SortOf(c)) {
				m.Set(c, term.BoolValue(v == 1))
			} else {
				m.Set(c, st.BVValue(bv.New(w, v)))
			}
			if s := rec(k + 1); s != Unsat {
				return s
			}
		}
		return Unsat
	}
	s := rec(0)
	if s != Sat {
		return s, nil
	}
	return Sat, m
}
