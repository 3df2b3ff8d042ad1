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
// sift, z3, sift, …), three times, and the medians of wall and CPU time
// compared. The goal is fallback ≤ 1.5 × z3 + 50 ms on every file. It needs ../shared and takes about half an hour:
//
//	SIFT_PARITY_OUT=parity.tsv go test ./cmd/sift -run '^$' -bench FallbackParity -benchtime 1x -timeout 2h
//
// SIFT_SHARED names the shared directory when it is not ../shared;
// SIFT_PARITY_TIMEOUT sets the per-check limit of both (default 20s);
// SIFT_PARITY_FILTER keeps only the files whose path contains it;
// SIFT_PARITY_ARGS adds arguments to sift's (--z3-interpreter, say);
// SIFT_PARITY_SHARD=I/N keeps every N-th file from the I-th (0-based), so
// that N runs cover the suite between them. The per-file table goes to
// SIFT_PARITY_OUT.
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
	shard, shards := 0, 1
	if s := os.Getenv("SIFT_PARITY_SHARD"); s != "" {
		if _, err := fmt.Sscanf(s, "%d/%d", &shard, &shards); err != nil || shard < 0 || shard >= shards {
			b.Fatalf("SIFT_PARITY_SHARD=%q: want I/N with 0 ≤ I < N", s)
		}
	}
	var files []bench.Instance
	n := 0
	for _, in := range suite.Instances {
		switch in.Logic {
		case "BV", "ABV", "UFBV", "AUFBV":
			if strings.Contains(in.Path, os.Getenv("SIFT_PARITY_FILTER")) {
				if n%shards == shard {
					files = append(files, in)
				}
				n++
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
	fallback = append(fallback, strings.Fields(os.Getenv("SIFT_PARITY_ARGS"))...)
	z3 := []string{"z3", fmt.Sprintf("-T:%d", int(limit.Seconds()))}
	for b.Loop() {
		// The table is written row by row, so that a run cut short still
		// leaves the files it measured.
		var table strings.Builder
		flush := func() {
			if out := os.Getenv("SIFT_PARITY_OUT"); out != "" {
				if err := os.WriteFile(out, []byte(table.String()), 0o644); err != nil {
					b.Fatal(err)
				}
			}
		}
		table.WriteString("file\tz3_answer\tz3_wall_s\tz3_cpu_s\tfallback_answer\tfallback_wall_s\tfallback_cpu_s\twall_ratio\tcpu_ratio\tover_wall\tover_cpu\n")
		var wallRatios, cpuRatios []float64
		overWall, overCPU, disagree := 0, 0, 0
		for _, in := range files {
			z, f := pairedRuns(append(z3, in.Path), append(fallback, in.Path), limit)
			wr, cr := f.wall.Seconds()/z.wall.Seconds(), f.cpu.Seconds()/max(z.cpu.Seconds(), 1e-3)
			ow, oc := overBound(f.wall, z.wall), overBound(f.cpu, z.cpu)
			if ow {
				overWall++
			}
			if oc {
				overCPU++
			}
			if decided(z.answer) && decided(f.answer) && z.answer != f.answer {
				disagree++
				b.Errorf("%s: z3 %s, sift's fallback %s", in.Name, z.answer, f.answer)
			}
			wallRatios, cpuRatios = append(wallRatios, wr), append(cpuRatios, cr)
			fmt.Fprintf(&table, "%s\t%s\t%.3f\t%.3f\t%s\t%.3f\t%.3f\t%.2f\t%.2f\t%v\t%v\n", in.Name, z.answer, z.wall.Seconds(), z.cpu.Seconds(),
				f.answer, f.wall.Seconds(), f.cpu.Seconds(), wr, cr, ow, oc)
			flush()
		}
		slices.Sort(wallRatios)
		slices.Sort(cpuRatios)
		if n := len(files); n > 0 {
			b.ReportMetric(wallRatios[n/2], "median-wall-ratio")
			b.ReportMetric(wallRatios[n-1], "worst-wall-ratio")
			b.ReportMetric(cpuRatios[n/2], "median-cpu-ratio")
			b.ReportMetric(cpuRatios[n-1], "worst-cpu-ratio")
			b.ReportMetric(float64(overWall), "files-over-bound-wall")
			b.ReportMetric(float64(overCPU), "files-over-bound-cpu")
			b.ReportMetric(float64(disagree), "disagreements")
			b.ReportMetric(float64(n), "files")
		}
	}
}

// overBound reports whether the fallback's time f breaks the goal against
// the binary's z: at most 1.5 z + 50 ms.
func overBound(f, z time.Duration) bool { return f > z*3/2+50*time.Millisecond }

func decided(answer string) bool { return answer == "sat" || answer == "unsat" }

// timing is one command's median times over a file and its answers.
type timing struct {
	wall, cpu time.Duration
	answer    string
}

// pairedRuns runs a and b in turn, three times each (once when a run takes
// more than half the limit), and returns each one's median wall and CPU
// times and answers: pairing keeps the comparison fair on a machine whose
// load drifts. CPU time is the process's and its waited-for children's (sift
// stops and waits for its Z3 worker at exit), user and system: on a loaded
// machine it is the steadier of the two.
func pairedRuns(a, b []string, limit time.Duration) (timing, timing) {
	var aw, ac, bw, bc []time.Duration
	var ra, rb timing
	for i := 0; i < 3; i++ {
		ta, ca, ansA := timedRun(a, limit)
		tb, cb, ansB := timedRun(b, limit)
		aw, ac, bw, bc = append(aw, ta), append(ac, ca), append(bw, tb), append(bc, cb)
		ra.answer, rb.answer = ansA, ansB
		if ta > limit/2 || tb > limit/2 {
			break
		}
	}
	median := func(ds []time.Duration) time.Duration {
		slices.Sort(ds)
		return ds[len(ds)/2]
	}
	ra.wall, ra.cpu, rb.wall, rb.cpu = median(aw), median(ac), median(bw), median(bc)
	return ra, rb
}

// timedRun runs argv once and returns its wall and CPU times and answers.
func timedRun(argv []string, limit time.Duration) (time.Duration, time.Duration, string) {
	ctx, cancel := context.WithTimeout(context.Background(), limit+5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), asSiftEnv+"=1")
	var out bytes.Buffer
	cmd.Stdout = &out
	start := time.Now()
	cmd.Run()
	wall := time.Since(start)
	var cpu time.Duration
	if cmd.ProcessState != nil {
		cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	return wall, cpu, checkAnswers(out.String())
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
