; Miniscoping: the conjuncts and the disjuncts that share no variable
; become quantifiers of their own.
(set-logic BV)
(set-info :status sat)
(declare-const a (_ BitVec 16))
(declare-const b (_ BitVec 16))
(assert (forall ((x (_ BitVec 16)) (y (_ BitVec 16)))
  (and (or (bvule x (bvor x a)) (= y b))
       (or (= (bvand x a) a) (bvuge y b)))))
(check-sat)
