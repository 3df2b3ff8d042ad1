; Written for sift (issue 14, merge queries on unseen shapes): mergegen strtol, unbounded 64-bit counts, a dot as the last digit (z3 4.8.12 times out; unsat: k2 = 0 puts the dot on the sign, k2 >= 1 contradicts the instance i = k2).
; regress: no-fallback
; regress: decided-by quant
(set-logic ABV)
(set-info :status unsat)
(declare-fun s () (Array (_ BitVec 64) (_ BitVec 8)))
(declare-fun k1 () (_ BitVec 64))
(declare-fun k2 () (_ BitVec 64))
(assert (forall ((i (_ BitVec 64))) (=> (and (bvule #x0000000000000001 i) (bvule i k1)) (or (= (select s (bvadd i #xffffffffffffffff)) #x20) (bvult (bvsub (select s (bvadd i #xffffffffffffffff)) #x09) #x05)))))
(assert (not (or (= (select s k1) #x20) (bvult (bvsub (select s k1) #x09) #x05))))
(assert (= (select s k1) #x2d))
(assert (forall ((i (_ BitVec 64))) (=> (and (bvuge i #x0000000000000001) (bvuge k2 i)) (bvule (bvsub (select s (bvadd (bvadd k1 #x0000000000000001) (bvadd i #xffffffffffffffff))) #x30) #x09))))
(assert (not (bvule (bvsub (select s (bvadd (bvadd k1 #x0000000000000001) k2)) #x30) #x09)))
(assert (bvuge k2 #x0000000000000000))
(assert (= (select s (bvsub (bvadd (bvadd k1 #x0000000000000001) k2) #x0000000000000001)) #x2e))
(check-sat)
