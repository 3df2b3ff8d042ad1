; Destructive equality resolution: ∀x. x ≠ a+1 ∨ x <u a is (a+1 <u a), which
; holds only for a = ~0.
(set-logic BV)
(set-info :status unsat)
(declare-const a (_ BitVec 32))
(assert (forall ((x (_ BitVec 32))) (=> (= x (bvadd a #x00000001)) (bvult x a))))
(assert (distinct a #xffffffff))
(check-sat)
