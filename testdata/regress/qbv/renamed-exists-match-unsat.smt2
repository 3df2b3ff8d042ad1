; ∃x.φ(x) beside ¬∃y.φ(y), φ a renaming (the shape of SV-COMP interpolant
; checks, as in semantic-fusion-seeds Primes_true-unreach-call.c_276): the
; instance y := the Skolem constants of x, found by matching the body's
; comparisons to the ground atoms (qbv/match.go), refutes it at once.
(set-info :status unsat)
(set-logic BV)
(declare-const in (_ BitVec 32))
(declare-const res (_ BitVec 32))
(assert (exists ((m (_ BitVec 32)) (v (_ BitVec 32)))
  (and (bvule in m) (bvule m v) (bvult v #x00100000)
       (bvule (bvadd (bvmul #x00000002 m) (bvmul #x00000002 v) #x00000001) res))))
(assert (not (exists ((m2 (_ BitVec 32)) (v2 (_ BitVec 32)))
  (and (bvule in m2) (bvule m2 v2) (bvult v2 #x00100000)
       (bvule (bvadd (bvmul #x00000002 m2) (bvmul #x00000002 v2) #x00000001) res)))))
(check-sat)
