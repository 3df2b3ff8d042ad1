; ∀x,y.(y <u k ∨ x <u y ∨ r <u k + 12·x + 4·y + 1) holds only where r is
; below every value of 12·x + 4·y + k + 1, the values agreeing with k + 1
; in their low two bits: r <u (k + 1) & 3. Instances at counterexample
; values cut off a few values of r and k each (88 rounds); the disjunct
; r <u … alone has that closed form (private.go, both variables at once),
; and a ground model under it makes the ∀ true (strengthen.go): 4 rounds.
; The shape of the loop invariants of SV-COMP's Primes in BV, unsigned.
; regress: no-fallback
; regress: decided-by qbv
(set-info :status sat)
(set-logic BV)
(declare-const k (_ BitVec 32))
(declare-const m (_ BitVec 32))
(declare-const r (_ BitVec 32))
(assert (bvult k m))
(assert (exists ((p (_ BitVec 32)))
  (and (bvule m p) (bvule (bvadd m (bvmul #x00000004 p) #x00000003) r))))
(assert (forall ((x (_ BitVec 32)) (y (_ BitVec 32)))
  (or (bvult y k) (bvult x y) (bvult r (bvadd k (bvmul #x0000000c x) (bvmul #x00000004 y) #x00000001)))))
(check-sat)
