; Issue 14, class 2: distributivity b·a + b·c = b·(a + c) over zero-extended
; 12-bit inputs, posed as chains of definitions (the shape of the
; semantic-fusion-seeds distribNN files, after Wienand et al., CAV 2008).
; The sum s = a + c is defined over variables that are themselves defined:
; var-subst now substitutes their definitions into it in the same round, and
; eq-linear leaves a definition as it is instead of solving it for another
; variable, so poly-eq sees the polynomial identity. Before, s's definition
; was turned round into a second definition of a, and the multipliers went
; to the SAT solver (10 s, then z3). Written for sift.
; regress: no-fallback
; regress: decided-by preprocess
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun x () (_ BitVec 12))
(declare-fun y () (_ BitVec 12))
(declare-fun z () (_ BitVec 12))
(declare-fun a () (_ BitVec 24))
(declare-fun b () (_ BitVec 24))
(declare-fun c () (_ BitVec 24))
(declare-fun ab () (_ BitVec 24))
(declare-fun bc () (_ BitVec 24))
(declare-fun lhs () (_ BitVec 24))
(declare-fun s () (_ BitVec 24))
(declare-fun rhs () (_ BitVec 24))
(declare-fun ok () (_ BitVec 1))
(assert (= a (concat (_ bv0 12) x)))
(assert (= b (concat (_ bv0 12) y)))
(assert (= ab (bvmul a b)))
(assert (= c (concat (_ bv0 12) z)))
(assert (= bc (bvmul b c)))
(assert (= lhs (bvadd ab bc)))
(assert (= s (bvadd a c)))
(assert (= rhs (bvmul b s)))
(assert (= (= ok #b1) (= lhs rhs)))
(assert (= ok #b0))
(check-sat)
