; Written for sift (issue 14, merge queries on unseen shapes): mergegen strtol, value out of reach (status from z3 4.8.12).
; regress: no-fallback
; regress: decided-by quant
(set-logic ABV)
(set-info :status unsat)
(declare-fun s () (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun k1 () (_ BitVec 32))
(declare-fun k2 () (_ BitVec 32))
(assert (bvule k1 #x00000004))
(assert (forall ((i (_ BitVec 32))) (=> (and (bvuge i #x00000001) (bvuge k1 i)) (or (= (select s (bvadd i #xffffffff)) #x20) (bvult (bvsub (select s (bvadd i #xffffffff)) #x09) #x05)))))
(assert (not (or (= (select s k1) #x20) (bvult (bvsub (select s k1) #x09) #x05))))
(assert (and (not (= (select s k1) #x2d)) (not (= (select s k1) #x2b))))
(assert (bvule k2 #x00000006))
(assert (forall ((i (_ BitVec 32))) (=> (and (bvule #x00000001 i) (bvule i k2)) (bvule (bvsub (select s (bvadd k1 (bvadd i #xffffffff))) #x30) #x09))))
(assert (not (bvule (bvsub (select s (bvadd k1 k2)) #x30) #x09)))
(assert (= (select s (bvadd k1 k2)) #x00))
(assert (let ((v1 (bvadd (bvmul #x00000000 #x0000000a) (bvsub ((_ zero_extend 24) (select s (bvadd k1 #x00000000))) #x00000030)))) (let ((v2 (bvadd (bvmul v1 #x0000000a) (bvsub ((_ zero_extend 24) (select s (bvadd k1 #x00000001))) #x00000030)))) (let ((v3 (bvadd (bvmul v2 #x0000000a) (bvsub ((_ zero_extend 24) (select s (bvadd k1 #x00000002))) #x00000030)))) (let ((v4 (bvadd (bvmul v3 #x0000000a) (bvsub ((_ zero_extend 24) (select s (bvadd k1 #x00000003))) #x00000030)))) (let ((v5 (bvadd (bvmul v4 #x0000000a) (bvsub ((_ zero_extend 24) (select s (bvadd k1 #x00000004))) #x00000030)))) (let ((v6 (bvadd (bvmul v5 #x0000000a) (bvsub ((_ zero_extend 24) (select s (bvadd k1 #x00000005))) #x00000030)))) (= (ite (= k2 #x00000000) #x00000000 (ite (= k2 #x00000001) v1 (ite (= k2 #x00000002) v2 (ite (= k2 #x00000003) v3 (ite (= k2 #x00000004) v4 (ite (= k2 #x00000005) v5 v6)))))) #x007222f4))))))))
(check-sat)
