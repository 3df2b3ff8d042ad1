; Found by the issue-17 differential campaign (TestDifferentialQuant, seed 101, formula 363; written for
; sift). The quantifiers bind 32-bit and Boolean variables their bodies do not mention. The quant stage
; answered sat, but the evaluator enumerated the 2^32 unused values, stopped at its cap, and the model
; failed validation (then qbv answered). A binder the body does not mention takes one instance.
; regress: no-fallback
; regress: decided-by quant
(set-logic BV)
(set-info :status sat)
(declare-const p Bool)
(declare-const y4 (_ BitVec 4))
(declare-const y16 (_ BitVec 16))
(declare-const x32 (_ BitVec 32))
(assert (let ((s2214 (let ((s2215 (bvnor y4 (_ bv6 4)))) (_ bv0 1))))
  (let ((s2216 (bvxor (bvsrem (_ bv1653 16) y16) ((_ extract 15 0) (_ bv4406 16)))))
    (not (or (exists ((v2217 (_ BitVec 32)) (v2218 Bool)) p) p)))))
(assert (forall ((v2219 (_ BitVec 32))) (= (bvneg x32) x32)))
(check-sat)
