; Boolean variables resolved by their literals: ∀p. p ∨ φ(p) is φ(false), and
; the ∀ over 32 bits left is decided by instantiation.
(set-logic BV)
(set-info :status sat)
(declare-const a (_ BitVec 32))
(assert (forall ((p Bool) (x (_ BitVec 32))) (or p (= (bvand x a) #x00000000) (and p (bvult x a)))))
(check-sat)
