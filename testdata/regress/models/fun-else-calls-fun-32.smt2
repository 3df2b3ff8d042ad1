; Issue 14, class 4: Z3's model of f over a 32-bit domain is a body that
; calls another function of the model, (bvmul x!0 (h x!0)); sift inlines h
; into the define-fun body of f rather than answering unknown. Written for
; sift; needs the Z3 fallback (the quantifiers).
; regress: output (((f c) #x00000006))
(set-option :produce-models true)
(set-logic UFBV)
(set-info :status sat)
(declare-fun f ((_ BitVec 32)) (_ BitVec 32))
(declare-fun h ((_ BitVec 32)) (_ BitVec 32))
(declare-fun c () (_ BitVec 32))
(assert (forall ((x (_ BitVec 32))) (= (f x) (bvmul x (h x)))))
(assert (forall ((x (_ BitVec 32))) (bvult (h x) #x00000004)))
(assert (= (f c) #x00000006))
(assert (distinct (h c) (h (bvadd c #x00000001))))
(check-sat)
(get-value ((f c)))
(get-model)
