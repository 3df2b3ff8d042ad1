; Written for sift: in range the conversions are specified: -0.75 rounds
; toward zero to 0 (an unsigned 0), and to nearest to -1 (out of range for
; fp.to_ubv, in range for fp.to_sbv).
(set-logic QF_BVFP)
(set-info :status unsat)
(declare-fun x () (_ FloatingPoint 5 11))
(assert (= x (fp #b1 #b01110 #b1000000000)))
(assert (or (not (= ((_ fp.to_ubv 4) RTZ x) #x0)) (not (= ((_ fp.to_sbv 4) RNE x) #xf))))
(check-sat)
