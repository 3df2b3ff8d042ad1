; The sat twin of slice-extcon-512.smt2: the third disjunct's v is free to have its two
; slices equal, so a model exists, and it must survive slicing and narrowing (the model is
; mapped back through x := (concat slices) and slice := (concat 0 narrow)).
; regress: no-fallback
(set-option :produce-models true)
(set-logic QF_BV)
(set-info :status sat)
(declare-fun a () (_ BitVec 512))
(declare-fun d () (_ BitVec 128))
(declare-fun v1 () (_ BitVec 512))
(declare-fun v2 () (_ BitVec 512))
(declare-fun v3 () (_ BitVec 512))
(assert (not (= ((_ extract 383 256) v1) ((_ extract 255 128) v1))))
(assert (not (= ((_ extract 383 256) v2) ((_ extract 255 128) v2))))
(assert (not (= ((_ extract 127 0) v3) #x0000000000000000000000000000abcd)))
(assert (or
  (and (= ((_ extract 511 128) a) (concat ((_ extract 511 256) v1) d))
       (= ((_ extract 383 0) a) (concat d ((_ extract 255 0) v1))))
  (and (= ((_ extract 511 128) a) (concat ((_ extract 511 256) v2) d))
       (= ((_ extract 383 0) a) (concat d ((_ extract 255 0) v2))))
  (and (= ((_ extract 511 128) a) (concat ((_ extract 511 256) v3) d))
       (= ((_ extract 383 0) a) (concat d ((_ extract 255 0) v3))))))
(check-sat)
(get-model)
