; Two decoders write the same four 32-bit operands into a word in different orders, chosen by
; a mode bit; each unit reads them back under the mode and adds (or ors) them. The results
; agree. The definitions sit under (ite mode (and (= x a) ...) (and (= x b) ...)); rule
; ite-conjuncts lifts them to (= x (ite mode a b)) for var-subst, and after extract-ite the
; two sums are one term. Written for sift (issue 33, after the simple_processors family).
; regress: no-fallback
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun a () (_ BitVec 32))
(declare-fun b () (_ BitVec 32))
(declare-fun c () (_ BitVec 32))
(declare-fun d () (_ BitVec 32))
(declare-fun f () (_ BitVec 1))
(declare-fun m () Bool)
(declare-fun w1 () (_ BitVec 129))
(declare-fun w2 () (_ BitVec 129))
(declare-fun p1 () (_ BitVec 32))
(declare-fun q1 () (_ BitVec 32))
(declare-fun r1 () (_ BitVec 32))
(declare-fun s1 () (_ BitVec 32))
(declare-fun g1 () (_ BitVec 1))
(declare-fun p2 () (_ BitVec 32))
(declare-fun q2 () (_ BitVec 32))
(declare-fun r2 () (_ BitVec 32))
(declare-fun s2 () (_ BitVec 32))
(declare-fun g2 () (_ BitVec 1))
(declare-fun o1 () (_ BitVec 32))
(declare-fun o2 () (_ BitVec 32))
(assert (ite m (= w1 (concat f a b c d)) (= w1 (concat f d c b a))))
(assert (ite m (= w2 (concat a f b c d)) (= w2 (concat d f c b a))))
(assert (ite m
  (and (= g1 ((_ extract 128 128) w1)) (= p1 ((_ extract 127 96) w1)) (= q1 ((_ extract 95 64) w1))
       (= r1 ((_ extract 63 32) w1)) (= s1 ((_ extract 31 0) w1)))
  (and (= g1 ((_ extract 128 128) w1)) (= s1 ((_ extract 127 96) w1)) (= r1 ((_ extract 95 64) w1))
       (= q1 ((_ extract 63 32) w1)) (= p1 ((_ extract 31 0) w1)))))
(assert (ite m
  (and (= p2 ((_ extract 128 97) w2)) (= g2 ((_ extract 96 96) w2)) (= q2 ((_ extract 95 64) w2))
       (= r2 ((_ extract 63 32) w2)) (= s2 ((_ extract 31 0) w2)))
  (and (= s2 ((_ extract 128 97) w2)) (= g2 ((_ extract 96 96) w2)) (= r2 ((_ extract 95 64) w2))
       (= q2 ((_ extract 63 32) w2)) (= p2 ((_ extract 31 0) w2)))))
(assert (ite (= g1 #b1) (= o1 (bvadd p1 q1 r1 s1)) (= o1 (bvor p1 q1 r1 s1))))
(assert (ite (= g2 #b1) (= o2 (bvadd s2 r2 q2 p2)) (= o2 (bvor s2 r2 q2 p2))))
(assert (not (= o1 o2)))
(check-sat)
