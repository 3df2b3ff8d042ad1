; Issue 14, class 4: a function whose range is an array sort. The bit-blaster
; rejected it ("unsupported: function to sort (Array ...)"); the Ackermann
; pass now turns each application into an array variable with congruence
; constraints, which lemmas on demand decide. Written for sift.
; regress: no-fallback
; regress: output (((select (mem t1) p) #x2a))
(set-option :produce-models true)
(set-logic QF_AUFBV)
(set-info :status sat)
(declare-fun mem ((_ BitVec 8)) (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun p () (_ BitVec 32))
(declare-fun t1 () (_ BitVec 8))
(declare-fun t2 () (_ BitVec 8))
(assert (= (select (mem t1) p) #x2a))
(assert (= (select (mem t2) (bvadd p #x00000001)) #x07))
(assert (distinct (select (mem t1) (bvadd p #x00000001)) #x07))
(assert (bvult t1 t2))
(check-sat)
(get-value ((select (mem t1) p)))
