; Written for sift: fp.min and fp.max of zeros of opposite sign are left
; open by the theory (either zero), one choice per order of the arguments,
; so fp.min(+0,-0) may be +0 while fp.min(-0,+0) is -0. A solver that fixes
; one answer (z3 4.8.12 does) finds this unsat.
(set-logic QF_FP)
(set-info :status sat)
(declare-fun x () (_ FloatingPoint 3 4))
(declare-fun y () (_ FloatingPoint 3 4))
(assert (fp.isZero x))
(assert (fp.isZero y))
(assert (not (= x y)))
(assert (= (fp.min x y) x))
(assert (= (fp.min y x) x))
(assert (fp.isPositive (fp.max x y)))
(check-sat)
