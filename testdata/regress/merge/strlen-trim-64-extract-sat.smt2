; Written for sift (issue 14, merge queries on unseen shapes): mergegen strlen-trim, 64-bit counts over a 32-bit buffer; full expansion of this shape took seconds (status from z3 4.8.12).
; regress: no-fallback
; regress: decided-by quant
(set-logic ABV)
(set-info :status sat)
(declare-fun s () (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun k1 () (_ BitVec 64))
(declare-fun k2 () (_ BitVec 64))
(assert (bvule k1 #x000000000000005b))
(assert (forall ((i (_ BitVec 64))) (or (not (and (bvule #x0000000000000001 i) (bvule i k1))) (not (= (select s ((_ extract 31 0) (bvsub i #x0000000000000001))) #x00)))))
(assert (= (select s ((_ extract 31 0) k1)) #x00))
(assert (bvule k2 #x0000000000000042))
(assert (not (= k2 #x0000000000000021)))
(assert (forall ((i (_ BitVec 64))) (=> (and (bvuge i #x0000000000000001) (bvuge k2 i)) (and (bvugt (bvsub k1 (bvsub i #x0000000000000001)) #x0000000000000000) (or (= (select s ((_ extract 31 0) (bvsub (bvsub k1 (bvsub i #x0000000000000001)) #x0000000000000001))) #x20) (bvult (bvsub (select s ((_ extract 31 0) (bvsub (bvsub k1 (bvsub i #x0000000000000001)) #x0000000000000001))) #x09) #x05))))))
(assert (and (bvugt (bvsub k1 k2) #x0000000000000000) (not (or (= (select s ((_ extract 31 0) (bvsub (bvsub k1 k2) #x0000000000000001))) #x20) (bvult (bvsub (select s ((_ extract 31 0) (bvsub (bvsub k1 k2) #x0000000000000001))) #x09) #x05)))))
(assert (bvuge k2 #x0000000000000001))
(assert (= (select s ((_ extract 31 0) (bvsub (bvsub k1 k2) #x0000000000000002))) #x78))
(check-sat)
