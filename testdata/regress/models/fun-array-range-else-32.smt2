; Issue 14, class 4: Z3's model of an array-valued function over a 32-bit
; domain is no finite table: its else branch stores at the parameter,
; (store a x!0 #x01). sift imports the body as a define-fun (a lambda value
; over arrays), validates the model and prints values through it. Written
; for sift; needs the Z3 fallback (the quantifier).
; regress: output (((select (mem #x00000010) #x00000010) #x01))
(set-option :produce-models true)
(set-logic AUFBV)
(set-info :status sat)
(declare-fun mem ((_ BitVec 32)) (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun a () (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun c () (_ BitVec 32))
(assert (forall ((x (_ BitVec 32))) (= (mem x) (store a x #x01))))
(assert (= (select (mem c) #x00000003) #x05))
(check-sat)
(get-value ((select (mem #x00000010) #x00000010)))
(get-model)
