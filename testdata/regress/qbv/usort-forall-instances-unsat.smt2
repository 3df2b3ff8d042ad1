; regress: no-fallback
; regress: decided-by qbv
; A ∀ over an uninterpreted sort beside bit-vector and Boolean variables (the
; shape of cvc5's issue4275 regression, written for sift): the instance at
; x = y = c with q false is false. Unsat holds in every domain: the sort is
; encoded as bit-vectors below a free top, and every Skolem constant is a
; constant, so the bounded domain loses no model.
(set-info :status unsat)
(set-logic UFBV)
(declare-sort U 0)
(declare-const c U)
(declare-const p Bool)
(declare-const a (_ BitVec 12))
(assert (forall ((x U) (y U) (q Bool) (z (_ BitVec 12)))
  (xor (and q p (bvult z a)) (not (and (= x y) (= y c))))))
(check-sat)
