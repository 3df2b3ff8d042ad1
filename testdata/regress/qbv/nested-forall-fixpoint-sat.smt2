; regress: no-fallback
; regress: decided-by qbv
; The shape of the hardware fixpoint checks: a chain of single-variable ∀s
; over 8-bit state and inputs, each next state bound by an ∃ to its
; transition, and the property implied. Its domain is far past the
; evaluator's cap, so the model's validation proves the sentence rather than
; enumerating it (and the nested ∀s are not walked again per instance).
(set-info :status sat)
(set-logic BV)
(assert (forall ((s0 (_ BitVec 8))) (forall ((a (_ BitVec 8))) (forall ((b (_ BitVec 8)))
  (forall ((s1 (_ BitVec 8))) (forall ((c Bool))
    (exists ((n0 (_ BitVec 8))) (exists ((n1 (_ BitVec 8)))
      (=> (and (= s0 (bvand a b)) (= s1 (bvsub (bvor a b) (bvxor a b))))
          (and (= n0 (ite c s0 s1)) (= n1 (ite c s1 s0)) (= n0 n1)))))))))))
(check-sat)
