; The SMT-LIB definition of bvsrem against the operator at 64 bits (Fixed_Size_BitVectors
; theory), in the style of Bitwuzla's smtaxiom regressions. Written for sift; z3 4.8.12
; and sift before issue 14 time out at 10 s (smod aside). Decided by rewriting
; (signed-div-elim and eq-cofactor).
; regress: no-fallback
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun s () (_ BitVec 64))
(declare-fun t () (_ BitVec 64))
(assert (not (= (bvsrem s t)
  (let ((?msb_s ((_ extract 63 63) s)) (?msb_t ((_ extract 63 63) t)))
    (ite (and (= ?msb_s #b0) (= ?msb_t #b0)) (bvurem s t)
    (ite (and (= ?msb_s #b1) (= ?msb_t #b0)) (bvneg (bvurem (bvneg s) t))
    (ite (and (= ?msb_s #b0) (= ?msb_t #b1)) (bvurem s (bvneg t))
         (bvneg (bvurem (bvneg s) (bvneg t))))))))))
(check-sat)
