; Found by the issue-17 differential campaign (TestDifferentialArrays, seed 2026, formula 7238; written for
; sift). z3 4.8.12 answers sat, wrongly: two stores into different constant arrays over 8-bit indices differ
; at 254 indices. cvc5 does not support write chains between two different constant arrays. sift must keep
; answering unsat.
; regress: no-fallback
(set-logic QF_AUFBV)
(set-info :status unsat)
(declare-const p Bool)
(declare-const x1 (_ BitVec 1))
(declare-const x4 (_ BitVec 4))
(declare-const y4 (_ BitVec 4))
(declare-const x8 (_ BitVec 8))
(declare-const y8 (_ BitVec 8))
(declare-const y32 (_ BitVec 32))
(declare-const n (Array (_ BitVec 4) (Array (_ BitVec 4) (_ BitVec 8))))
(assert (let ((s20928 (bvneg x1))) (let ((s20929 ((_ extract 9 9) ((_ zero_extend 4) ((_ extract 11 0) y32))))) (= (store ((as const (Array (_ BitVec 8) (_ BitVec 8))) (_ bv1 8)) (bvurem y8 x8) (bvsdiv x8 y8)) (store ((as const (Array (_ BitVec 8) (_ BitVec 8))) (_ bv24 8)) ((_ repeat 4) ((_ extract 1 0) y32)) (select (select n y4) y4))))))
(assert (let ((s20930 (let ((s20931 p)) s20931))) (let ((s20932 (concat ((_ extract 5 0) y32) ((_ extract 9 0) y32)))) (= (bvlshr x4 y4) (_ bv6 4)))))
(check-sat)
