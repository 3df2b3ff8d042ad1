package z3

import (
	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// overflowOps are the SMT-LIB 2.7 overflow predicates, which Z3 4.8.12 does
// not know: the fallback prints each as its 2.6 meaning instead.
var overflowOps = map[term.Op]bool{
	term.OpBVNego: true, term.OpBVUaddo: true, term.OpBVSaddo: true, term.OpBVUsubo: true,
	term.OpBVSsubo: true, term.OpBVUmulo: true, term.OpBVSmulo: true, term.OpBVSdivo: true,
}

// lowerForZ3 returns terms with every overflow predicate replaced by a 2.6
// term of the same meaning (widened arithmetic), and terms themselves when
// none occurs.
func lowerForZ3(st *term.Store, terms []term.Term) []term.Term {
	found := false
	for _, t := range terms {
		found = found || st.Contains(t, func(u term.Term) bool { return overflowOps[st.Op(u)] })
	}
	if !found {
		return terms
	}
	lowered := map[term.Term]term.Term{}
	st.PostOrder(terms, func(t term.Term) {
		r := st.MapArgs(t, func(a term.Term) term.Term { return lowered[a] })
		if overflowOps[st.Op(r)] {
			r = overflowMeaning(st, r)
		}
		lowered[t] = r
	})
	out := make([]term.Term, len(terms))
	for i, t := range terms {
		out[i] = lowered[t]
	}
	return out
}

// overflowMeaning is the 2.6 term that says what overflow predicate t says.
func overflowMeaning(st *term.Store, t term.Term) term.Term {
	mk := func(op term.Op, idx []uint32, args ...term.Term) term.Term { return st.MustMake(op, idx, args...) }
	a := st.Arg(t, 0)
	w := st.Width(st.SortOf(a))
	minSigned := st.Const(bv.Shl(bv.New(w, 1), bv.New(w, uint64(w-1))))
	// A (w+1)-bit signed result overflows when its top two bits differ.
	signedOverflow := func(s term.Term) term.Term {
		return st.Not(st.Eq(mk(term.OpExtract, []uint32{w, w}, s), mk(term.OpExtract, []uint32{w - 1, w - 1}, s)))
	}
	if st.Op(t) == term.OpBVNego {
		return st.Eq(a, minSigned)
	}
	b := st.Arg(t, 1)
	ext := func(op term.Op, k uint32, x term.Term) term.Term { return mk(op, []uint32{k}, x) }
	switch st.Op(t) {
	case term.OpBVUaddo:
		sum := mk(term.OpBVAdd, nil, ext(term.OpZeroExtend, 1, a), ext(term.OpZeroExtend, 1, b))
		return st.Eq(mk(term.OpExtract, []uint32{w, w}, sum), st.ConstUint64(1, 1))
	case term.OpBVSaddo:
		return signedOverflow(mk(term.OpBVAdd, nil, ext(term.OpSignExtend, 1, a), ext(term.OpSignExtend, 1, b)))
	case term.OpBVUsubo:
		return mk(term.OpBVUlt, nil, a, b)
	case term.OpBVSsubo:
		return signedOverflow(mk(term.OpBVSub, nil, ext(term.OpSignExtend, 1, a), ext(term.OpSignExtend, 1, b)))
	case term.OpBVUmulo:
		p := mk(term.OpBVMul, nil, ext(term.OpZeroExtend, w, a), ext(term.OpZeroExtend, w, b))
		return st.Not(st.Eq(mk(term.OpExtract, []uint32{2*w - 1, w}, p), st.ConstUint64(w, 0)))
	case term.OpBVSmulo:
		p := mk(term.OpBVMul, nil, ext(term.OpSignExtend, w, a), ext(term.OpSignExtend, w, b))
		return st.Not(st.Eq(p, ext(term.OpSignExtend, w, mk(term.OpExtract, []uint32{w - 1, 0}, p))))
	case term.OpBVSdivo:
		return st.And(st.Eq(a, minSigned), st.Eq(b, st.Const(bv.Ones(w))))
	}
	panic("engine: not an overflow predicate: " + st.Op(t).String())
}
