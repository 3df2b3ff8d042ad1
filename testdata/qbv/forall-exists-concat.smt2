; ∀∃ alternation: the inner ∃ is Skolemized per instance, and the nested
; counterexample checks solve concat(e1, e0) = ~x for e1 and e0 by
; extraction (inverse terms through concat).
(set-logic BV)
(set-info :status sat)
(assert (forall ((x (_ BitVec 32)))
  (exists ((e0 (_ BitVec 16)) (e1 (_ BitVec 16)))
    (= (concat e1 e0) (bvnot x)))))
(check-sat)
