; The SMT-LIB definition of bvsmod against the operator at 64 bits (Fixed_Size_BitVectors
; theory), in the style of Bitwuzla's smtaxiom regressions. Written for sift; z3 4.8.12
; and sift before issue 14 time out at 10 s (smod aside). Decided by rewriting
; (signed-div-elim and eq-cofactor).
; regress: no-fallback
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun s () (_ BitVec 64))
(declare-fun t () (_ BitVec 64))
(assert (not (= (bvsmod s t)
  (let ((?msb_s ((_ extract 63 63) s)) (?msb_t ((_ extract 63 63) t)))
    (let ((abs_s (ite (= ?msb_s #b0) s (bvneg s))) (abs_t (ite (= ?msb_t #b0) t (bvneg t))))
      (let ((u (bvurem abs_s abs_t)))
        (ite (= u (_ bv0 64)) u
        (ite (and (= ?msb_s #b0) (= ?msb_t #b0)) u
        (ite (and (= ?msb_s #b1) (= ?msb_t #b0)) (bvadd (bvneg u) t)
        (ite (and (= ?msb_s #b0) (= ?msb_t #b1)) (bvadd u t)
             (bvneg u)))))))))))
(check-sat)
