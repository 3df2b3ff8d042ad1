; strings.LastIndex at --max-len 4 (sift symex --emit-smt2): the Rabin-Karp hash of the
; last 3 bytes of s equals the hash of substr (h = h*16777619 + c) while the windows differ.
; The 3-byte hash is injective, so this is unsat; sift before eq-injective and z3 4.8.12
; take more than 10 s. Decided once eq-injective turns the hash equation into the bytes'.
; regress: no-fallback
(set-logic QF_ABV)
(set-info :status unsat)
(declare-fun s.len () (_ BitVec 64))
(declare-fun s () (Array (_ BitVec 64) (_ BitVec 8)))
(declare-fun substr.len () (_ BitVec 64))
(declare-fun substr () (Array (_ BitVec 64) (_ BitVec 8)))
(assert (bvule s.len #x0000000000000004))
(assert (bvule substr.len #x0000000000000004))
(assert (not (= substr.len #x0000000000000000)))
(assert (not (= substr.len #x0000000000000001)))
(assert (not (= substr.len s.len)))
(assert (not (bvslt s.len substr.len)))
(assert (bvsle #x0000000000000000 (bvsub (bvsub (bvsub substr.len #x0000000000000001) #x0000000000000001) #x0000000000000001)))
(assert (let ((_let_0 (bvsub s.len #x0000000000000001)) (_let_1 (bvsub substr.len #x0000000000000001))) (let ((_let_2 (bvsub _let_0 #x0000000000000001)) (_let_3 (bvsub _let_1 #x0000000000000001))) (= (bvadd (bvmul (bvadd (bvmul ((_ zero_extend 24) (select s _let_0)) #x01000193) ((_ zero_extend 24) (select s _let_2))) #x01000193) ((_ zero_extend 24) (select s (bvsub _let_2 #x0000000000000001)))) (bvadd (bvmul (bvadd (bvmul ((_ zero_extend 24) (select substr _let_1)) #x01000193) ((_ zero_extend 24) (select substr _let_3))) #x01000193) ((_ zero_extend 24) (select substr (bvsub _let_3 #x0000000000000001))))))))
(assert (let ((_let_0 (bvsub s.len substr.len))) (let ((_let_1 (bvsub s.len _let_0))) (not (and (= _let_1 substr.len) (=> (bvult #x0000000000000000 _let_1) (= (select s _let_0) (select substr #x0000000000000000))) (=> (bvult #x0000000000000001 _let_1) (= (select s (bvadd _let_0 #x0000000000000001)) (select substr #x0000000000000001))) (=> (bvult #x0000000000000002 _let_1) (= (select s (bvadd _let_0 #x0000000000000002)) (select substr #x0000000000000002))) (=> (bvult #x0000000000000003 _let_1) (= (select s (bvadd _let_0 #x0000000000000003)) (select substr #x0000000000000003))))))))
(check-sat)
(exit)
