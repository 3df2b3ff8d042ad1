package quant_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestLiftAgainstZ3 cross-checks sift on random formulas whose bounded ∀s
// sit below connectives and inside terms (an ite's condition, an equality
// of Booleans) at either polarity, the shapes the quant stage lifts out,
// against the z3 binary: no answer may differ, and no model may fail
// validation. SIFT_LIFT_N sets how many (40 by default).
func TestLiftAgainstZ3(t *testing.T) {
	if _, err := exec.LookPath("z3"); err != nil {
		t.Skip("z3 not installed")
	}
	r := rand.New(rand.NewPCG(5, 6))
	dir := t.TempDir()
	agree, byQuant := 0, 0
	count := 40
	if v := os.Getenv("SIFT_LIFT_N"); v != "" {
		fmt.Sscan(v, &count)
	}
	for n := range count {
		script := liftFormula(r)
		path := filepath.Join(dir, fmt.Sprintf("lift%02d.smt2", n))
		if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
			t.Fatal(err)
		}
		z := runZ3(t, path, 5).answer
		s := runSift(t, script)
		if strings.HasPrefix(s.stage, "quant-") {
			byQuant++
		}
		if s.fails > 0 {
			t.Errorf("%s: %d models failed validation\n%s", path, s.fails, script)
		}
		if (z == "sat" || z == "unsat") && (s.answer == "sat" || s.answer == "unsat") {
			agree++
			if z != s.answer {
				t.Errorf("sift %s, z3 %s\n%s", s.answer, z, script)
			}
		}
	}
	if agree < count*3/4 || byQuant < count/2 {
		t.Fatalf("%d of %d answered by both, %d decided by the quant stage", agree, count, byQuant)
	}
	t.Logf("%d of %d answered by both, all agree; %d decided by the quant stage", agree, count, byQuant)
}

// liftFormula writes a script with two bounded ∀s over an 8-bit-indexed
// array, each placed at a random polarity inside a random connective or
// term, beside a few ground facts.
func liftFormula(r *rand.Rand) string {
	var b strings.Builder
	b.WriteString("(set-logic ALL)\n(declare-fun a () (Array (_ BitVec 8) (_ BitVec 8)))\n")
	b.WriteString("(declare-fun k () (_ BitVec 8))\n(declare-fun m () (_ BitVec 8))\n(declare-fun x () (_ BitVec 8))\n")
	hex := func(v int) string { return fmt.Sprintf("#x%02x", uint8(v)) }
	forall := func() string {
		bound := []string{"k", "m", hex(r.IntN(6))}[r.IntN(3)]
		body := []string{
			fmt.Sprintf("(= (select a (bvsub i #x01)) %s)", hex(r.IntN(3))),
			fmt.Sprintf("(bvule (select a i) (select a (bvadd i #x01)))"),
			fmt.Sprintf("(not (= (select a (bvadd i x)) %s))", hex(r.IntN(3))),
		}[r.IntN(3)]
		return fmt.Sprintf("(forall ((i (_ BitVec 8))) (=> (and (bvule #x01 i) (bvule i %s)) %s))", bound, body)
	}
	atom := func() string {
		return []string{
			fmt.Sprintf("(= (select a %s) %s)", hex(r.IntN(6)), hex(r.IntN(3))),
			fmt.Sprintf("(bvult k %s)", hex(r.IntN(8))),
			fmt.Sprintf("(= m (bvadd k %s))", hex(r.IntN(3))),
			fmt.Sprintf("(= (select a x) %s)", hex(r.IntN(3))),
		}[r.IntN(4)]
	}
	place := func(q string) string {
		switch r.IntN(6) {
		case 0:
			return fmt.Sprintf("(or %s %s)", atom(), q)
		case 1:
			return fmt.Sprintf("(not (and %s %s))", atom(), q)
		case 2:
			return fmt.Sprintf("(=> %s %s)", q, atom())
		case 3:
			return fmt.Sprintf("(bvult (ite %s k m) %s)", q, hex(r.IntN(6)))
		case 4:
			return fmt.Sprintf("(= %s %s)", q, atom())
		}
		return q
	}
	fmt.Fprintf(&b, "(assert %s)\n(assert %s)\n", place(forall()), place(forall()))
	for range 1 + r.IntN(3) {
		fmt.Fprintf(&b, "(assert %s)\n", atom())
	}
	b.WriteString("(check-sat)\n")
	return b.String()
}
