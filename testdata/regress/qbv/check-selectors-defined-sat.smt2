; The shape of PSyCO's weakest-precondition queries (q3b's 007): ground
; Booleans p and r choose which writes a program pair performs, bound
; Booleans select among the written values through ite chains, and
; equations under the Booleans define the written values. With p and r
; fixed by the ground model, the counterexample check's ite chains fold
; and its equations define variables, which the check's word-level passes
; remove before bit-blasting (engine/pipeline.go, newCheckQFDriver). Sat
; with p true and r false: every selection then reads w1 or v on both sides,
; where with r true the chains can read w2 = w1 − 1 on one side only.
; regress: no-fallback
; regress: decided-by qbv
(set-info :status sat)
(set-logic BV)
(declare-const p Bool)
(declare-const r Bool)
(assert (forall ((m1 Bool) (m2 Bool) (v (_ BitVec 32)) (e (_ BitVec 32)) (w1 (_ BitVec 32)) (w2 (_ BitVec 32)) (w3 (_ BitVec 32)))
  (=> (and (or (not p) (= w1 (bvadd e #x00000001)))
           (or (not r) (= w2 (bvadd w1 #xffffffff)))
           (= w3 (bvadd w2 #x00000001))
           (bvsle v e))
      (= (ite (and p m1) w1 (ite (and r m2) w2 (ite (and p m2) w1 v)))
         (ite (and p m2) w1 (ite (and r m1) w2 (ite (and p m1) w1 v)))))))
(assert (or p r))
(check-sat)
