; Sat with a ∀ over 32 bits: evaluating it under the model passes the
; enumeration cap, so the validation asks qbv to prove it (Prove), which the
; trace reports as "model checked by qbv".
(set-logic BV)
(set-info :status sat)
(declare-const a (_ BitVec 32))
(assert (forall ((x (_ BitVec 32))) (= (bvand x a) #x00000000)))
(check-sat)
