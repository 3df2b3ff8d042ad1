; Factoring a 96-bit product of the primes 2^40-87 and 2^40-167 (with factors below 2^41): z3 4.8.12
; needs far longer than a second, so a short deadline must interrupt it.
(declare-fun x () (_ BitVec 96))
(declare-fun y () (_ BitVec 96))
(assert (= (bvmul x y) #x0000ffffffff0200000038c1))
(assert (bvult x #x000000000000020000000000))
(assert (bvult y #x000000000000020000000000))
(assert (bvugt x #x000000000000000000000001))
(assert (bvugt y #x000000000000000000000001))
(check-sat)
