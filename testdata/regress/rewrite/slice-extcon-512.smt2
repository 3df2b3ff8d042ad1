; Equalities between concatenations of extracts under a disjunction, in the shape of the
; ext_con family (semantic-fusion-seeds/QF_BV): every disjunct forces two 128-bit slices of
; its v equal, which the disequalities deny. Written for sift. Without slicing sift
; bit-blasts all 2176 bits (the 1024-bit files of the family cost it 0.3-3.5 s, z3 0.05-0.6 s);
; preprocessing cuts every variable into 128-bit slices (slice), splits the equalities
; (eq-concat) and narrows the slices to the few bits their equality classes need (eq-width).
; regress: no-fallback
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun a () (_ BitVec 512))
(declare-fun d () (_ BitVec 128))
(declare-fun v1 () (_ BitVec 512))
(declare-fun v2 () (_ BitVec 512))
(declare-fun v3 () (_ BitVec 512))
(assert (not (= ((_ extract 383 256) v1) ((_ extract 255 128) v1))))
(assert (not (= ((_ extract 383 256) v2) ((_ extract 255 128) v2))))
(assert (not (= ((_ extract 383 256) v3) ((_ extract 255 128) v3))))
(assert (or
  (and (= ((_ extract 511 128) a) (concat ((_ extract 511 256) v1) d))
       (= ((_ extract 383 0) a) (concat d ((_ extract 255 0) v1))))
  (and (= ((_ extract 511 128) a) (concat ((_ extract 511 256) v2) d))
       (= ((_ extract 383 0) a) (concat d ((_ extract 255 0) v2))))
  (and (= ((_ extract 511 128) a) (concat ((_ extract 511 256) v3) d))
       (= ((_ extract 383 0) a) (concat d ((_ extract 255 0) v3))))))
(check-sat)
