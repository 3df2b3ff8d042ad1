; A termination argument ∃c∀n. n ≠ 0 ⇒ c·(n-1) < c·n over 65-bit
; products. The ground solver first tries c in -2..1 (groundTiers in
; solve.go): with c = 1 the check is n - 1 < n, where a c like 65 (small,
; but not tiny) leaves the SAT solver an identity of two multipliers.
; regress: no-fallback
; regress: decided-by qbv
(set-info :status sat)
(set-logic BV)
(assert (exists ((c (_ BitVec 32))) (forall ((n (_ BitVec 32)) (m (_ BitVec 32)))
  (=> (and (distinct n #x00000000) (= m (bvsub n #x00000001)))
      (bvslt (bvmul ((_ sign_extend 33) c) ((_ zero_extend 33) m)) (bvmul ((_ sign_extend 33) c) ((_ zero_extend 33) n)))))))
(check-sat)
