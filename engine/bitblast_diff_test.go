package engine_test

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/term"
)

// diffWidths are the bit-vector widths the random formulas use: small enough
// that every formula solves at once, varied enough to hit odd widths.
var diffWidths = []int{1, 2, 3, 4, 8, 13}

// formulaGen builds random QF_BV formulas as SMT-LIB text over two declared
// variables per width and two Bool variables. widths lists the widths of the
// declared variables, ascending; nil means diffWidths.
type formulaGen struct {
	r      *rand.Rand
	widths []int
}

func (g formulaGen) ws() []int {
	if g.widths == nil {
		return diffWidths
	}
	return g.widths
}

func (g formulaGen) declarations() string {
	var b strings.Builder
	for _, w := range g.ws() {
		fmt.Fprintf(&b, "(declare-const x%d (_ BitVec %d))(declare-const y%d (_ BitVec %d))", w, w, w, w)
	}
	b.WriteString("(declare-const p Bool)(declare-const q Bool)\n")
	return b.String()
}

func (g formulaGen) width() int { return g.ws()[g.r.IntN(len(g.ws()))] }

func (g formulaGen) boolTerm(depth int) string {
	if depth <= 0 {
		return []string{"p", "q", "true"}[g.r.IntN(3)]
	}
	d := depth - 1
	switch g.r.IntN(12) {
	case 0:
		return "(not " + g.boolTerm(d) + ")"
	case 1:
		op := []string{"and", "or", "xor", "=>", "="}[g.r.IntN(5)]
		return "(" + op + " " + g.boolTerm(d) + " " + g.boolTerm(d) + ")"
	case 2:
		return "(ite " + g.boolTerm(d) + " " + g.boolTerm(d) + " " + g.boolTerm(d) + ")"
	case 3:
		w := g.width()
		return "(distinct " + g.bvTerm(w, d) + " " + g.bvTerm(w, d) + " " + g.bvTerm(w, d) + ")"
	case 4, 5:
		w := g.width()
		return "(= " + g.bvTerm(w, d) + " " + g.bvTerm(w, d) + ")"
	case 6, 7, 8:
		w := g.width()
		op := []string{"bvult", "bvule", "bvugt", "bvuge", "bvslt", "bvsle", "bvsgt", "bvsge"}[g.r.IntN(8)]
		return "(" + op + " " + g.bvTerm(w, d) + " " + g.bvTerm(w, d) + ")"
	case 9:
		w := g.width()
		op := []string{"bvuaddo", "bvsaddo", "bvusubo", "bvssubo", "bvumulo", "bvsmulo", "bvsdivo"}[g.r.IntN(7)]
		return overflowMark(op, w) + g.bvTerm(w, d) + " " + g.bvTerm(w, d) + ")"
	case 10:
		w := g.width()
		return overflowMark("bvnego", w) + g.bvTerm(w, d) + ")"
	}
	return g.boolTerm(0)
}

func (g formulaGen) bvTerm(w, depth int) string {
	if depth <= 0 || g.r.IntN(6) == 0 {
		switch g.r.IntN(3) {
		case 0:
			if w > 64 {
				return fmt.Sprintf("(concat (_ bv%d %d) (_ bv%d 64))", g.r.Uint64()&(1<<(w-64)-1), w-64, g.r.Uint64())
			}
			return fmt.Sprintf("(_ bv%d %d)", g.r.Uint64()&(1<<w-1), w)
		}
		v := []string{"x", "y"}[g.r.IntN(2)]
		if slices.Contains(g.ws(), w) {
			return fmt.Sprintf("%s%d", v, w)
		}
		widest := g.ws()[len(g.ws())-1]
		if w > widest {
			return fmt.Sprintf("((_ zero_extend %d) %s%d)", w-widest, v, widest)
		}
		return fmt.Sprintf("((_ extract %d 0) %s%d)", w-1, v, widest)
	}
	d := depth - 1
	switch g.r.IntN(10) {
	case 0:
		op := []string{"bvnot", "bvneg"}[g.r.IntN(2)]
		return "(" + op + " " + g.bvTerm(w, d) + ")"
	case 1, 2, 3:
		op := []string{"bvadd", "bvsub", "bvmul", "bvudiv", "bvurem", "bvsdiv", "bvsrem", "bvsmod",
			"bvshl", "bvlshr", "bvashr", "bvand", "bvor", "bvxor", "bvnand", "bvnor", "bvxnor"}[g.r.IntN(17)]
		return "(" + op + " " + g.bvTerm(w, d) + " " + g.bvTerm(w, d) + ")"
	case 4:
		return "(ite " + g.boolTerm(d) + " " + g.bvTerm(w, d) + " " + g.bvTerm(w, d) + ")"
	case 5:
		wide := g.width()
		if wide < w {
			wide = w
		}
		lo := g.r.IntN(wide - w + 1)
		return fmt.Sprintf("((_ extract %d %d) %s)", lo+w-1, lo, g.bvTerm(wide, d))
	case 6:
		if w == 1 {
			u := g.width()
			return "(bvcomp " + g.bvTerm(u, d) + " " + g.bvTerm(u, d) + ")"
		}
		hi := 1 + g.r.IntN(w-1)
		return "(concat " + g.bvTerm(hi, d) + " " + g.bvTerm(w-hi, d) + ")"
	case 7:
		if w == 1 {
			break
		}
		k := 1 + g.r.IntN(w-1)
		op := []string{"zero_extend", "sign_extend"}[g.r.IntN(2)]
		return fmt.Sprintf("((_ %s %d) %s)", op, k, g.bvTerm(w-k, d))
	case 8:
		op := []string{"rotate_left", "rotate_right"}[g.r.IntN(2)]
		return fmt.Sprintf("((_ %s %d) %s)", op, g.r.IntN(2*w), g.bvTerm(w, d))
	case 9:
		for _, n := range []int{4, 3, 2} {
			if w%n == 0 && w > n {
				return fmt.Sprintf("((_ repeat %d) %s)", n, g.bvTerm(w/n, d))
			}
		}
	}
	return g.bvTerm(w, 0)
}

// The z3 this is tested with (4.8) predates the SMT-LIB 2.7 overflow
// predicates, so the generator marks each use with its width; the script for
// sift gets the predicate, the one for z3 a function defined from the
// predicate's meaning with wider arithmetic.
func overflowMark(op string, w int) string { return fmt.Sprintf("(@%s@%d ", op, w) }

var markRE = regexp.MustCompile(`@(bv[a-z]+)@(\d+)`)

func forSift(script string) string { return markRE.ReplaceAllString(script, "$1") }
func forZ3(script string) string   { return markRE.ReplaceAllString(script, "z3_${1}_$2") }

// z3OverflowDefs defines z3_<pred>_<w> for every predicate and width.
func z3OverflowDefs(widths []int) string {
	var b strings.Builder
	for _, w := range widths {
		bw := fmt.Sprintf("(_ BitVec %d)", w)
		min := fmt.Sprintf("(bvshl (_ bv1 %d) (_ bv%d %d))", w, w-1, w)
		// Signed overflow of a (w+1)-bit result s: its top two bits differ.
		diff := func(s string) string {
			return fmt.Sprintf("(not (= ((_ extract %d %d) %s) ((_ extract %d %d) %s)))", w, w, s, w-1, w-1, s)
		}
		defs := map[string]string{
			"bvnego":  fmt.Sprintf("(= a %s)", min),
			"bvuaddo": fmt.Sprintf("(= ((_ extract %d %d) (bvadd ((_ zero_extend 1) a) ((_ zero_extend 1) b))) #b1)", w, w),
			"bvsaddo": diff("(bvadd ((_ sign_extend 1) a) ((_ sign_extend 1) b))"),
			"bvusubo": "(bvult a b)",
			"bvssubo": diff("(bvsub ((_ sign_extend 1) a) ((_ sign_extend 1) b))"),
			"bvumulo": fmt.Sprintf("(not (= ((_ extract %d %d) (bvmul ((_ zero_extend %d) a) ((_ zero_extend %d) b))) (_ bv0 %d)))", 2*w-1, w, w, w, w),
			"bvsmulo": fmt.Sprintf("(let ((p (bvmul ((_ sign_extend %d) a) ((_ sign_extend %d) b)))) (not (= p ((_ sign_extend %d) ((_ extract %d 0) p)))))", w, w, w, w-1),
			"bvsdivo": fmt.Sprintf("(and (= a %s) (= b (bvnot (_ bv0 %d))))", min, w),
		}
		for _, op := range slices.Sorted(maps.Keys(defs)) {
			params := fmt.Sprintf("((a %s) (b %s))", bw, bw)
			if op == "bvnego" {
				params = fmt.Sprintf("((a %s))", bw)
			}
			fmt.Fprintf(&b, "(define-fun z3_%s_%d %s Bool %s)\n", op, w, params, defs[op])
		}
	}
	return b.String()
}

// TestRandomAgainstZ3 cross-checks the engine with the z3 binary on random
// formulas (fixed seed). All formulas run in one incremental script per
// solver, each between push and pop, which also exercises the stage's reuse
// of blasted terms and activation literals. Every sat model is validated by
// the driver, so a failed validation fails the test too.
func TestRandomAgainstZ3(t *testing.T) {
	z3, err := exec.LookPath("z3")
	if err != nil {
		t.Skip("z3 not installed")
	}
	const formulas = 200
	g := formulaGen{r: rand.New(rand.NewPCG(3, 2026))}
	var script strings.Builder
	script.WriteString(g.declarations())
	for range formulas {
		fmt.Fprintf(&script, "(push 1)(assert %s)(assert %s)(check-sat)(pop 1)\n", g.boolTerm(4), g.boolTerm(3))
	}

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, z3, "-in", "-smt2")
	cmd.Stdin = strings.NewReader(z3OverflowDefs(g.ws()) + forZ3(script.String()))
	z3Out, err := cmd.Output()
	if err != nil {
		t.Fatalf("z3: %v\n%s", err, z3Out)
	}
	want := strings.Fields(string(z3Out))
	got, out, bad := answers(t, []byte(forSift(script.String())), 10*time.Second)
	if bad > 0 {
		t.Errorf("%d models failed validation", bad)
	}
	if len(got) != formulas || len(want) != formulas {
		t.Fatalf("answers: sift %d, z3 %d, want %d each\nsift output:\n%s", len(got), len(want), formulas, out)
	}
	lines := strings.Split(script.String(), "\n")[1:]
	counts := map[string]int{}
	for i := range got {
		counts[got[i]]++
		if got[i] != want[i] && got[i] != "unknown" && want[i] != "unknown" {
			t.Errorf("formula %d: sift %s, z3 %s\n%s", i, got[i], want[i], lines[i])
		}
	}
	if counts["unknown"] > 0 {
		t.Errorf("%d of %d small formulas unknown", counts["unknown"], formulas)
	}
	t.Logf("sift answers: %v", counts)
}

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
