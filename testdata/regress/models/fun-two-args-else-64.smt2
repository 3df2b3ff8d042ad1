; Issue 14, class 4: functions of two 32-bit arguments and of one 64-bit
; argument whose Z3 values are else branches over their whole domain
; (x!0, and a comparison of x!0): imported as define-fun bodies. Written for
; sift; needs the Z3 fallback (the quantifiers).
; regress: output (((f c c) #x00000006))
; regress: output (((g #x00000000000000ff) true))
(set-option :produce-models true)
(set-logic UFBV)
(set-info :status sat)
(declare-fun f ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-fun g ((_ BitVec 64)) Bool)
(declare-fun c () (_ BitVec 32))
(assert (forall ((x (_ BitVec 32)) (y (_ BitVec 32))) (bvuge (f x y) x)))
(assert (forall ((x (_ BitVec 64))) (= (g x) (bvult x #x0000000000000100))))
(assert (= (f c c) #x00000006))
(assert (g ((_ zero_extend 32) c)))
(check-sat)
(get-value ((f c c)))
(get-value ((g #x00000000000000ff)))
(get-model)
