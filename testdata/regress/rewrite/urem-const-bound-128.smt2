; A remainder by a constant is below the constant: (bvurem x 1000) can be neither 5000 nor
; above 999, at 128 bits. Written for sift (the shape of STP's unconstrained-ground-path2
; test, which sift refuted by bit-blasting a 128-bit divider: 0.12 s, Bitwuzla 2 ms); the
; urem-const-bound rule decides it in preprocessing.
; regress: no-fallback
; regress: decided-by preprocess
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun x () (_ BitVec 128))
(declare-fun y () (_ BitVec 128))
(assert (or (= (bvurem x (_ bv1000 128)) (_ bv5000 128))
            (bvugt (bvurem y (_ bv1000 128)) (_ bv999 128))))
(check-sat)
