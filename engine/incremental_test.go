package engine_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/sift-solver/sift/engine"
)

// TestIncrementalSessions runs push/pop conversations whose later checks go
// to the session's incremental attempt, and checks every answer and that the
// attempt did decide them (incremental-bitblast-decided), or, with the
// attempt disabled, that the whole pipeline gives the same answers.
func TestIncrementalSessions(t *testing.T) {
	tests := []struct {
		name, script, want string
		decided            int // checks the incremental attempt decides
	}{
		{"scope popped", "(declare-const x (_ BitVec 8))(assert (bvult x #x10))(check-sat)" +
			"(push)(assert (= x #x20))(check-sat)(pop)(push)(assert (= x #x05))(check-sat)(pop)(check-sat)",
			"sat\nunsat\nsat\nsat\n", 3},
		{"base grows", "(declare-const x (_ BitVec 8))(declare-const y (_ BitVec 8))(assert (bvult x y))(check-sat)" +
			"(assert (bvult y #x03))(check-sat)(assert (bvugt x #x00))(check-sat)(assert (distinct y #x02))(check-sat)",
			"sat\nsat\nsat\nunsat\n", 3},
		// Base-level assertions held for good must not survive
		// reset-assertions: asserted again inside a scope and popped, they
		// are gone.
		{"reset-assertions", "(set-option :global-declarations true)(declare-const x (_ BitVec 8))(assert (= x #x01))(check-sat)(assert (= x #x01))(check-sat)" +
			"(reset-assertions)(push)(assert (= x #x01))(pop)(assert (= x #x02))(check-sat)(assert (distinct x #x02))(check-sat)",
			"sat\nsat\nsat\nunsat\n", 3},
		{"reset-assertions, then the same terms in a scope", "(set-option :global-declarations true)(declare-const x (_ BitVec 8))" +
			"(assert (bvult x #x10))(assert (bvugt x #x03))(check-sat)(check-sat)" +
			"(reset-assertions)(assert (bvult x #x10))(push)(assert (bvugt x #x03))(check-sat)(pop)(assert (bvule x #x03))(check-sat)",
			"sat\nsat\nsat\nsat\n", 3},
		{"check-sat-assuming", "(set-option :produce-unsat-assumptions true)(declare-const p Bool)(declare-const q Bool)" +
			"(assert (or p q))(check-sat)(check-sat-assuming ((not p) (not q)))(get-unsat-assumptions)(check-sat-assuming ((not p)))",
			"sat\nunsat\n((not p) (not q))\nsat\n", 2},
		{"named base assertions keep cores", "(set-option :produce-unsat-cores true)(declare-const x (_ BitVec 4))" +
			"(assert (! (bvult x #x4) :named small))(assert (bvugt x #x0))(check-sat)(push)(assert (! (= x #x9) :named nine))(check-sat)(get-unsat-core)(pop)",
			"sat\nunsat\n(small nine)\n", 1},
		// Uninterpreted functions over a declared sort, the shape of
		// yosys-smtbmc's default encoding: a state per step.
		{"unrolled states", unrolling(12, 5), strings.Repeat("unsat\n", 5) + strings.Repeat("sat\n", 7), 11},
		// Equalities of two variables held for good (a register that keeps
		// its value, a port): the attempt substitutes the oldest of each
		// class; the model gives every variable its class's value, and a
		// later equality that joins two old classes starts the
		// bit-blaster over.
		{"variable equalities", "(set-option :produce-models true)(declare-const a (_ BitVec 8))(declare-const b (_ BitVec 8))" +
			"(declare-const c (_ BitVec 8))(declare-const d (_ BitVec 8))(assert (= b a))(check-sat)" +
			"(assert (= c b))(push)(assert (= c #x05))(check-sat)(get-value (a b c))(pop)" +
			"(assert (= d #x07))(push)(assert (= a d))(check-sat)(pop)(assert (= d c))(check-sat)(get-value (a d))" +
			"(push)(assert (distinct a #x07))(check-sat)(pop)",
			"sat\nsat\n((a #x05)\n (b #x05)\n (c #x05))\nsat\nsat\n((a #x07)\n (d #x07))\nunsat\n", 4},
		// Base-level equalities that define a variable without a circuit
		// (a client's next state) give it the other side's circuit: the
		// model reads it through that circuit. Not a variable that occurs
		// on the other side (z = 2z), nor one blasted before (w, in an
		// earlier scope).
		{"definitions", "(set-option :produce-models true)(declare-const x (_ BitVec 8))(declare-const y (_ BitVec 8))" +
			"(declare-const z (_ BitVec 8))(declare-const w (_ BitVec 8))(declare-const b Bool)(assert (bvult y #x10))(check-sat)" +
			"(assert (and (= x (bvadd y #x01)) (= b (bvult x #x08))))(push)(assert (= x #x05))(check-sat)(get-value (x y b))(pop)" +
			"(assert (= z (bvmul z #x02)))(push)(assert (distinct z #x00))(check-sat)(pop)" +
			"(push)(assert (= w #x03))(check-sat)(pop)(assert (= w (bvadd y #x02)))(push)(assert (distinct w (bvadd y #x02)))(check-sat)(pop)" +
			"(push)(assert (= w #x0b))(check-sat)(get-value (w x b))(pop)",
			"sat\nsat\n((x #x05)\n (y #x04)\n (b true))\nunsat\nsat\nunsat\nsat\n((w #x0b)\n (x #x0a)\n (b false))\n", 5},
		// A chain of comparisons with one word that CaDiCaL decides only
		// through the transitivity clauses' propagation, or bit by bit.
		{"transitive comparisons", "(declare-const x (_ BitVec 8))(declare-const y (_ BitVec 8))(declare-const z (_ BitVec 8))" +
			"(assert (= (= x y) (= y z)))(check-sat)(push)(assert (= x y))(assert (distinct x z))(check-sat)(pop)" +
			"(push)(assert (= x z))(assert (distinct x y))(check-sat)(pop)",
			"sat\nunsat\nsat\n", 2},
		// A memory as yosys-smtbmc writes it: a function from the state to
		// an array (the attempt's Ackermann reduction), written at step 1
		// and read at step 2.
		{"memory per state", "(declare-sort S 0)(declare-fun m (S) (Array (_ BitVec 2) (_ BitVec 8)))" +
			"(declare-fun s0 () S)(declare-fun s1 () S)(declare-fun s2 () S)(declare-const d (_ BitVec 8))" +
			"(assert (= (m s1) (store (m s0) #b01 d)))(check-sat)" +
			"(assert (= (m s2) (m s1)))(push)(assert (distinct (select (m s2) #b01) d))(check-sat)(pop)" +
			"(push)(assert (distinct (select (m s2) #b10) d))(check-sat)(pop)(assert (= s2 s0))(check-sat)",
			"sat\nunsat\nsat\nsat\n", 3},
		// The passes take the assertions a check shares with the last one
		// from their last rewrite: a base that starts over with other
		// assertions at the same places must be rewritten anew.
		{"states after reset-assertions", "(set-option :global-declarations true)(set-option :produce-models true)" +
			"(declare-sort S 0)(declare-fun f (S) (_ BitVec 8))(declare-fun s0 () S)(declare-fun s1 () S)" +
			"(assert (= (f s1) (bvadd (f s0) #x01)))(check-sat)(push)(assert (= (f s1) #x00))(check-sat)(get-value ((f s0)))(pop)" +
			"(reset-assertions)(assert (= (f s1) (bvadd (f s0) #x02)))(check-sat)(push)(assert (= (f s1) #x00))(check-sat)(get-value ((f s0)))(pop)",
			"sat\nsat\n(((f s0) #xff))\nsat\nsat\n(((f s0) #xfe))\n", 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, sessions := runWith(t, tc.script, engine.Options{}, 0)
			if out != tc.want {
				t.Fatalf("got %q, want %q", out, tc.want)
			}
			if got := statOf(sessions[len(sessions)-1], "incremental-bitblast-decided"); got != tc.decided {
				t.Errorf("the incremental attempt decided %d checks, want %d", got, tc.decided)
			}
			whole, _ := runWith(t, tc.script, engine.Options{Disable: []string{engine.IncrementalStep}}, 0)
			if whole != tc.want {
				t.Errorf("without the incremental attempt: got %q, want %q", whole, tc.want)
			}
		})
	}
}

// unrolling returns a BMC conversation over a 4-bit counter that counts up
// by one from 0 each step: step i asserts the transition to state i and
// checks, in a scope, whether the counter can equal target there.
func unrolling(steps, target int) string {
	var b strings.Builder
	b.WriteString("(declare-sort S 0)(declare-fun c (S) (_ BitVec 4))(declare-fun s0 () S)(assert (= (c s0) #x0))\n")
	check := func(i int) {
		fmt.Fprintf(&b, "(push 1)(assert (bvuge (c s%d) (_ bv%d 4)))(check-sat)(pop 1)\n", i, target)
	}
	check(0)
	for i := 1; i < steps; i++ {
		fmt.Fprintf(&b, "(declare-fun s%d () S)(assert (= (c s%d) (bvadd (c s%d) #x1)))\n", i, i, i-1)
		check(i)
	}
	return b.String()
}

// statOf returns a session statistic as a number (0 when absent).
func statOf(s *engine.Session, name string) int {
	for _, kv := range s.Statistics() {
		if kv[0] == name {
			n, _ := strconv.Atoi(kv[1])
			return n
		}
	}
	return 0
}
