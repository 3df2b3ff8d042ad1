; A small symbolic-execution style query: find a byte x such that x + 3 overflows
; past 0xff while x is odd, then ask for the value.
(set-logic QF_BV)
(set-option :produce-models true)
(declare-const x (_ BitVec 8))
(assert (bvuaddo x #x03))
(assert (= ((_ extract 0 0) x) #b1))
(check-sat)
(get-value (x (bvadd x #x03)))
(push 1)
(assert (bvult x #x10))
(check-sat)
(pop 1)
