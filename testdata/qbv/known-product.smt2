; A ∀ whose variable is under a product with a free constant (a·t) is
; instantiated by values only, except by a ground term g whose products
; (a·g) the problem has already: here t := t1, at no new multiplier.
(set-info :status unsat)
(set-logic BV)
(declare-fun a () (_ BitVec 32))
(declare-fun v () (_ BitVec 32))
(declare-fun t1 () (_ BitVec 32))
(declare-fun lim () (_ BitVec 32))
(assert (bvsge a (_ bv0 32)))
(assert (bvsge t1 (_ bv0 32)))
(assert (bvsgt lim (_ bv0 32)))
(assert (forall ((t (_ BitVec 32)))
  (=> (and (bvsle (_ bv0 32) t) (bvsle t t1))
      (and (bvsge (bvadd (bvmul a t) v) (_ bv0 32)) (bvsle (bvadd (bvmul a t) v) lim)))))
(assert (bvslt (bvadd (bvmul a t1) v) (_ bv0 32)))
(check-sat)
