; One response per command: an unsupported command, option, sort or term is
; answered by the one line `unsupported` on stdout, and what was unsupported
; goes to stderr, so a client that reads one response per command stays in
; step (yosys-smtbmc sends (maximize …) and the like).
(set-option :print-success true)
(set-option :produce-models true)
(set-option :frobnicate 1)
(set-logic QF_BV)
(declare-const x (_ BitVec 8))
(maximize x)
(get-proof)
(assert (bvult x #x03))
(check-sat)
(get-value (x))
(get-info :frobnicate)
(declare-const i Int)
(assert (= (bv2nat x) 1))
(check-sat)
(echo "still in step")
