; A function whose range is an array sort, applied to equal arguments: the
; congruence of the arrays makes the reads clash. Written for sift.
; regress: no-fallback
(set-logic QF_AUFBV)
(set-info :status unsat)
(declare-fun mem ((_ BitVec 8)) (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun p () (_ BitVec 32))
(declare-fun q () (_ BitVec 32))
(declare-fun t1 () (_ BitVec 8))
(declare-fun t2 () (_ BitVec 8))
(assert (= (select (mem t1) p) #x2a))
(assert (= (select (mem t2) q) #x07))
(assert (= (bvadd t1 #x01) (bvadd t2 #x01)))
(assert (= (bvmul p #x00000003) (bvmul q #x00000003)))
(check-sat)
