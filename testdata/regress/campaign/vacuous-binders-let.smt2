; Found by the issue-17 differential campaign (TestDifferentialQuant, seed 101, formula 781; written for
; sift): ∃ over 32- and 16-bit variables and ∀ over a 32-bit one, none used in its body (the ∀'s body is a
; let name). The model failed validation at the quantifier cap, as in vacuous-binders-32.smt2.
; regress: no-fallback
; regress: decided-by quant
(set-logic BV)
(set-info :status sat)
(declare-const p Bool)
(declare-const q Bool)
(declare-const x1 (_ BitVec 1))
(declare-const y2 (_ BitVec 2))
(declare-const y3 (_ BitVec 3))
(assert (let ((s4761 (bvneg (bvnor (_ bv7 3) y3))))
  (exists ((v4762 (_ BitVec 32)) (v4763 (_ BitVec 16))) (bvuge y2 (ite true (_ bv0 2) y2)))))
(assert (let ((s4764 (let ((s4765 x1)) q))) (let ((s4766 (xor true p)))
  (forall ((v4767 (_ BitVec 32))) s4764))))
(check-sat)
