; A read of a store into an array that occurs once, of a value that occurs
; once, equals a 2048-bit product chain: the store can be any array, so the
; read and the equality are unconstrained. Written for sift.
; regress: no-fallback
(set-logic QF_ABV)
(set-info :status sat)
(declare-fun x () (_ BitVec 2048))
(declare-fun y () (_ BitVec 2048))
(declare-fun z () (_ BitVec 2048))
(declare-fun i () (_ BitVec 64))
(declare-fun k () (_ BitVec 64))
(declare-fun a () (Array (_ BitVec 64) (_ BitVec 2048)))
(assert (= (select (store a i z) k) (bvmul (bvmul x y) (bvudiv x y))))
(assert (bvult x y))
(assert (bvult k i))
(check-sat)
