package quant_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/quant/mergegen"
)

// TestMergeCampaign is the merge-shaped share of the long differential
// campaign (issue 17): SIFT_MERGE_CAMPAIGN_N generated queries from
// SIFT_MERGE_CAMPAIGN_SEED (every family, sizes cycling from 16-byte
// buffers to 256), each solved by sift without its Z3 fallback and by the
// z3 binary, 2 s each. A disagreement where both decide, or a model that
// fails sift's own validation, is a mismatch. It skips unless N is set:
//
//	SIFT_MERGE_CAMPAIGN_N=2000 SIFT_MERGE_CAMPAIGN_SEED=1 go test ./quant -run TestMergeCampaign -v -timeout 0
func TestMergeCampaign(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("SIFT_MERGE_CAMPAIGN_N"))
	if n <= 0 {
		t.Skip("SIFT_MERGE_CAMPAIGN_N not set: a long run")
	}
	if _, err := exec.LookPath("z3"); err != nil {
		t.Skip("z3 not installed")
	}
	seed, _ := strconv.ParseUint(os.Getenv("SIFT_MERGE_CAMPAIGN_SEED"), 10, 64)
	sizes := []mergegen.Options{{MaxBuffer: 16, MaxK: 8}, {MaxBuffer: 64, MaxK: 50}, {MaxBuffer: 256, MaxK: 200}}
	const batch = 100 // queries per generator call, each call with the next size
	dir := t.TempDir()
	type tally struct{ queries, agreed, siftUnknown, z3Unknown int }
	perFamily := map[string]*tally{}
	answers := map[string]int{}
	mismatches := 0
	for done := 0; done < n; done += batch {
		qs := mergegen.Generate(seed*1_000_003+uint64(done), min(batch, n-done), sizes[(done/batch)%len(sizes)])
		for _, q := range qs {
			name := fmt.Sprintf("%d-%s", done, q.Name)
			path := filepath.Join(dir, name+".smt2")
			if err := os.WriteFile(path, []byte(q.Script), 0o644); err != nil {
				t.Fatal(err)
			}
			z := runZ3(t, path, 2).answer
			s := runSiftWith(t, q.Script, engine.Options{NoFallback: true}, 2*time.Second)
			os.Remove(path)
			tl := perFamily[q.Family]
			if tl == nil {
				tl = &tally{}
				perFamily[q.Family] = tl
			}
			tl.queries++
			answers[s.answer]++
			decided := func(a string) bool { return a == "sat" || a == "unsat" }
			switch {
			case s.fails > 0:
				mismatches++
				t.Errorf("mismatch: seed %d %s: %d models failed validation\n%s", seed, name, s.fails, q.Script)
			case !decided(z):
				tl.z3Unknown++
			case !decided(s.answer):
				tl.siftUnknown++
			case z != s.answer:
				mismatches++
				t.Errorf("mismatch: seed %d %s: sift %s, z3 %s\n%s", seed, name, s.answer, z, q.Script)
			default:
				tl.agreed++
			}
		}
		if done/batch%10 == 9 {
			t.Logf("progress: %d queries; sift %v; %d mismatches", done+batch, answers, mismatches)
		}
	}
	fams := make([]string, 0, len(perFamily))
	for f := range perFamily {
		fams = append(fams, f)
	}
	slices.Sort(fams)
	var b strings.Builder
	for _, f := range fams {
		tl := perFamily[f]
		fmt.Fprintf(&b, "\n  %-14s %6d queries, %6d decided by both, all agreed, %5d sift unknown, %5d z3 unknown", f, tl.queries, tl.agreed, tl.siftUnknown, tl.z3Unknown)
	}
	t.Logf("seed %d: %d queries; sift %v; %d mismatches%s", seed, n, answers, mismatches, b.String())
}
