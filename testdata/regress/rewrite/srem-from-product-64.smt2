; A signed remainder written out as x - (x sdiv k)·k and divided by k again, at 64 bits:
; the quotient of a remainder by its own divisor is 0. Written for sift in the shape of
; STP's srem-from-sdiv-product test (which sift timed out on at 24 bits, Bitwuzla 5.4 s):
; bit-blasted, it is three 64-bit signed dividers. The div-rem pass folds the product back
; into bvsrem and the quotient to 0, so preprocessing decides it.
; regress: no-fallback
; regress: decided-by preprocess
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun x () (_ BitVec 64))
(assert (let ((y (bvadd x (bvmul #xffffffffffffff9b (bvsdiv x #x0000000000000065)))))
  (not (= #x0000000000000000 (bvsdiv y #x0000000000000065)))))
(check-sat)
