; Found by the issue-17 differential campaign (TestDifferentialQuant, seed 3109, formula 6054; written for
; sift). A ∀ over 16 bits holds a ∀ that uses none of its variables. The evaluator charged the inner one
; against the outer one's budget once per outer instance, so the 2^16 outer instances passed the cap, and
; the quant stage's true model failed validation (then qbv answered). A closed inner quantifier is now
; evaluated once, with a budget of its own.
; regress: no-fallback
; regress: decided-by quant
(set-logic BV)
(set-info :status sat)
(declare-const p Bool)
(declare-const q Bool)
(declare-const y3 (_ BitVec 3))
(declare-const y4 (_ BitVec 4))
(assert (let ((s35992 y4)) (forall ((v35993 (_ BitVec 16)))
  (ite (forall ((v35994 (_ BitVec 32)) (v35995 Bool)) q) (not p) (bvsge (_ bv44073 16) v35993)))))
(assert (let ((s35996 y3)) q))
(check-sat)
