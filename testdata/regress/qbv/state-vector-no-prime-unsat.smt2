; regress: no-fallback
; regress: decided-by qbv
; As state-vector-prime-cover-sat.smt2, with 10^6 < p < 1000003: 1000001 is
; 101 · 9901 and 1000002 is even, so no p has no 16-bit divisor. The instances
; at the least counterexamples (f = 2, f = 101) refute the ground problem.
(set-info :status unsat)
(set-logic BV)
(define-sort S () (_ BitVec 50))
(define-fun init ((s S)) Bool (= ((_ extract 0 0) s) #b1))
(define-fun clk ((s S)) Bool (= ((_ extract 1 1) s) #b1))
(define-fun f ((s S)) (_ BitVec 16) ((_ extract 17 2) s))
(define-fun p ((s S)) (_ BitVec 32) ((_ extract 49 18) s))
(define-fun assumptions ((s S)) Bool
  (and (=> (and (bvugt (f s) #x0001) (bvult ((_ zero_extend 16) (f s)) (p s)))
           (distinct (bvurem (p s) ((_ zero_extend 16) (f s))) #x00000000))
       (bvugt (p s) #x000f4240)
       (bvult (p s) #x000f4243)))
(declare-fun s0 () S)
(assert (init s0))
(assert (assumptions s0))
(assert (forall ((s1 S))
  (=> (and (init s1) (= (p s0) (p s1)) (= (clk s0) (clk s1))) (assumptions s1))))
(check-sat)
