; A division of two ites on one condition is the ite of the divisions of their branches,
; after which both sides of the distinct are one term. Written for sift in the shape of
; Bitwuzla's rw21 regression (sift: three dividers refuted by SAT, 0.14 s at 8 bits;
; Bitwuzla 2 ms; at these 32 bits sift before the rule did not answer within 20 s);
; op-ite-cheaper pairs the branches and preprocessing decides it.
; regress: no-fallback
; regress: decided-by preprocess
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun c () (_ BitVec 1))
(declare-fun a () (_ BitVec 32))
(declare-fun b () (_ BitVec 32))
(declare-fun d () (_ BitVec 32))
(assert (distinct (bvudiv (ite (= c #b1) a b) (ite (= c #b1) a d))
                  (ite (= c #b1) (bvudiv a a) (bvudiv b d))))
(check-sat)
