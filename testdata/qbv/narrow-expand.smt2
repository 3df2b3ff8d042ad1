; A ∀ over 4 bits is expanded into its 16 instances: an odd factor is
; invertible, so some x has x·c = 1.
(set-logic BV)
(set-info :status unsat)
(declare-const c (_ BitVec 4))
(assert (= ((_ extract 0 0) c) #b1))
(assert (forall ((x (_ BitVec 4))) (distinct (bvmul x c) #x1)))
(check-sat)
