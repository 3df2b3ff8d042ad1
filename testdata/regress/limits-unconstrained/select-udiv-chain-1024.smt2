; Issue 14, class 3: a 1024-bit bvudiv chain differs from a read of an array
; that occurs nowhere else. The read is unconstrained, so the assertion is
; (sift printed nothing within 22 s under -t 20 before unconstrained
; elimination covered array reads). Written for sift from the description.
; regress: no-fallback
(set-logic QF_ABV)
(set-info :status sat)
(declare-fun x () (_ BitVec 1024))
(declare-fun y () (_ BitVec 1024))
(declare-fun z () (_ BitVec 1024))
(declare-fun i () (_ BitVec 32))
(declare-fun a () (Array (_ BitVec 32) (_ BitVec 1024)))
(assert (not (= (bvudiv (bvudiv (bvudiv x y) z) (bvudiv y x)) (select a i))))
(check-sat)
