; Issue 14, class 4: Z3's model of f is not a finite table but a body over a
; 32-bit domain, (bvadd x!0 #x00000001). sift imports it as a define-fun body
; (a lambda value) instead of answering unknown. Written for sift; needs the
; Z3 fallback (the quantifier).
; regress: output ((c #x00000005)
; regress: output ((f #x00000010) #x00000011))
; regress: output (define-fun f ((x!0 (_ BitVec 32))) (_ BitVec 32) (bvadd #x00000001 x!0))
(set-option :produce-models true)
(set-logic UFBV)
(set-info :status sat)
(declare-fun f ((_ BitVec 32)) (_ BitVec 32))
(declare-fun c () (_ BitVec 32))
(assert (forall ((x (_ BitVec 32))) (= (f x) (bvadd x #x00000001))))
(assert (= (f c) #x00000006))
(check-sat)
(get-value (c (f #x00000010)))
(get-model)
