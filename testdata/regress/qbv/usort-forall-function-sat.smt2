; regress: no-fallback
; regress: decided-by qbv
; A ∀ over an uninterpreted sort through a function into bit-vectors, two
; distinct constants, and an ∃ under the ∀ (a Skolem function: no bound on
; the domain for unsat, but a model in a finite domain is a model). The
; model check proves the ∀ in the domain {0, …, top} of the model.
(set-info :status sat)
(set-option :produce-models true)
(set-logic UFBV)
(declare-sort U 0)
(declare-const a U)
(declare-const b U)
(declare-fun g (U) (_ BitVec 8))
(assert (distinct a b))
(assert (= (g a) #x03))
(assert (forall ((x U)) (bvult (g x) #x10)))
(assert (forall ((x U)) (exists ((y U)) (and (distinct x y) (bvugt (g y) (bvsub (g x) #x01))))))
(check-sat)
