; No linear ranking function a·x + b·y for the loop x < l: x += 2; y += 1
; over 32-bit counters that wrap: the shape of the software ranking-function
; synthesis benchmarks (Wintersteiger, Hamadi, de Moura, FMSD 2013, from
; Cook, Kroening, Ruemmer, Wintersteiger, TACAS 2010), products widened so
; that the rank cannot overflow. The instances that refute every (a, b) put
; x and y at the ends of their ranges (x = 2^32 − 2 with l = 2^32 − 1,
; y = 2^32 − 1): qbv moves its counterexamples there (boundary.go).
; regress: no-fallback
; regress: decided-by qbv
(set-info :status unsat)
(set-logic BV)
(assert (exists ((a (_ BitVec 32)) (b (_ BitVec 32))) (forall ((x (_ BitVec 32)) (y (_ BitVec 32)) (l (_ BitVec 32)) (x1 (_ BitVec 32)) (y1 (_ BitVec 32)))
  (=> (and (bvult x l) (= x1 (bvadd x #x00000002)) (= y1 (bvadd y #x00000001)))
      (bvslt (bvadd ((_ sign_extend 1) (bvmul ((_ sign_extend 33) a) ((_ zero_extend 33) x1))) ((_ sign_extend 1) (bvmul ((_ sign_extend 33) b) ((_ zero_extend 33) y1))))
             (bvadd ((_ sign_extend 1) (bvmul ((_ sign_extend 33) a) ((_ zero_extend 33) x))) ((_ sign_extend 1) (bvmul ((_ sign_extend 33) b) ((_ zero_extend 33) y)))))))))
(check-sat)
