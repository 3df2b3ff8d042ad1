; Issue 33: an equality between an ite of arrays (a constant array or a store
; chain) and a store chain over a 2-bit index sort. Lemmas on demand added
; ~14k extensionality lemmas here without converging; it must terminate.
; regress: no-fallback
(set-info :status sat)
(set-option :produce-models true)
(set-logic QF_ABV)
(declare-fun x1 () (_ BitVec 11))
(declare-const x2 (_ BitVec 11))
(declare-fun x3 () (_ BitVec 16))
(declare-fun x4 () (_ BitVec 16))
(declare-const x5 (_ BitVec 17))
(declare-const x6 (_ BitVec 17))
(declare-fun x7 () (_ BitVec 67))
(declare-fun b8 () Bool)
(declare-const a9 (Array (_ BitVec 2) (_ BitVec 67)))
(declare-const a10 (Array (_ BitVec 2) (_ BitVec 36)))
(declare-fun a11 () (Array (_ BitVec 2) (_ BitVec 36)))
(define-fun f14 () (Array (_ BitVec 2) (_ BitVec 36)) (store (store (store a10 ((_ rotate_right 2) (concat #b1 (_ bv0 1))) (bvneg (bvor ((_ sign_extend 20) x4) #b011111111111111111111111111111111111))) (bvmul (bvnor (_ bv3 2) ((_ extract 7 6) x2)) ((_ zero_extend 0) ((_ extract 14 13) x3))) ((_ sign_extend 19) x6)) (bvmul ((_ extract 1 0) #b10) ((_ sign_extend 0) #b01)) (concat (concat #b11001001001001000 (_ bv0 3)) x3)))
(assert (= (ite (ite (distinct a11 ((as const (Array (_ BitVec 2) (_ BitVec 36))) #x50572943d)) (=> b8 (bvsge x6 x6) b8) (or b8 b8 (bvsgt x4 x3) (bvslt x2 (_ bv0 11)))) ((as const (Array (_ BitVec 2) (_ BitVec 36))) #x000000001) f14) (store (store (store (store f14 ((_ extract 7 6) x6) (bvsrem #b010111011011000010111010101011000001 #b100000000000000000000000000000000000)) ((_ extract 13 12) x6) (select a10 ((_ extract 8 7) x5))) (ite b8 #b00 (bvudiv (_ bv2 2) (bvsub (_ bv2 2) (_ bv2 2)))) (bvnot (bvxor ((_ sign_extend 25) x1) (_ bv34359738368 36)))) (concat (bvlshr (_ bv1 1) (_ bv1 1)) (bvcomp x2 x1)) (select (store (store (store a11 ((_ extract 9 8) x2) (_ bv0 36)) (_ bv0 2) ((_ sign_extend 20) x3)) (_ bv2 2) #x0ed12bf5a) ((_ repeat 2) (_ bv1 1))))))
(push 1)
(declare-fun x15 () (_ BitVec 17))
(assert (= (bvcomp (ite (= (store a9 (_ bv0 2) x7) ((as const (Array (_ BitVec 2) (_ BitVec 67))) (_ bv0 67))) ((_ sign_extend 7) ((_ repeat 2) ((_ extract 1 0) x1))) (bvsrem (bvnot x2) (bvsmod x2 x1))) x2) #b1))
(check-sat-assuming ((not b8)))
