package engine_test

import (
	"context"
	"testing"
	"time"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/term"
)

// TestTimeoutIsUnknown checks that a check stopped by its deadline answers
// unknown with reason "timeout", and that the session decides the next check
// afterwards. The stopped problem, associativity of 32-bit multiplication, is
// far beyond what bit-blasting refutes before the deadline.
func TestTimeoutIsUnknown(t *testing.T) {
	st := term.NewStore()
	// Without the fallback: Z3 refutes associativity at the word level at
	// once, and this test is about the bit-blaster's deadline.
	s := engine.NewSession(st, engine.Options{NoFallback: true})
	w32 := st.BitVecSort(32)
	a, b, c := st.Var("a", w32), st.Var("b", w32), st.Var("c", w32)
	mul := func(x, y term.Term) term.Term { return st.MustMake(term.OpBVMul, nil, x, y) }
	s.Push()
	s.Assert(st.Not(st.Eq(mul(mul(a, b), c), mul(a, mul(b, c)))), "")
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if r := s.CheckSat(ctx, nil); r.Status != 0 || r.Reason != "timeout" {
		t.Fatalf("hard check: got %v (%q), want unknown (timeout)", r.Status, r.Reason)
	}
	s.Pop()
	s.Assert(st.Eq(mul(a, b), st.ConstUint64(32, 6)), "")
	if r := s.CheckSat(context.Background(), nil); r.Status != 1 {
		t.Fatalf("easy check after a timeout: got %v (%q), want sat", r.Status, r.Reason)
	}
}
