; fpdiff seed 7 formula 659: sift sat (model confirmed), z3 sat (model confirmed), cvc5 unsat; settled "sat" by the reference
(set-logic QF_BVFP)
(set-info :status sat)
(declare-fun x2 () (_ FloatingPoint 2 3))
(assert (fp.isZero (fp.sub RTN (fp #b0 #b00 #b01) x2)))
(check-sat)
