; Multiplying by (1 << s) is shifting by s, whatever s is; and the product
; commutes. Written for sift.
; regress: no-fallback
(set-logic QF_BV)
(set-info :status unsat)
(declare-const a (_ BitVec 64))
(declare-const b (_ BitVec 64))
(declare-const s (_ BitVec 64))
(assert (distinct (bvmul (bvshl (_ bv1 64) s) (bvmul a b)) (bvshl (bvmul b a) s)))
(check-sat)
