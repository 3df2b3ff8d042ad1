; A termination argument ∃c ∀x. x > 0 → c·(x−1) < c·x over 64-bit products:
; the ground solver tries small factors first, and products by constants
; with many set bits are blasted as negated products.
(set-logic BV)
(set-info :status sat)
(assert (exists ((c (_ BitVec 32)))
  (forall ((x (_ BitVec 32)))
    (=> (bvsgt x #x00000000)
        (bvslt (bvmul ((_ sign_extend 32) c) ((_ sign_extend 32) (bvsub x #x00000001)))
               (bvmul ((_ sign_extend 32) c) ((_ sign_extend 32) x)))))))
(check-sat)
