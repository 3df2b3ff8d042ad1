; Adapted from cvc5/cvc5 @ 190adc39589bb2b158e7f59ad0ef3281dacbea97, test/regress/cli/regress0/bv/abstract/bv_udiv_pow2.smt2
; (BSD-3-Clause): the same problem at 64 bits, where z3 4.8.12 and sift before
; issue 14's rewriting time out at 10 s. Decided by rewriting alone.
; regress: no-fallback
(set-logic QF_BV)
(set-info :status unsat)
(declare-const a (_ BitVec 64))
(declare-const c (_ BitVec 64))
(declare-const pow2 (_ BitVec 64))
(declare-const shift_by (_ BitVec 64))
(assert (bvult shift_by (_ bv64 64)))
(assert (= pow2 (bvshl (_ bv1 64) shift_by)))
(assert (= c (bvudiv a pow2)))
(assert (distinct c (bvlshr a shift_by)))
(check-sat)
