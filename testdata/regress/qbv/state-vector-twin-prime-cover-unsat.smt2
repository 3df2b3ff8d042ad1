; regress: no-fallback
; regress: decided-by qbv
; The shape of yosys-smtbmc's cover query for SymbiYosys's "primes" puzzle with
; offset 7 (docs/examples/puzzles/primegen.sv, write_smt2 -stbv): a 9-bit p
; chosen once (anyconst) and p + 7 must both have no divisor among the 5-bit f
; (allconst). One of p and p + 7 is even, so f = 2 divides it: unreachable. The
; ∀ ranges over whole 15-bit states; z3 4.8.12 takes 12 s on the conversation.
(set-info :status unsat)
(set-option :produce-models true)
(set-logic BV)
(define-sort S () (_ BitVec 15))
(define-fun init ((s S)) Bool (= ((_ extract 0 0) s) #b1))
(define-fun f ((s S)) (_ BitVec 5) ((_ extract 5 1) s))
(define-fun p ((s S)) (_ BitVec 9) ((_ extract 14 6) s))
(define-fun p2 ((s S)) (_ BitVec 10) (bvadd ((_ zero_extend 1) (p s)) #b0000000111))
(define-fun nodiv ((n (_ BitVec 10)) (d (_ BitVec 5))) Bool
  (=> (and (bvult #b00001 d) (bvult ((_ zero_extend 5) d) n))
      (distinct (bvurem ((_ zero_extend 22) n) ((_ zero_extend 27) d)) #x00000000)))
(define-fun assumptions ((s S)) Bool
  (and (nodiv ((_ zero_extend 1) (p s)) (f s)) (nodiv (p2 s) (f s)) (bvult #b000000001 (p s))))
(declare-fun s0 () S)
(assert (init s0))
(assert (assumptions s0))
(assert (forall ((s1 S)) (=> (and (init s1) (= (p s0) (p s1))) (assumptions s1))))
(check-sat)
