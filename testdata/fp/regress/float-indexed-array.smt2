; Written for sift: an array indexed by a small float format whose stores
; write every one of its 15 values equals a constant array over another
; default; the word the format's second NaN pattern leaves over must not
; count.
(set-logic QF_ABVFP)
(set-info :status sat)
(declare-fun c0 () (_ BitVec 4))
(declare-fun c1 () (_ BitVec 4))
(declare-fun a () (Array (_ FloatingPoint 2 2) (_ BitVec 4)))
(assert (distinct c0 c1))
(assert (= a ((as const (Array (_ FloatingPoint 2 2) (_ BitVec 4))) c1)))
(assert (= ((as const (Array (_ FloatingPoint 2 2) (_ BitVec 4))) c0)
  (store (store (store (store (store (store (store (store (store (store (store (store (store (store (store a (fp #b0 #b00 #b0) c0) (fp #b0 #b00 #b1) c0) (fp #b0 #b01 #b0) c0) (fp #b0 #b01 #b1) c0) (fp #b0 #b10 #b0) c0) (fp #b0 #b10 #b1) c0) (fp #b0 #b11 #b0) c0) (fp #b1 #b00 #b0) c0) (fp #b1 #b00 #b1) c0) (fp #b1 #b01 #b0) c0) (fp #b1 #b01 #b1) c0) (fp #b1 #b10 #b0) c0) (fp #b1 #b10 #b1) c0) (fp #b1 #b11 #b0) c0) (_ NaN 2 2) c0)))
(check-sat)
