; Adapted from cvc5/cvc5 @ 190adc39589bb2b158e7f59ad0ef3281dacbea97, test/regress/cli/regress0/bv/pr4993-bvugt-bvurem-a.smt2
; (BSD-3-Clause): the same problem at 32 bits, where z3 4.8.12 and sift before
; issue 14's rewriting time out at 10 s. Decided by rewriting alone.
; regress: no-fallback
(set-logic QF_BV)
(set-info :status unsat)
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (not (= (bvugt (bvurem y x) x) (ite (= x (_ bv0 32)) (bvugt y (_ bv0 32)) false))))
(check-sat)
