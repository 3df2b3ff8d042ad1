package smallrw

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestPairs checks the generator's claims on a small enumeration: unsat
// pairs agree exhaustively up to width 6, sat pairs have a 32-bit witness,
// and both sides are distinct terms.
func TestPairs(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	terms := Enumerate(4, 2, 4)
	if len(terms) < 100 {
		t.Fatalf("only %d terms", len(terms))
	}
	for _, wantSat := range []bool{false, true} {
		ps := Pairs(terms, 2, 20, wantSat, r)
		if len(ps) == 0 {
			t.Fatalf("no pairs (sat=%v)", wantSat)
		}
		for _, p := range ps {
			if p.A.SMT(4) == p.B.SMT(4) {
				t.Errorf("identical sides %s", p.A.SMT(4))
			}
			if wantSat != differAt32(p.A, p.B, 3000, r) {
				t.Errorf("%s vs %s: status %s disagrees with the 32-bit check", p.A.SMT(4), p.B.SMT(4), p.Status)
			}
			if !wantSat && !AgreeUpTo(p.A, p.B, 6, 100, r) {
				t.Errorf("unsat pair %s vs %s differs", p.A.SMT(4), p.B.SMT(4))
			}
			if s := p.Script(32, "test"); !strings.Contains(s, "(set-info :status "+p.Status+")") {
				t.Errorf("script without status: %s", s)
			}
		}
	}
}
