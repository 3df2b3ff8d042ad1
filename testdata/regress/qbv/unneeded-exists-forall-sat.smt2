; regress: no-fallback
; regress: decided-by qbv
; A disjunction of a hard ∃∀ over 32-bit linear terms (even coefficients, so no
; equation solves for a variable; proving it false enumerates values) and an ∃
; that holds for every x. A ground model that makes the second disjunct true
; does not need the first's truth: that atom is left unproved, so the answer
; does not wait for the nested counterexample search.
(set-info :status sat)
(set-logic BV)
(declare-const x (_ BitVec 32))
(assert (bvugt x #x00001000))
(assert (or
  (exists ((y (_ BitVec 32))) (forall ((z (_ BitVec 32)) (w (_ BitVec 32)))
    (or (bvslt (bvmul #x00000045 z) #x00000004)
        (distinct (bvadd (bvmul #xffffffe4 w) (bvmul #x00000006 z) (bvmul #x00000006 y)) #xffffffdc)
        (bvslt (bvadd (bvmul #x00000030 w) (bvmul #x00000031 z) (bvmul #xfffffff5 y)) #x00000000))))
  (and (bvult x #x00000010)
       (forall ((v (_ BitVec 32))) (bvsle (bvadd (bvmul #xfffffff9 v) x) #x0000002d)))
  (exists ((u (_ BitVec 32)) (t (_ BitVec 32))) (distinct (bvadd u (bvmul #x00000011 t)) x))))
(check-sat)
