; EXPECT: unsat
(set-logic ALL)
(set-info :status unsat)
(set-option :ieval use)
(assert (forall ((x RoundingMode)) (distinct (= RTZ x) (distinct x roundNearestTiesToEven))))
(check-sat)
