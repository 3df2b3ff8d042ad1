; EXPECT: unsat
(set-logic QF_FP)
(set-info :status unsat)
    
(declare-const x Float32)
(assert (not (= x (fp.neg (fp.neg x)))))
(check-sat)
