; Found by the issue-17 differential campaign (TestDifferentialQuant, seed 3001, formula 9992; written for
; sift). A 32-bit ∀ stands under xor. The quant stage answered sat, but its exact model check knew only
; and, or, not and =>, so the true model failed validation (then qbv answered). The check now reaches
; quantifiers under xor, Boolean = and distinct, and Boolean ite, and checks ∃ as the negated ∀.
; regress: no-fallback
; regress: decided-by quant
(set-logic BV)
(set-info :status sat)
(declare-const x2 (_ BitVec 2))
(declare-const y4 (_ BitVec 4))
(declare-const x16 (_ BitVec 16))
(declare-const y16 (_ BitVec 16))
(declare-const x32 (_ BitVec 32))
(declare-const y32 (_ BitVec 32))
(assert (let ((s59758 (concat (let ((s59759 x2)) x16) ((_ repeat 4) y4))))
  (let ((s59760 (bvxnor (_ bv26 6) ((_ repeat 3) (_ bv3 2)))))
    (xor (bvnego (bvneg x32)) (forall ((v59761 (_ BitVec 32))) (bvule y32 v59761))))))
(assert (let ((s59762 ((_ repeat 2) (_ bv1 2)))) (forall ((v59763 (_ BitVec 32))) (bvslt y16 x16))))
(check-sat)
