; The sat twin of srem-from-product-64.smt2: the remainder x - (x sdiv k)·k folded into
; bvsrem can still take the value 100 (with x ≥ 0), and the model found for the folded
; problem must satisfy the product form.
; regress: no-fallback
(set-option :produce-models true)
(set-logic QF_BV)
(set-info :status sat)
(declare-fun x () (_ BitVec 64))
(assert (= #x0000000000000064 (bvsub x (bvmul (bvsdiv x #x0000000000000065) #x0000000000000065))))
(assert (bvugt x #x0000000000010000))
(check-sat)
(get-model)
