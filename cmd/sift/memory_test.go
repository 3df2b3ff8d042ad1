package main

import (
	"fmt"
	"math/big"
	"math/rand"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// blowup is a problem made to exhaust memory: one check whose circuit, lemma
// set or instance set grows past any limit, followed by a check that must
// still be answered (the session goes on).
type blowup struct {
	name   string
	script string
}

// after is what every blow-up script ends with: a fresh, easy check.
const after = "(reset-assertions)\n(declare-const z (_ BitVec 8))\n(assert (= z #x01))\n(check-sat)\n"

// blowups returns the blow-up set at a scale: 1 for the tests (each blows
// past a few hundred megabytes within seconds), 4 for the measurement (past
// gigabytes).
func blowups(scale int) []blowup {
	rng := rand.New(rand.NewSource(1))
	hex := func(w int, x *big.Int) string { return fmt.Sprintf("#x%0*x", w/4, x) }
	randBits := func(w int) *big.Int {
		x := new(big.Int)
		for i := 0; i < w; i++ {
			x.SetBit(x, i, uint(rng.Intn(2)))
		}
		return x
	}
	var out []blowup
	// A huge multiplier: factor the product of two random w/2-bit primes-ish.
	w := 1024 * scale
	p, q := randBits(w/2), randBits(w/2)
	p.SetBit(p, 0, 1).SetBit(p, w/2-1, 1)
	q.SetBit(q, 0, 1).SetBit(q, w/2-1, 1)
	one, half := big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(w/2))
	out = append(out, blowup{"multiplier", fmt.Sprintf(`(set-logic QF_BV)
(declare-const x (_ BitVec %[1]d))
(declare-const y (_ BitVec %[1]d))
(assert (= (bvmul x y) %[2]s))
(assert (bvult %[3]s x))
(assert (bvult %[3]s y))
(assert (bvult x %[4]s))
(assert (bvult y %[4]s))
(check-sat)
(get-info :reason-unknown)
`, w, hex(w, new(big.Int).Mul(p, q)), hex(w, one), hex(w, half))})
	// A deep store chain read at symbolic indices: lemmas grow with the
	// square of the depth.
	n := 1500 * scale
	var b strings.Builder
	b.WriteString("(set-logic QF_ABV)\n(declare-const a (Array (_ BitVec 32) (_ BitVec 32)))\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "(declare-const i%d (_ BitVec 32))\n", i)
	}
	chain := "a"
	for i := 0; i < n; i++ {
		chain = fmt.Sprintf("(store %s i%d (bvadd (select a i%d) #x%08x))", chain, i, (i*7)%n, i)
	}
	fmt.Fprintf(&b, "(define-fun m () (Array (_ BitVec 32) (_ BitVec 32)) %s)\n", chain)
	b.WriteString("(assert (= (select m i0) (bvadd (select m i1) (select m i2))))\n")
	b.WriteString("(assert (distinct (select m (bvadd i0 #x00000001)) (select a i3)))\n(check-sat)\n(get-info :reason-unknown)\n")
	out = append(out, blowup{"store-chain", b.String()})
	// A product of many wide factors: every multiplier is blasted.
	k, fw := 6*scale, 512
	b.Reset()
	b.WriteString("(set-logic QF_BV)\n")
	prod := "x0"
	for i := 0; i < k; i++ {
		fmt.Fprintf(&b, "(declare-const x%d (_ BitVec %d))\n(assert (bvugt x%d %s))\n", i, fw, i, hex(fw, one))
		if i > 0 {
			prod = fmt.Sprintf("(bvmul %s x%d)", prod, i)
		}
	}
	fmt.Fprintf(&b, "(assert (= %s %s))\n(check-sat)\n(get-info :reason-unknown)\n", prod, hex(fw, randBits(fw).SetBit(new(big.Int), 0, 1)))
	out = append(out, blowup{"multiplier-chain", b.String()})
	// An exploding quantifier expansion: a bounded ∀∀ over n² cells.
	out = append(out, blowup{"quantifier-expansion", fmt.Sprintf(`(set-logic ABV)
(declare-const a (Array (_ BitVec 32) (_ BitVec 32)))
(declare-const b (Array (_ BitVec 32) (_ BitVec 32)))
(declare-const n (_ BitVec 32))
(assert (bvugt n #x%08x))
(assert (forall ((i (_ BitVec 32))) (=> (bvult i n) (forall ((j (_ BitVec 32))) (=> (bvult j n) (= (select a (bvadd (bvmul i n) j)) (bvmul (select b i) (select b j))))))))
(assert (= (select a #x00000007) #x00000005))
(assert (= (select b #x00000000) #x00000003))
(check-sat)
(get-info :reason-unknown)
`, 1<<(8+2*scale))})
	for i := range out {
		out[i].script += after
	}
	return out
}

// runLimited runs this test binary as sift on script under an address-space
// limit (prlimit) and returns its output, exit error and wall time.
func runLimited(t testing.TB, as string, args []string, script string) (string, error, time.Duration) {
	prlimit, err := exec.LookPath("prlimit")
	if err != nil {
		t.Skip("no prlimit")
	}
	cmd := exec.Command(prlimit, append([]string{"--as=" + as, os.Args[0]}, args...)...)
	cmd.Env = append(os.Environ(), asSiftEnv+"=1")
	cmd.Stdin = strings.NewReader(script)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	out, err := cmd.Output()
	if err != nil {
		err = fmt.Errorf("%v: %.500s", err, stderr.String())
	}
	return string(out), err, time.Since(start)
}

// checkBlowupOutput requires an answer to the blow-up check (with memout or
// timeout as the reason when unknown) and sat for the check after it.
func checkBlowupOutput(out string) error {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 && len(lines) != 2 {
		return fmt.Errorf("want an answer, a reason or nothing, and sat; got %q", out)
	}
	switch lines[0] {
	case "sat", "unsat":
	case "unknown":
		if r := lines[1]; r != "(:reason-unknown memout)" && r != "(:reason-unknown timeout)" {
			return fmt.Errorf("unknown for %s", r)
		}
	default:
		return fmt.Errorf("first answer %q", lines[0])
	}
	if lines[len(lines)-1] != "sat" {
		return fmt.Errorf("the check after the blow-up answered %q", lines[len(lines)-1])
	}
	return nil
}

// TestMemoryLimitBlowups runs the small blow-up set with a 150 MiB memory
// limit under a 2.5 GiB address-space cap (sift's own address space starts
// near 1.7 GiB, mostly reserved): every check is answered, the blow-up one
// with memout or timeout, and the session answers the next check.
func TestMemoryLimitBlowups(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	for _, b := range blowups(1) {
		t.Run(b.name, func(t *testing.T) {
			out, err, el := runLimited(t, "2684354560", []string{"-t", "5", "--memory-limit", "150M"}, b.script)
			t.Logf("%q in %v", out, el)
			if err != nil {
				t.Fatalf("sift did not finish cleanly: %v\n%s", err, out)
			}
			if err := checkBlowupOutput(out); err != nil {
				t.Error(err)
			}
		})
	}
}

// BenchmarkBlowups measures the blow-up set at full scale under a 4 GiB
// address-space cap with the default memory limit and a 20 s time limit:
// crashes (an OOM kill, a failed allocation) and wrong shapes of output are
// counted, and the worst wall time is reported against the limit.
//
//	go test ./cmd/sift -run '^$' -bench Blowups -benchtime 1x -timeout 30m
func BenchmarkBlowups(b *testing.B) {
	const limit = 20 * time.Second
	for b.Loop() {
		crashes, bad := 0, 0
		worst := time.Duration(0)
		for _, x := range blowups(4) {
			out, err, el := runLimited(b, "4294967296", []string{"-t", "20"}, x.script)
			first, _, _ := strings.Cut(out, "\n")
			b.Logf("%s: %s in %.2fs (%v)", x.name, strings.ReplaceAll(strings.TrimSpace(out), "\n", " | "), el.Seconds(), err)
			if err != nil {
				crashes++
			} else if checkBlowupOutput(out) != nil {
				bad++
			}
			if first != "sat" && first != "unsat" {
				worst = max(worst, el) // a decided check may take any time below the limit
			}
		}
		b.ReportMetric(float64(crashes), "crashes")
		b.ReportMetric(float64(bad), "bad-outputs")
		b.ReportMetric(worst.Seconds()/limit.Seconds(), "worst-time/limit")
	}
}
