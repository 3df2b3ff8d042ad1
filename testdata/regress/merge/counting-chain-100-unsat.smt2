; Written for sift (issue 14, merge queries on unseen shapes): a counting chain s[i] = s[i-1]+1 with k <= 100 and s[k] = s[0]-1: no k fits (z3 4.8.12 answers unknown after a minute; unsat because s[k] = 2+k mod 256 = 1 needs k = 255). Only finite expansion decides it; lazy expansion fills the range.
; regress: no-fallback
; regress: decided-by quant
(declare-fun s () (Array (_ BitVec 32) (_ BitVec 8)))
(set-info :status unsat)
(declare-fun k () (_ BitVec 32))
(assert (forall ((i (_ BitVec 32))) (=> (and (bvule #x00000001 i) (bvule i k)) (= (select s i) (bvadd (select s (bvsub i #x00000001)) #x01)))))
(assert (bvule k #x00000064)) (assert (bvuge k #x00000001)) (assert (= (select s #x00000000) #x02)) (assert (= (select s k) #x01))
(check-sat)
