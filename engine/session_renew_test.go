package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sift-solver/sift/engine"
)

// TestSessionRenewedEqualsFresh poses streams of one-off queries, each in a
// push/pop scope of one session as the executors do, and checks every
// answer against the same query solved by a fresh session. The streams
// build new circuits in every scope, so the session's SAT solver outgrows
// its first check and starts over (bitblast-renewals) where renew says.
func TestSessionRenewedEqualsFresh(t *testing.T) {
	tests := []struct {
		name, decls string
		scope       func(i int) string
		renew       bool
	}{
		{"multiplications", "(declare-const x (_ BitVec 16))(declare-const y (_ BitVec 16))",
			func(i int) string {
				if i%5 == 4 { // an odd product of an even factor: unsat
					return fmt.Sprintf("(assert (= (bvmul (bvmul x (_ bv2 16)) (bvadd y (_ bv%d 16))) (_ bv%d 16)))", i, 2*i+1)
				}
				return fmt.Sprintf("(assert (= (bvmul (bvadd x (_ bv%d 16)) y) (_ bv%d 16)))(assert (bvult y (_ bv%d 16)))",
					i+1, 6*i+6, i+7)
			}, true},
		{"arrays", "(declare-const a (Array (_ BitVec 32) (_ BitVec 8)))(declare-const i (_ BitVec 32))",
			func(k int) string {
				s := fmt.Sprintf("(assert (= (select (store a i #x%02x) (bvadd i (_ bv%d 32))) #x%02x))", k, k%3, (k+1)%256)
				if k%3 == 0 { // the stored byte read back as another: unsat
					return s
				}
				return s + fmt.Sprintf("(assert (bvult (bvmul i (_ bv%d 32)) (_ bv%d 32)))", 2*k+3, 1000+k)
			}, false},
		{"a growing path", "(declare-const s (Array (_ BitVec 64) (_ BitVec 8)))(declare-const n (_ BitVec 64))",
			func(k int) string {
				var b strings.Builder
				b.WriteString("(assert (bvule n (_ bv16 64)))")
				for j := 0; j <= k%12; j++ {
					fmt.Fprintf(&b, "(assert (bvult (_ bv%d 64) n))(assert (distinct (select s (_ bv%d 64)) #x%02x))", j, j, 0x30+j)
				}
				fmt.Fprintf(&b, "(assert (= (select s (bvsub n (_ bv1 64))) #x%02x))", 0x30+k%12)
				if k%4 == 0 { // the last byte read is one the path excluded: unsat
					fmt.Fprintf(&b, "(assert (= n (_ bv%d 64)))", k%12+1)
				}
				return b.String()
			}, false},
	}
	const n = 40
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stream, want strings.Builder
			stream.WriteString(tc.decls)
			for i := range n {
				q := tc.scope(i)
				stream.WriteString("(push 1)" + q + "(check-sat)(pop 1)")
				out, _ := runWith(t, tc.decls+q+"(check-sat)", engine.Options{}, 0)
				want.WriteString(out)
			}
			got, sessions := runWith(t, stream.String(), engine.Options{}, 0)
			if got != want.String() {
				t.Fatalf("one session answered\n%s\nfresh sessions\n%s", got, want.String())
			}
			if !strings.Contains(got, "unsat") || !strings.Contains(got, "\nsat") {
				t.Fatalf("the stream should mix sat and unsat:\n%s", got)
			}
			renewals := statOf(sessions[0], "bitblast-renewals")
			if tc.renew && renewals == 0 {
				t.Errorf("the session's SAT solver never started over (bitblast-renewals 0)")
			}
			t.Logf("bitblast-renewals %d", renewals)
		})
	}
}
