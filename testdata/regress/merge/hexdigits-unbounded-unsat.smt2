; Written for sift (issue 14, merge queries on unseen shapes): mergegen hexdigits, unbounded 64-bit count over a 32-bit buffer (extract), a terminator among the digits (z3 4.8.12 times out at 20 s; unsat: k = 1 puts the 0 on the 'x', k >= 2 contradicts the instance i = k-1).
; regress: no-fallback
; regress: decided-by quant
(set-logic ABV)
(set-info :status unsat)
(declare-fun s () (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun k () (_ BitVec 64))
(assert (= (select s ((_ extract 31 0) #x0000000000000000)) #x30))
(assert (or (= (select s ((_ extract 31 0) #x0000000000000001)) #x78) (= (select s ((_ extract 31 0) #x0000000000000001)) #x58)))
(assert (forall ((i (_ BitVec 64))) (=> (and (bvuge i #x0000000000000001) (bvuge k i)) (or (and (bvuge (select s ((_ extract 31 0) (bvadd #x0000000000000002 (bvadd i #xffffffffffffffff)))) #x30) (bvule (select s ((_ extract 31 0) (bvadd #x0000000000000002 (bvadd i #xffffffffffffffff)))) #x39)) (and (not (and (bvuge (select s ((_ extract 31 0) (bvadd #x0000000000000002 (bvadd i #xffffffffffffffff)))) #x30) (bvule (select s ((_ extract 31 0) (bvadd #x0000000000000002 (bvadd i #xffffffffffffffff)))) #x39))) (bvuge (select s ((_ extract 31 0) (bvadd #x0000000000000002 (bvadd i #xffffffffffffffff)))) #x61) (bvule (select s ((_ extract 31 0) (bvadd #x0000000000000002 (bvadd i #xffffffffffffffff)))) #x66)) (and (bvuge (select s ((_ extract 31 0) (bvadd #x0000000000000002 (bvadd i #xffffffffffffffff)))) #x41) (bvule (select s ((_ extract 31 0) (bvadd #x0000000000000002 (bvadd i #xffffffffffffffff)))) #x46))))))
(assert (not (or (and (bvuge (select s ((_ extract 31 0) (bvadd #x0000000000000002 k))) #x30) (bvule (select s ((_ extract 31 0) (bvadd #x0000000000000002 k))) #x39)) (and (not (and (bvuge (select s ((_ extract 31 0) (bvadd #x0000000000000002 k))) #x30) (bvule (select s ((_ extract 31 0) (bvadd #x0000000000000002 k))) #x39))) (bvuge (select s ((_ extract 31 0) (bvadd #x0000000000000002 k))) #x61) (bvule (select s ((_ extract 31 0) (bvadd #x0000000000000002 k))) #x66)) (and (bvuge (select s ((_ extract 31 0) (bvadd #x0000000000000002 k))) #x41) (bvule (select s ((_ extract 31 0) (bvadd #x0000000000000002 k))) #x46)))))
(assert (bvuge k #x0000000000000001))
(assert (= (select s ((_ extract 31 0) (bvsub (bvadd #x0000000000000002 k) #x0000000000000002))) #x00))
(check-sat)
