; ∃x1∀x2∃x3.φ: the check of ∀x2 under a value of x1 is a nested run (its
; body has the ∃x3), and its instance at a counterexample brings atoms of
; its own, which the next rounds decide while x1 keeps its value. Those
; rounds pose the same nested check again; its answer is recorded by the
; closed formula (qbv/facts.go) and reused (qbv-nested-reused).
; Reduced from Scholl's RNDPRE_3_2 (Scholl, Disch, Pigorsch, Kupferschmid,
; SMT 2008; translated to BV by Mathias Preiner; via
; github.com/testsmt/semantic-fusion-seeds, CC BY 4.0).
; regress: no-fallback
; regress: decided-by qbv
(set-info :status unsat)
(set-logic BV)
(assert (exists ((x1 (_ BitVec 32))) (forall ((x2 (_ BitVec 32))) (exists ((x3 (_ BitVec 32)))
  (and (bvsge (bvadd (bvmul #xffffffce x1) (bvmul #xffffffb0 x2) (bvmul #xffffffaa x3)) #x00000013)
       (distinct (bvadd (bvmul #x0000003f x2) (bvmul #x0000000f x3)) #x00000045)
       (or (bvsle (bvadd (bvmul #xfffffffe x1) (bvmul #x00000032 x2)) #xfffffffc)
           (= (bvadd (bvmul #xffffffa4 x1) (bvmul #xffffffbf x2) (bvmul #x00000014 x3)) #xfffffffc))
       (or (and (bvsle (bvadd (bvmul #xffffffca x1) (bvmul #x00000020 x3)) #xffffffa5)
                (bvslt (bvadd (bvmul #x00000021 x1) (bvmul #xffffffe1 x2) (bvmul #x0000004b x3)) #x00000052))
           (and (distinct (bvadd (bvmul #x00000035 x1) (bvmul #xffffffb1 x2) (bvmul #xffffffd7 x3)) #xffffffdf)
                (bvsgt (bvadd (bvmul #x00000028 x1) (bvmul #x0000004f x2) (bvmul #xfffffffb x3)) #x00000000))))))))
(check-sat)
