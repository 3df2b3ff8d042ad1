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
// afterwards. The stopped problem, factoring the prime 2^63 − 25 into two
// 32-bit factors other than 1, is unsat, far beyond what bit-blasting refutes
// before the deadline, and no word-level stage decides it.
func TestTimeoutIsUnknown(t *testing.T) {
	st := term.NewStore()
	// Without the fallback: this test is about the bit-blaster's deadline.
	s := engine.NewSession(st, engine.Options{NoFallback: true})
	w32 := st.BitVecSort(32)
	a, b := st.Var("a", w32), st.Var("b", w32)
	mul := func(x, y term.Term) term.Term { return st.MustMake(term.OpBVMul, nil, x, y) }
	s.Push()
	wide := func(x term.Term) term.Term { return st.MustMake(term.OpZeroExtend, []uint32{32}, x) }
	s.Assert(st.Eq(mul(wide(a), wide(b)), st.ConstUint64(64, 9223372036854775783)), "")
	s.Assert(st.Not(st.Eq(a, st.ConstUint64(32, 1))), "")
	s.Assert(st.Not(st.Eq(b, st.ConstUint64(32, 1))), "")
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
