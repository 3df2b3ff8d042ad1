; Found by the issue-17 differential campaign (TestDifferentialQuant, seed 3104, formula 18397; written for
; sift). An ∃ binds three variables, of which its body uses one (32 bits). The quant stage answered sat, but
; its exact model check took only one-variable quantifiers, so the true model failed validation (then qbv
; answered). The check now drops binders the body does not mention.
; regress: no-fallback
; regress: decided-by quant
(set-logic BV)
(set-info :status sat)
(declare-const p Bool)
(declare-const x32 (_ BitVec 32))
(assert (let ((s110067 (concat (_ bv0 1) (bvand ((_ extract 4 0) x32) (_ bv7 5)))))
  (exists ((v110068 (_ BitVec 6)) (v110069 (_ BitVec 32)) (v110070 Bool)) (bvule (bvsrem v110069 v110069) v110069))))
(assert (forall ((v110071 (_ BitVec 16))) (not p)))
(check-sat)
