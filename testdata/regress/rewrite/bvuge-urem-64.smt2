; A remainder is at least its divisor exactly when the divisor is zero.
; Written for sift.
; regress: no-fallback
(set-logic QF_BV)
(set-info :status unsat)
(declare-const x (_ BitVec 64))
(declare-const y (_ BitVec 64))
(assert (distinct (bvuge (bvurem (bvmul y y) x) x) (= x (_ bv0 64))))
(check-sat)
