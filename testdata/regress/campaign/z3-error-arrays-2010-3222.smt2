; Found by the issue-17 differential campaign (TestDifferentialArrays, seed 2010, formula 3222; written for
; sift). z3 4.8.12 answers sat, wrongly: outside {y8, ¬y8} the constant arrays' defaults force y8 = x8; at
; y8, y8 = 2·y8 so y8 = 0; at ¬y8 = #xff the left value has its top bit set and the right is x8 = 0. cvc5
; refuses the input (a constant array over a non-value). sift must keep answering unsat.
; regress: no-fallback
(set-logic QF_AUFBV)
(set-info :status unsat)
(declare-const p Bool)
(declare-const x8 (_ BitVec 8))
(declare-const y8 (_ BitVec 8))
(declare-const x16 (_ BitVec 16))
(declare-const x32 (_ BitVec 32))
(assert (= (store ((as const (Array (_ BitVec 8) (_ BitVec 8))) y8) (bvnand y8 y8) (concat (_ bv1 1) ((_ extract 6 0) x32))) (store ((as const (Array (_ BitVec 8) (_ BitVec 8))) x8) y8 (bvadd x8 x8))))
(assert (let ((s9245 x16)) (bvsge (ite p y8 (_ bv193 8)) x8)))
(check-sat)
