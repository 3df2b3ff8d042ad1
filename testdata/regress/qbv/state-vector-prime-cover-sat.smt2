; regress: no-fallback
; regress: decided-by qbv
; The query yosys-smtbmc asks for a cover of an exists-forall design (write_smt2
; -stbv, the state a 50-bit vector of fields): a 32-bit p chosen once (anyconst)
; with no divisor among the 16-bit f (allconst), and p > 10^6. The ∀ ranges over
; whole states s'; its premises fix every field of s' but f to those of s, so
; splitting s' at its extracts and resolving the field equations leaves ∀f, whose
; counterexample checks (a factor of p) are enumerated.
(set-info :status sat)
(set-option :produce-models true)
(set-logic BV)
(define-sort S () (_ BitVec 50))
(define-fun init ((s S)) Bool (= ((_ extract 0 0) s) #b1))
(define-fun clk ((s S)) Bool (= ((_ extract 1 1) s) #b1))
(define-fun f ((s S)) (_ BitVec 16) ((_ extract 17 2) s))
(define-fun p ((s S)) (_ BitVec 32) ((_ extract 49 18) s))
(define-fun assumptions ((s S)) Bool
  (and (=> (and (bvugt (f s) #x0001) (bvult ((_ zero_extend 16) (f s)) (p s)))
           (distinct (bvurem (p s) ((_ zero_extend 16) (f s))) #x00000000))
       (bvugt (p s) #x000f4240)))
(declare-fun s0 () S)
(assert (init s0))
(assert (assumptions s0))
(assert (forall ((s1 S))
  (=> (and (init s1) (= (p s0) (p s1)) (= (clk s0) (clk s1))) (assumptions s1))))
(check-sat)
