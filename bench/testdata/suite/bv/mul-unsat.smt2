(set-info :status unsat)
(set-logic QF_BV)
(declare-fun x () (_ BitVec 8))
; an odd number times two is never odd
(assert (= ((_ extract 0 0) (bvmul x #x02)) #b1))
(check-sat)
(exit)
