; A linear rank a·x + e·c for the loop x < l ∧ c ≠ 59: x += 2, where c
; takes any value after the step: no rank exists (x wraps at 2^32 − 2, and
; an unconstrained c defeats every e ≠ 0). The shape of
; filesys_cdfs_namesup_noarray.c.smt2 (Wintersteiger, Hamadi, de Moura,
; FMSD 2013; Cook, Kroening, Ruemmer, Wintersteiger, TACAS 2010), reduced.
; The refuting instances are at the ends of the ranges (boundary.go).
; regress: no-fallback
; regress: decided-by qbv
(set-info :status unsat)
(set-logic BV)
(assert (exists ((a (_ BitVec 32)) (e (_ BitVec 16))) (forall ((x (_ BitVec 32)) (l (_ BitVec 32)) (x1 (_ BitVec 32)) (c (_ BitVec 16)) (c1 (_ BitVec 16)))
  (=> (and (bvult x l) (distinct c #x003b) (= x1 (bvadd x #x00000002)))
      (bvslt (bvadd ((_ sign_extend 3) (bvmul ((_ sign_extend 33) a) ((_ zero_extend 33) x1))) ((_ sign_extend 35) (bvmul ((_ sign_extend 17) e) ((_ zero_extend 17) c1))))
             (bvadd ((_ sign_extend 3) (bvmul ((_ sign_extend 33) a) ((_ zero_extend 33) x))) ((_ sign_extend 35) (bvmul ((_ sign_extend 17) e) ((_ zero_extend 17) c)))))))))
(check-sat)
