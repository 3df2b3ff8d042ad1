; regress: no-fallback
; regress: decided-by qbv
; Alternations over 32-bit linear terms in the style of Scholl's random
; problems, where each inner variable is private to one comparison whose side
; c·v + t has an odd c: that side takes every value, so ∃z.(27z + t ≠ k) is
; true, ∀w.(w + t = x) is false and ∀u.(3u + t ≤s x) is x = 0x7fffffff
; (qbv/private.go). z3 4.8.12 times out on this one.
(set-info :status sat)
(set-logic BV)
(declare-const x (_ BitVec 32))
(assert (forall ((y (_ BitVec 32))) (exists ((z (_ BitVec 32)))
  (and (or (distinct (bvadd (bvmul #x0000001b z) (bvmul #xffffffaa y) x) #x00000045)
           (forall ((w (_ BitVec 32))) (= (bvadd w (bvmul #x0000003c y)) x)))
       (or (forall ((u (_ BitVec 32))) (bvsle (bvadd (bvmul #x00000003 u) (bvmul #x00000011 y)) x))
           (bvsgt (bvadd (bvmul #x00000007 z) y) #x00000010)
           (bvslt (bvmul #x00000002 y) x))))))
(assert (bvsgt x #x00000100))
(check-sat)
