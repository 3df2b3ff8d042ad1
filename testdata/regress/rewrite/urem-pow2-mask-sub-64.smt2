; The remainder by a power of two 2^s against a mask written as 2^s - 1
; (not as ~(~0 << s)): both normalise to one sum. Written for sift.
; regress: no-fallback
(set-logic QF_BV)
(set-info :status unsat)
(declare-const a (_ BitVec 64))
(declare-const s (_ BitVec 64))
(assert (bvult s (_ bv64 64)))
(assert (distinct (bvurem a (bvshl (_ bv1 64) s)) (bvand a (bvsub (bvshl (_ bv1 64) s) (_ bv1 64)))))
(check-sat)
