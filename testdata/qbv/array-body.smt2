; An array under a ∀: every cell is zero, but the cell at k is one.
(set-logic ABV)
(set-info :status unsat)
(declare-const m (Array (_ BitVec 32) (_ BitVec 8)))
(declare-const k (_ BitVec 32))
(assert (forall ((i (_ BitVec 32))) (= (select m i) #x00)))
(assert (= (select m k) #x01))
(check-sat)
