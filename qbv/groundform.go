package qbv

import (
	"github.com/sift-solver/sift/preprocess"
	"github.com/sift-solver/sift/term"
)

// Ground forms. The ground problem goes straight to bit-blasting, without
// the word-level passes of the main pipeline, so an instance whose sums
// cancel (2y − 4x + 2^20 + c ≠ z + c beside z = 2y − 4x + 2^20) or whose
// equation fixes a variable (61·y = −33) would leave the SAT solver to
// prove adder and multiplier identities, which it does slowly. Each lemma
// is put in the rewriter's normal form instead (sums in linear normal
// form, equations solved for a variable with an odd coefficient), the same
// normal form for every lemma, so an instance at the Skolem constants of a
// matching ∃ stays the exact negation of its Skolemization lemma. The
// input's abstraction, choice lemmas and instances at inverse terms are
// left as built: rewritten, they made the SAT search harder
// (gn-wrong-091018 and binary_driver-2007-10-09-node11383 1.7 and 2.3
// times the CPU with the input rewritten; quant_ic_inverse_later_vars
// 0.3 s with inverse instances as built, 1.4 s rewritten: equations turned
// round to define a free constant).

// groundForm returns lemma or assertion t as the ground solver gets it:
// rewritten when rewrite is set, with products by constants made cheap.
func (r *run) groundForm(t term.Term, rewrite bool) term.Term {
	if rewrite {
		t = preprocess.RewriteTerm(r.st, t)
	}
	return cheapProducts(r.st, t, r.cheapMemo)
}
