; A ∀ whose instances are sums the ground problem cancels: with
; z = 2y - 4x + 2^20 asserted, the instance a, b, c := 0 of the ∀ is
; 2y - 4x + 2^20 ≠ 2y - 4x + 2^20 once its sums are in linear normal form
; (qbv/groundform.go); as built, the SAT solver had to prove an identity of
; adders (the shape of SV-COMP jain_7 interpolant checks).
; regress: no-fallback
; regress: decided-by qbv
(set-info :status unsat)
(set-logic BV)
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const z (_ BitVec 32))
(assert (forall ((a (_ BitVec 32)) (b (_ BitVec 32)) (c (_ BitVec 32)))
  (distinct (bvadd (bvmul #x00000002 y) (bvmul #xffc00000 a) (bvmul #xfffffffc x) (bvmul #x00400000 b) #x00100000)
            (bvadd z (bvmul #x00400000 c)))))
(assert (not (and (forall ((a (_ BitVec 32)) (b (_ BitVec 32)) (c (_ BitVec 32)))
  (distinct (bvadd (bvmul #x00000002 y) (bvmul #xffc00000 a) (bvmul #xfffffffc x) (bvmul #x00400000 b) #x00100000)
            (bvadd z (bvmul #x00400000 c))))
  (distinct (bvadd z (bvmul #xfffffffe y) (bvmul #x00000004 x) #xfff00000) #x00000000))))
(check-sat)
