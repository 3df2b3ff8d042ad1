; Emitted by `sift symex mime ParseMediaType --dir symex/testdata/realcode --merge=pat --max-len=4 --timeout=60s --emit-smt2 DIR` (query-000015.smt2, one of the 1152 quantified queries of at most 64 KB that run wrote); status from z3 4.8.12 (-T:30).
; regress: no-fallback
(set-info :status sat)
(set-logic ABV)
(declare-fun v.len () (_ BitVec 64))
(declare-fun v () (Array (_ BitVec 64) (_ BitVec 8)))
(declare-fun k!0 () (_ BitVec 64))
(assert (bvule v.len #x0000000000000004))
(assert (bvule k!0 #x0000000000000004))
(assert (forall ((i (_ BitVec 64))) (or (not (and (bvule #x0000000000000001 i) (bvule i k!0))) (and (bvslt (bvadd i #xffffffffffffffff) v.len) (bvult (bvadd i #xffffffffffffffff) v.len) (not (= (select v (bvadd i #xffffffffffffffff)) #x3b))))))
(assert (not (bvslt k!0 v.len)))
(assert (bvslt #x0000000000000000 v.len))
(check-sat)
(exit)
