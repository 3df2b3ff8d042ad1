; ∀x1∃x2∀x3∃x4.(C ∧ φ): the ∃x4's normal form takes out the conjunct C,
; which x4 does not occur in, and ∀x3 distributes over C ∧ ∃x4.φ
; (normalize.go); C compares -94·x1 - 86·x2 - 54·x3 with a constant, and
; with the even coefficient -54 the sum takes every value of its parity as
; x3 does, so ∀x3.C has a closed form (evenComparison in private.go):
; false here, which refutes the whole (the shape of Scholl's RNDPRE files).
; regress: no-fallback
; regress: decided-by qbv
(set-info :status unsat)
(set-logic BV)
(declare-const k (_ BitVec 32))
(assert (forall ((x1 (_ BitVec 32))) (exists ((x2 (_ BitVec 32))) (forall ((x3 (_ BitVec 32))) (exists ((x4 (_ BitVec 32)))
  (and (bvslt (bvadd (bvmul #xffffffa2 x1) (bvmul #xffffffaa x2) (bvmul #xffffffca x3)) #xffffffa4)
       (or (bvsgt (bvadd (bvmul #x00000007 x4) x2) k) (= (bvmul #x00000003 x4) x3))
       (bvsge (bvadd (bvmul #x0000000b x4) x1) x3)))))))
(check-sat)
