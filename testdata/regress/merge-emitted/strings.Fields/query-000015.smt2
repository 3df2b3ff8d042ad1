; Emitted by `sift symex strings Fields --dir symex/testdata/realcode --merge=pat --max-len=4 --timeout=60s --emit-smt2 DIR` (query-000015.smt2, one of the 6180 quantified queries of at most 64 KB that run wrote); status from z3 4.8.12 (-T:30).
; regress: no-fallback
(set-info :status sat)
(set-logic ABV)
(declare-fun s.len () (_ BitVec 64))
(declare-fun s () (Array (_ BitVec 64) (_ BitVec 8)))
(declare-fun k!0 () (_ BitVec 64))
(assert (bvule s.len #x0000000000000004))
(assert (bvule k!0 #x0000000000000004))
(assert (forall ((i (_ BitVec 64))) (or (not (and (bvule #x0000000000000001 i) (bvule i k!0))) (and (bvslt (bvadd i #xffffffffffffffff) s.len) (bvult (bvadd i #xffffffffffffffff) s.len) (bvult ((_ zero_extend 56) (select s (bvadd i #xffffffffffffffff))) #x0000000000000100)))))
(assert (not (bvslt k!0 s.len)))
(assert (let ((_let_0 (select s #x0000000000000000))) (let ((_let_1 (bvor _let_0 (select s #x0000000000000001)))) (let ((_let_2 (bvor _let_1 (select s #x0000000000000002)))) (bvule #x80 (ite (= k!0 #x0000000000000000) #x00 (ite (= k!0 #x0000000000000001) _let_0 (ite (= k!0 #x0000000000000002) _let_1 (ite (= k!0 #x0000000000000003) _let_2 (bvor _let_2 (select s #x0000000000000003)))))))))))
(check-sat)
(exit)
