; Written for sift (issue 14, merge queries on unseen shapes): mergegen trimspace, a one-byte result whose first and last bytes differ (status from z3 4.8.12).
; regress: no-fallback
; regress: decided-by quant
(set-logic ALL)
(set-info :status unsat)
(declare-fun s () (Array (_ BitVec 64) (_ BitVec 8)))
(declare-fun n () (_ BitVec 64))
(declare-fun k1 () (_ BitVec 64))
(declare-fun k2 () (_ BitVec 64))
(assert (bvule k1 n))
(assert (forall ((i (_ BitVec 64))) (or (not (and (bvule #x0000000000000001 i) (bvule i k1))) (and (bvult (bvadd i #xffffffffffffffff) n) (and (bvult (select s (bvadd i #xffffffffffffffff)) #x80) (not (= (select (store (store (store (store (store (store ((as const (Array (_ BitVec 64) (_ BitVec 8))) #x00) #x0000000000000009 #x01) #x000000000000000a #x01) #x000000000000000b #x01) #x000000000000000c #x01) #x000000000000000d #x01) #x0000000000000020 #x01) ((_ zero_extend 56) (select s (bvadd i #xffffffffffffffff)))) #x00)))))))
(assert (and (bvult k1 n) (bvult (select s k1) #x80) (= (select (store (store (store (store (store (store ((as const (Array (_ BitVec 64) (_ BitVec 8))) #x00) #x0000000000000009 #x01) #x000000000000000a #x01) #x000000000000000b #x01) #x000000000000000c #x01) #x000000000000000d #x01) #x0000000000000020 #x01) ((_ zero_extend 56) (select s k1))) #x00)))
(assert (bvule k2 n))
(assert (forall ((i (_ BitVec 64))) (=> (and (bvuge i #x0000000000000001) (bvuge k2 i)) (and (bvugt (bvsub n (bvsub i #x0000000000000001)) k1) (and (bvult (select s (bvsub (bvsub n (bvsub i #x0000000000000001)) #x0000000000000001)) #x80) (not (= (select (store (store (store (store (store (store ((as const (Array (_ BitVec 64) (_ BitVec 8))) #x00) #x0000000000000009 #x01) #x000000000000000a #x01) #x000000000000000b #x01) #x000000000000000c #x01) #x000000000000000d #x01) #x0000000000000020 #x01) ((_ zero_extend 56) (select s (bvsub (bvsub n (bvsub i #x0000000000000001)) #x0000000000000001)))) #x00)))))))
(assert (and (bvugt (bvsub n k2) k1) (bvult (select s (bvsub (bvsub n k2) #x0000000000000001)) #x80) (= (select (store (store (store (store (store (store ((as const (Array (_ BitVec 64) (_ BitVec 8))) #x00) #x0000000000000009 #x01) #x000000000000000a #x01) #x000000000000000b #x01) #x000000000000000c #x01) #x000000000000000d #x01) #x0000000000000020 #x01) ((_ zero_extend 56) (select s (bvsub (bvsub n k2) #x0000000000000001)))) #x00)))
(assert (= (bvsub (bvsub n k2) k1) #x0000000000000001))
(assert (not (= (select s k1) (select s (bvsub (bvsub n k2) #x0000000000000001)))))
(check-sat)
