; Comparisons a bound decides: a & b <= a, a | b >= b, a >> s <= a, and a
; quotient above its dividend only when dividing by zero. Written for sift.
; regress: no-fallback
(set-logic QF_BV)
(set-info :status unsat)
(declare-const a (_ BitVec 64))
(declare-const b (_ BitVec 64))
(declare-const s (_ BitVec 64))
(assert (or (bvugt (bvand a b) a) (bvult (bvor a b) b) (bvugt (bvlshr a s) a)
            (and (bvugt (bvudiv a b) a) (distinct b (_ bv0 64)))))
(check-sat)
