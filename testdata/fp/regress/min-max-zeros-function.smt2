; Written for sift: the open results are still functions: the same
; arguments give the same zero.
(set-logic QF_FP)
(set-info :status unsat)
(declare-fun x () (_ FloatingPoint 2 3))
(declare-fun y () (_ FloatingPoint 2 3))
(assert (= x (_ +zero 2 3)))
(assert (= y (_ -zero 2 3)))
(assert (not (= (fp.max x y) (fp.max (fp.abs x) (fp.neg (fp.abs y))))))
(check-sat)
