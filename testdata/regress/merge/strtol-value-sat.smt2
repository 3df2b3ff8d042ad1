; Written for sift (issue 14, merge queries on unseen shapes): mergegen strtol, a clean parse of a given value (status from z3 4.8.12, which needs seconds).
; regress: no-fallback
; regress: decided-by quant
(set-logic ABV)
(set-info :status sat)
(declare-fun s () (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun k1 () (_ BitVec 64))
(declare-fun k2 () (_ BitVec 64))
(assert (bvule k1 #x0000000000000008))
(assert (forall ((i (_ BitVec 64))) (=> (and (bvule #x0000000000000001 i) (bvule i k1)) (or (= (select s ((_ extract 31 0) (bvsub i #x0000000000000001))) #x20) (bvult (bvsub (select s ((_ extract 31 0) (bvsub i #x0000000000000001))) #x09) #x05)))))
(assert (not (or (= (select s ((_ extract 31 0) k1)) #x20) (bvult (bvsub (select s ((_ extract 31 0) k1)) #x09) #x05))))
(assert (= (select s ((_ extract 31 0) k1)) #x2b))
(assert (bvule k2 #x0000000000000006))
(assert (forall ((i (_ BitVec 64))) (=> (and (bvuge i #x0000000000000001) (bvuge k2 i)) (bvule (bvsub (select s ((_ extract 31 0) (bvadd (bvadd k1 #x0000000000000001) (bvadd i #xffffffffffffffff)))) #x30) #x09))))
(assert (not (bvule (bvsub (select s ((_ extract 31 0) (bvadd (bvadd k1 #x0000000000000001) k2))) #x30) #x09)))
(assert (= (select s ((_ extract 31 0) (bvadd (bvadd k1 #x0000000000000001) k2))) #x00))
(assert (let ((v1 (bvadd (bvmul #x0000000000000000 #x000000000000000a) (bvsub ((_ zero_extend 56) (select s ((_ extract 31 0) (bvadd (bvadd k1 #x0000000000000001) #x0000000000000000)))) #x0000000000000030)))) (let ((v2 (bvadd (bvmul v1 #x000000000000000a) (bvsub ((_ zero_extend 56) (select s ((_ extract 31 0) (bvadd (bvadd k1 #x0000000000000001) #x0000000000000001)))) #x0000000000000030)))) (let ((v3 (bvadd (bvmul v2 #x000000000000000a) (bvsub ((_ zero_extend 56) (select s ((_ extract 31 0) (bvadd (bvadd k1 #x0000000000000001) #x0000000000000002)))) #x0000000000000030)))) (let ((v4 (bvadd (bvmul v3 #x000000000000000a) (bvsub ((_ zero_extend 56) (select s ((_ extract 31 0) (bvadd (bvadd k1 #x0000000000000001) #x0000000000000003)))) #x0000000000000030)))) (let ((v5 (bvadd (bvmul v4 #x000000000000000a) (bvsub ((_ zero_extend 56) (select s ((_ extract 31 0) (bvadd (bvadd k1 #x0000000000000001) #x0000000000000004)))) #x0000000000000030)))) (let ((v6 (bvadd (bvmul v5 #x000000000000000a) (bvsub ((_ zero_extend 56) (select s ((_ extract 31 0) (bvadd (bvadd k1 #x0000000000000001) #x0000000000000005)))) #x0000000000000030)))) (= (ite (= k2 #x0000000000000000) #x0000000000000000 (ite (= k2 #x0000000000000001) v1 (ite (= k2 #x0000000000000002) v2 (ite (= k2 #x0000000000000003) v3 (ite (= k2 #x0000000000000004) v4 (ite (= k2 #x0000000000000005) v5 v6)))))) #x00000000000d20e8))))))))
(check-sat)
