; An uninterpreted function under a ∀: the instance at x := a (a ground term
; with the counterexample's value) refutes f(a) = a.
(set-logic UFBV)
(set-info :status unsat)
(declare-fun f ((_ BitVec 16)) (_ BitVec 16))
(declare-const a (_ BitVec 16))
(assert (forall ((x (_ BitVec 16))) (= (f x) (bvadd x #x0001))))
(assert (= (f a) a))
(check-sat)
