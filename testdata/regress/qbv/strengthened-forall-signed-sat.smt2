; The signed form of strengthened-forall-unsigned-sat, one variable:
; ∀x.(x <s k ∨ r <s 4·x + k + 3) holds where r is below the least signed
; value agreeing with k + 3 in its low two bits (INT_MIN with those bits),
; and the ∃ needs 4·p + m ≤s r with k <s m ≤s p, so r sits just above
; INT_MIN. By instances at counterexample values: 79 rounds; under the
; strengthening (strengthen.go): 4.
; regress: no-fallback
; regress: decided-by qbv
(set-info :status sat)
(set-logic BV)
(declare-const k (_ BitVec 32))
(declare-const m (_ BitVec 32))
(declare-const r (_ BitVec 32))
(assert (bvslt k m))
(assert (exists ((p (_ BitVec 32))) (and (bvsle m p) (bvsle (bvadd (bvmul #x00000004 p) m) r))))
(assert (forall ((x (_ BitVec 32))) (or (bvslt x k) (bvslt r (bvadd (bvmul #x00000004 x) k #x00000003)))))
(check-sat)
