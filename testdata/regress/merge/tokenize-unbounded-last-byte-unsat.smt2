; Written for sift (issue 14, merge queries on unseen shapes): mergegen tokenize, unbounded 64-bit counts, the token's last byte a separator (status from z3 4.8.12).
; regress: no-fallback
; regress: decided-by quant
(set-logic ABV)
(set-info :status unsat)
(declare-fun s () (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun n () (_ BitVec 64))
(declare-fun k1 () (_ BitVec 64))
(declare-fun k2 () (_ BitVec 64))
(assert (bvule k1 n))
(assert (forall ((i (_ BitVec 64))) (or (not (and (bvule #x0000000000000001 i) (bvule i k1))) (and (bvult (bvsub i #x0000000000000001) n) (= (select s ((_ extract 31 0) (bvsub i #x0000000000000001))) #x2c)))))
(assert (and (bvult k1 n) (not (= (select s ((_ extract 31 0) k1)) #x2c))))
(assert (bvule k2 n))
(assert (forall ((i (_ BitVec 64))) (=> (and (bvuge i #x0000000000000001) (bvuge k2 i)) (and (bvult (bvadd k1 (bvsub i #x0000000000000001)) n) (not (= (select s ((_ extract 31 0) (bvadd k1 (bvsub i #x0000000000000001)))) #x2c))))))
(assert (and (bvult (bvadd k1 k2) n) (= (select s ((_ extract 31 0) (bvadd k1 k2))) #x2c)))
(assert (bvuge k2 #x0000000000000001))
(assert (= (select s ((_ extract 31 0) (bvsub (bvadd k1 k2) #x0000000000000001))) #x2c))
(check-sat)
