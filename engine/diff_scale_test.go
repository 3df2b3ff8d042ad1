package engine_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// wideWidths are the widths of the scaled differential test: every width from
// 1 to 8, and the boundaries of the 32- and 64-bit fast paths up to 70.
var wideWidths = []int{1, 2, 3, 4, 5, 6, 7, 8, 16, 31, 32, 33, 63, 64, 65, 70}

// diffBatch is how many formulas share one incremental script (and one z3
// process) unless SIFT_DIFF_BATCH says otherwise.
const diffBatch = 50

// envInt reads a positive integer from the environment, or def.
func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// TestDifferentialQFBV cross-checks sift with the z3 binary on random QF_BV
// formulas over widths 1–70, in incremental push/pop scripts that also ask
// get-value after sat (every sat model is validated by the engine's driver,
// so a wrong value fails the test through the validation count).
//
// CI runs a fixed seed and SIFT_DIFF_N formulas (default 2000); longer runs:
//
//	make fuzz-diff N=200000 SEED=7
func TestDifferentialQFBV(t *testing.T) {
	z3, err := exec.LookPath("z3")
	if err != nil {
		t.Skip("z3 not installed: the differential test needs the z3 binary")
	}
	n := envInt("SIFT_DIFF_N", 2000)
	seed := uint64(envInt("SIFT_DIFF_SEED", 1))
	if testing.Short() {
		n = min(n, 500)
	}
	g := formulaGen{r: rand.New(rand.NewPCG(seed, 0x5eed)), widths: wideWidths}
	batch := envInt("SIFT_DIFF_BATCH", diffBatch)
	counts := map[string]int{}
	for done := 0; done < n; done += batch {
		m := min(batch, n-done)
		var script strings.Builder
		script.WriteString(g.declarations())
		for range m {
			fmt.Fprintf(&script, "(push 1)(assert %s)(assert %s)(check-sat)(pop 1)\n", g.boolTerm(3), g.boolTerm(3))
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		cmd := exec.CommandContext(ctx, z3, "-in", "-smt2", "-t:2000")
		cmd.Stdin = strings.NewReader(z3OverflowDefs(wideWidths) + forZ3(script.String()))
		z3Out, err := cmd.Output()
		cancel()
		if err != nil {
			t.Fatalf("z3: %v\n%s", err, z3Out)
		}
		want := strings.Fields(string(z3Out))
		got, out, bad := answers(t, []byte(forSift(script.String())), 2*time.Second)
		if bad > 0 {
			t.Errorf("batch at %d: %d models failed validation", done, bad)
		}
		if len(got) != m || len(want) != m {
			t.Fatalf("batch at %d: sift gave %d answers, z3 %d, want %d\n%.3000s", done, len(got), len(want), m, out)
		}
		lines := strings.Split(script.String(), "\n")[1:]
		for i := range got {
			counts[got[i]]++
			if got[i] != want[i] && got[i] != "unknown" && want[i] != "unknown" {
				t.Errorf("formula %d (seed %d): sift %s, z3 %s\n%s", done+i, seed, got[i], want[i], lines[i])
			}
			if got[i] == "unknown" && want[i] != "unknown" {
				counts["unknown-where-z3-decided"]++
			}
		}
	}
	t.Logf("%d formulas, seed %d: sift answers %v", n, seed, counts)
}
