package smt

import (
	"testing"
)

// FuzzParseSMTLIB feeds arbitrary text to ParseSMTLIB: it must answer
// terms or an error, never panic, and the solver must stay usable.
func FuzzParseSMTLIB(f *testing.F) {
	for _, seed := range []string{
		"(declare-const y (_ BitVec 8))(assert (= (bvadd x y) #x01))",
		"(declare-fun a () (Array (_ BitVec 4) Bool))(assert (select a #x3))",
		"(push 1)(assert (bvult x #x10))(pop 1)(assert true)",
		"(assert (forall ((i (_ BitVec 8))) (=> (bvule i x) (= i i))))",
		"(assert (let ((z (bvmul x x))) (= z z)))",
		"(assert (= x",
		"(reset)",
		"(define-sort B () (_ BitVec 8))(declare-const w B)(assert (= w x))",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s := NewSolver(Options{NoFallback: true})
		defer s.Close()
		x := s.Const("x", s.BitVecSort(8))
		as, err := s.ParseSMTLIB(text)
		if err != nil {
			return
		}
		for _, a := range as {
			if a.Err() != nil || !a.Sort().Kind().isBool() {
				t.Fatalf("assertion %s: %v", a, a.Err())
			}
		}
		if err := s.Assert(s.BVULT(x, s.BV(8, 3))); err != nil {
			t.Fatal(err)
		}
	})
}

func (k SortKind) isBool() bool { return k == KindBool }
