; Written for sift (issue 14, merge queries on unseen shapes): mergegen strlen-trim, counts with no constant bound (status from z3 4.8.12).
; regress: no-fallback
; regress: decided-by quant
(set-logic ABV)
(set-info :status sat)
(declare-fun s () (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun k1 () (_ BitVec 32))
(declare-fun k2 () (_ BitVec 32))
(assert (forall ((i (_ BitVec 32))) (or (not (and (bvule #x00000001 i) (bvule i k1))) (not (= (select s (bvsub i #x00000001)) #x00)))))
(assert (= (select s k1) #x00))
(assert (bvule k2 k1))
(assert (forall ((i (_ BitVec 32))) (or (not (and (bvule #x00000001 i) (bvule i k2))) (and (bvugt (bvsub k1 (bvsub i #x00000001)) #x00000000) (or (= (select s (bvsub (bvsub k1 (bvsub i #x00000001)) #x00000001)) #x20) (bvult (bvsub (select s (bvsub (bvsub k1 (bvsub i #x00000001)) #x00000001)) #x09) #x05))))))
(assert (and (bvugt (bvsub k1 k2) #x00000000) (not (or (= (select s (bvsub (bvsub k1 k2) #x00000001)) #x20) (bvult (bvsub (select s (bvsub (bvsub k1 k2) #x00000001)) #x09) #x05)))))
(assert (bvuge k2 #x00000001))
(assert (= (select s (bvsub (bvsub k1 k2) #x00000002)) #x78))
(check-sat)
