; Written for sift (issue 14, merge queries on unseen shapes): mergegen strtol, unbounded 32-bit counts; the instance i = k2 reads s[k1 + (k2 - 1)] where the query reads s[(k1 + k2) - 1] (status from z3 4.8.12).
; regress: no-fallback
; regress: decided-by quant
(set-logic ABV)
(set-info :status unsat)
(declare-fun s () (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun k1 () (_ BitVec 32))
(declare-fun k2 () (_ BitVec 32))
(assert (forall ((i (_ BitVec 32))) (or (not (and (bvule #x00000001 i) (bvule i k1))) (or (= (select s (bvadd i #xffffffff)) #x20) (bvult (bvsub (select s (bvadd i #xffffffff)) #x09) #x05)))))
(assert (not (or (= (select s k1) #x20) (bvult (bvsub (select s k1) #x09) #x05))))
(assert (and (not (= (select s k1) #x2d)) (not (= (select s k1) #x2b))))
(assert (forall ((i (_ BitVec 32))) (=> (and (bvuge i #x00000001) (bvuge k2 i)) (bvule (bvsub (select s (bvadd k1 (bvsub i #x00000001))) #x30) #x09))))
(assert (not (bvule (bvsub (select s (bvadd k1 k2)) #x30) #x09)))
(assert (bvuge k2 #x00000001))
(assert (= (select s (bvsub (bvadd k1 k2) #x00000001)) #x2e))
(check-sat)
