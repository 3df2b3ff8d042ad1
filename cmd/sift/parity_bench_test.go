package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sift-solver/sift/bench"
	"github.com/sift-solver/sift/engine"
)

// asSiftEnv makes this test binary run as sift (TestMain), so that the parity
// benchmark times the command line itself, process start included.
const asSiftEnv = "SIFT_TEST_AS_SIFT"

// BenchmarkFallbackParity times sift's Z3 fallback alone (every other stage
// disabled) against the z3 binary on every quantified file of the dev suite
// (logics BV, ABV, UFBV and AUFBV), the two run in turn on each file (z3,
// sift, z3, sift, …), three times, and the medians compared. The goal is fallback ≤ 1.5 × z3 + 50 ms
// on every file. It needs ../shared and takes about half an hour:
//
//	SIFT_PARITY_OUT=parity.tsv go test ./cmd/sift -run '^$' -bench FallbackParity -benchtime 1x -timeout 2h
//
// SIFT_SHARED names the shared directory when it is not ../shared;
// SIFT_PARITY_TIMEOUT sets the per-check limit of both (default 20s);
// SIFT_PARITY_FILTER keeps only the files whose path contains it. The
// per-file table goes to SIFT_PARITY_OUT.
func BenchmarkFallbackParity(b *testing.B) {
	shared := filepath.Join("..", "..", "..", "shared")
	if dir := os.Getenv("SIFT_SHARED"); dir != "" {
		shared = dir // a worktree elsewhere than next to shared/
	}
	manifest := filepath.Join(shared, "bench", "MANIFEST.tsv")
	if _, err := os.Stat(manifest); err != nil {
		b.Skip("../shared is absent: the parity benchmark needs ../shared/bench/MANIFEST.tsv")
	}
	if _, err := exec.LookPath("z3"); err != nil {
		b.Skip("no z3 binary")
	}
	suite, err := bench.LoadManifest(manifest)
	if err != nil {
		b.Fatal(err)
	}
	limit := 20 * time.Second
	if s := os.Getenv("SIFT_PARITY_TIMEOUT"); s != "" {
		if limit, err = time.ParseDuration(s); err != nil {
			b.Fatal(err)
		}
	}
	var files []bench.Instance
	for _, in := range suite.Instances {
		switch in.Logic {
		case "BV", "ABV", "UFBV", "AUFBV":
			if strings.Contains(in.Path, os.Getenv("SIFT_PARITY_FILTER")) {
				files = append(files, in)
			}
		}
	}
	self, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	var others []string
	for _, s := range engine.DefaultStages() {
		if s.Name() != "z3-fallback" {
			others = append(others, s.Name())
		}
	}
	fallback := []string{self, "-t", limit.String(), "--disable=" + strings.Join(others, ",")}
	z3 := []string{"z3", fmt.Sprintf("-T:%d", int(limit.Seconds()))}
	for b.Loop() {
		var table strings.Builder
		table.WriteString("file\tz3_answer\tz3_s\tfallback_answer\tfallback_s\tratio\tover\n")
		var ratios []float64
		over := 0
		for _, in := range files {
			zt, za, ft, fa := pairedRuns(append(z3, in.Path), append(fallback, in.Path), limit)
			ratio := ft.Seconds() / zt.Seconds()
			bad := ft > zt*3/2+50*time.Millisecond
			if bad {
				over++
			}
			ratios = append(ratios, ratio)
			fmt.Fprintf(&table, "%s\t%s\t%.3f\t%s\t%.3f\t%.2f\t%v\n", in.Name, za, zt.Seconds(), fa, ft.Seconds(), ratio, bad)
		}
		slices.Sort(ratios)
		if out := os.Getenv("SIFT_PARITY_OUT"); out != "" {
			if err := os.WriteFile(out, []byte(table.String()), 0o644); err != nil {
				b.Fatal(err)
			}
		}
		if len(ratios) > 0 {
			b.ReportMetric(ratios[len(ratios)/2], "median-ratio")
			b.ReportMetric(ratios[len(ratios)-1], "worst-ratio")
			b.ReportMetric(float64(over), "files-over-bound")
			b.ReportMetric(float64(len(ratios)), "files")
		}
	}
}

// pairedRuns runs a and b in turn, three times each (once when a run takes
// more than half the limit), and returns each one's median wall time and
// answers: pairing keeps the comparison fair on a machine whose load drifts.
func pairedRuns(a, b []string, limit time.Duration) (time.Duration, string, time.Duration, string) {
	var at, bt []time.Duration
	var aa, ba string
	for i := 0; i < 3; i++ {
		ta, ansA := timedRun(a, limit)
		tb, ansB := timedRun(b, limit)
		at, bt, aa, ba = append(at, ta), append(bt, tb), ansA, ansB
		if ta > limit/2 || tb > limit/2 {
			break
		}
	}
	slices.Sort(at)
	slices.Sort(bt)
	return at[len(at)/2], aa, bt[len(bt)/2], ba
}

// timedRun runs argv once and returns its wall time and answers.
func timedRun(argv []string, limit time.Duration) (time.Duration, string) {
	ctx, cancel := context.WithTimeout(context.Background(), limit+5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), asSiftEnv+"=1")
	var out bytes.Buffer
	cmd.Stdout = &out
	start := time.Now()
	cmd.Run()
	return time.Since(start), checkAnswers(out.String())
}

// checkAnswers joins the check-sat answers of a run's output.
func checkAnswers(out string) string {
	var as []string
	for _, line := range strings.Split(out, "\n") {
		switch line = strings.TrimSpace(line); line {
		case "sat", "unsat", "unknown", "timeout":
			as = append(as, line)
		}
	}
	if len(as) == 0 {
		return "none"
	}
	return strings.Join(as, ",")
}
