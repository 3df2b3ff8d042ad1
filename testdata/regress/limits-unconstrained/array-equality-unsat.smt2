; Unconstrained elimination must not change an unsat answer: the read of the
; array that occurs once is unconstrained, but the rest is contradictory.
; Written for sift.
; regress: no-fallback
(set-logic QF_ABV)
(set-info :status unsat)
(declare-fun a () (Array (_ BitVec 32) (_ BitVec 32)))
(declare-fun x () (_ BitVec 32))
(declare-fun y () (_ BitVec 32))
(assert (= (select a x) (bvadd y #x00000001)))
(assert (bvult y x))
(assert (bvult x y))
(check-sat)
