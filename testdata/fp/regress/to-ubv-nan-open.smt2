; Written for sift: fp.to_ubv of NaN, infinities and values out of range is
; unspecified: any result, but one per rounding mode and argument.
(set-logic QF_BVFP)
(set-info :status sat)
(declare-fun r () RoundingMode)
(assert (= ((_ fp.to_ubv 8) r (_ NaN 5 11)) #x2a))
(assert (= ((_ fp.to_sbv 8) RTZ (fp.neg (_ +oo 5 11))) #x07))
(assert (= ((_ fp.to_ubv 4) RNE (fp #b1 #b01111 #b0000000000)) #x9))
(check-sat)
