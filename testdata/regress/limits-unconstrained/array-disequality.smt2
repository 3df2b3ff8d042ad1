; An array that occurs once is compared with another: the equality is
; unconstrained (a := b, or b with one element changed). The rest constrains
; b's elements with 64-bit arithmetic. Written for sift.
; regress: no-fallback
(set-logic QF_ABV)
(set-info :status sat)
(declare-fun a () (Array (_ BitVec 16) (_ BitVec 64)))
(declare-fun b () (Array (_ BitVec 16) (_ BitVec 64)))
(declare-fun j () (_ BitVec 16))
(assert (not (= a b)))
(assert (= (bvmul (select b j) (select b (bvadd j #x0001))) (bvudiv (select b #x0000) (select b #x0001))))
(check-sat)
