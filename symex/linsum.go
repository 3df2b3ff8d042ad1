package symex

import (
	"slices"

	"github.com/sift-solver/sift/term"
)

// Sums that cancel. Offsets and lengths are built by adding and
// subtracting the same terms: a byte search's index is relative to its
// string's offset (p - off), and the caller adds it back to cut the rest
// (off + ((p - off) + 1)). The builder's rules look only at the direct
// arguments, so each cut left a sum of the previous ones in the next
// piece's offset, and the solver an adder chain per piece. An addition or
// subtraction whose flattened sum has a term with both signs is built
// again from the sum without it (p + 1): the same value modulo 2^w; any
// other is built as asked, so terms that do not cancel stay as they were.

// maxSumTerms bounds the terms a flattened sum may hold.
const maxSumTerms = 32

// linSum is a sum of terms with coefficients modulo 2^w, plus a constant.
// The terms are few (maxSumTerms), so a slice in first-occurrence order
// (a deterministic rebuild) serves where a map would allocate per call.
type linSum struct {
	w     uint32
	terms []sumTerm
	k     uint64
}

// sumTerm is one term of a linSum and its coefficient.
type sumTerm struct {
	t    term.Term
	coef uint64
}

// addSub is a+b, or a-b when neg: the sum without the terms that cancel,
// when some do.
func (e *Executor) addSub(a, b term.Term, neg bool) term.Term {
	op := term.OpBVAdd
	if neg {
		op = term.OpBVSub
	}
	w := e.st.Width(e.st.SortOf(a))
	if w > 64 || !(e.sumOp(a) || e.sumOp(b)) {
		return e.mk(op, a, b)
	}
	s := linSum{w: w}
	sb := uint64(1) // b's sign
	if neg {
		sb = ^uint64(0)
	}
	if !s.collect(e, a, 1) || !s.collect(e, b, sb) {
		return e.mk(op, a, b)
	}
	if !slices.ContainsFunc(s.terms, func(x sumTerm) bool { return x.coef&s.mask() == 0 }) {
		return e.mk(op, a, b)
	}
	return s.build(e)
}

// sumOp is whether t is an addition, subtraction or negation.
func (e *Executor) sumOp(t term.Term) bool {
	switch e.st.Op(t) {
	case term.OpBVAdd, term.OpBVSub, term.OpBVNeg:
		return true
	}
	return false
}

func (s *linSum) mask() uint64 {
	if s.w == 64 {
		return ^uint64(0)
	}
	return 1<<s.w - 1
}

// collect adds sign·t to s, false past maxSumTerms terms.
func (s *linSum) collect(e *Executor, t term.Term, sign uint64) bool {
	st := e.st
	switch st.Op(t) {
	case term.OpBVConst:
		x, _ := st.Value(t).Uint64()
		s.k += sign * x
		return true
	case term.OpBVAdd:
		for _, x := range st.Args(t) {
			if !s.collect(e, x, sign) {
				return false
			}
		}
		return true
	case term.OpBVSub:
		if st.NumArgs(t) == 2 {
			return s.collect(e, st.Arg(t, 0), sign) && s.collect(e, st.Arg(t, 1), -sign)
		}
	case term.OpBVNeg:
		return s.collect(e, st.Arg(t, 0), -sign)
	}
	for i := range s.terms {
		if s.terms[i].t == t {
			s.terms[i].coef += sign
			return true
		}
	}
	if len(s.terms) == maxSumTerms {
		return false
	}
	s.terms = append(s.terms, sumTerm{t, sign})
	return true
}

// build is the sum's term: the positive terms, the constant, minus the
// negative ones.
func (s *linSum) build(e *Executor) term.Term {
	m := s.mask()
	var pos, negs []term.Term
	for _, x := range s.terms {
		t := x.t
		switch c := x.coef & m; c {
		case 0:
		case 1:
			pos = append(pos, t)
		case m:
			negs = append(negs, t)
		default:
			pos = append(pos, e.mk(term.OpBVMul, e.st.ConstUint64(s.w, c), t))
		}
	}
	k := s.k & m
	var acc term.Term
	if len(pos) == 0 {
		acc = e.st.ConstUint64(s.w, k)
	} else {
		acc = pos[0]
		for _, t := range pos[1:] {
			acc = e.mk(term.OpBVAdd, acc, t)
		}
		if k != 0 {
			acc = e.mk(term.OpBVAdd, acc, e.st.ConstUint64(s.w, k))
		}
	}
	for _, t := range negs {
		acc = e.mk(term.OpBVSub, acc, t)
	}
	return acc
}
