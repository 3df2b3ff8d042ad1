; strengthened-forall-unsigned-sat with r ≥ 4 and k ≤ 1000: the ∀'s
; strengthening r <u (k + 1) & 3 is a guess the ground problem refutes
; (strengthen.go drops it); the ∀ is false, and the loop refutes it by
; instances as without the guess.
; regress: no-fallback
; regress: decided-by qbv
(set-info :status unsat)
(set-logic BV)
(declare-const k (_ BitVec 32))
(declare-const m (_ BitVec 32))
(declare-const r (_ BitVec 32))
(assert (bvult k m))
(assert (exists ((p (_ BitVec 32)))
  (and (bvule m p) (bvule (bvadd m (bvmul #x00000004 p) #x00000003) r))))
(assert (forall ((x (_ BitVec 32)) (y (_ BitVec 32)))
  (or (bvult y k) (bvult x y) (bvult r (bvadd k (bvmul #x0000000c x) (bvmul #x00000004 y) #x00000001)))))
(assert (bvule k #x000003e8))
(assert (bvuge r #x00000004))
(check-sat)
