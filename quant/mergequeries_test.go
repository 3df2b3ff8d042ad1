package quant_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/quant/mergegen"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// siftRun is one in-process run of the engine on a script.
type siftRun struct {
	answer string
	stage  string // what decided the last check: quant-strip, …, bitblast, z3; "" if nothing did
	fails  int    // models that failed validation
	time   time.Duration
	cpu    time.Duration // user and system time of the whole test process meanwhile
}

func runSift(t testing.TB, script string) siftRun {
	return runSiftWith(t, script, engine.Options{}, 30*time.Second)
}

// runSiftWith is runSift with the engine's options and the check's limit.
func runSiftWith(t testing.TB, script string, opts engine.Options, timeout time.Duration) siftRun {
	var sess *engine.Session
	var out strings.Builder
	in := smtlib.NewInterpreter(smtlib.Config{ProduceModels: true, NewSolver: func(st *term.Store) smtlib.Solver {
		sess = engine.NewSession(st, opts)
		return sess
	}, Timeout: timeout}, &out)
	cpu0 := processCPU()
	start := time.Now()
	if err := in.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatalf("sift: %v", err)
	}
	return siftRun{answer: strings.TrimSpace(out.String()), time: time.Since(start), cpu: processCPU() - cpu0,
		stage: sess.LastStage(), fails: sess.Driver().ValidationFailures}
}

// processCPU returns the user and system time this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// z3Run is one run of the z3 binary on a file.
type z3Run struct {
	answer string
	wall   time.Duration // the process, start-up included
	self   time.Duration // z3's own :total-time
	cpu    time.Duration // the process's user and system time
}

// runZ3 runs z3 -st with a limit of limit seconds on a file.
func runZ3(t testing.TB, path string, limit int) z3Run {
	start := time.Now()
	cmd := exec.Command("z3", "-st", fmt.Sprintf("-T:%d", limit), path)
	out, err := cmd.Output()
	r := z3Run{wall: time.Since(start)}
	if cmd.ProcessState != nil {
		r.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	if err != nil && len(out) == 0 {
		t.Fatalf("z3 %s: %v", path, err)
	}
	s := string(out)
	r.answer = strings.TrimSpace(strings.SplitN(s, "\n", 2)[0])
	if i := strings.Index(s, ":total-time"); i >= 0 {
		if f := strings.Fields(strings.Trim(s[i+len(":total-time"):], " )\n")); len(f) > 0 {
			if sec, err := strconv.ParseFloat(strings.TrimRight(f[0], ")"), 64); err == nil {
				r.self = time.Duration(sec * float64(time.Second))
			}
		}
	}
	if r.self == 0 {
		r.self = r.wall
	}
	return r
}

// TestMergeQueriesAgainstZ3 cross-checks sift on generated seed-000-shaped
// queries (fixed seed, every family) against the z3 binary: no answer may
// disagree, and no model may fail validation. Queries z3 does not settle
// within 2 s are not compared.
func TestMergeQueriesAgainstZ3(t *testing.T) {
	if _, err := exec.LookPath("z3"); err != nil {
		t.Skip("z3 not installed")
	}
	dir := t.TempDir()
	qs := mergegen.Generate(7, 72, mergegen.Options{MaxBuffer: 48, MaxK: 24})
	answered := 0
	for _, q := range qs {
		path := filepath.Join(dir, q.Name+".smt2")
		if err := os.WriteFile(path, []byte(q.Script), 0o644); err != nil {
			t.Fatal(err)
		}
		z := runZ3(t, path, 2).answer
		s := runSift(t, q.Script)
		if s.fails > 0 {
			t.Errorf("%s: %d models failed validation", q.Name, s.fails)
		}
		if (z == "sat" || z == "unsat") && (s.answer == "sat" || s.answer == "unsat") {
			answered++
			if z != s.answer {
				t.Errorf("%s: sift %s, z3 %s\n%s", q.Name, s.answer, z, q.Script)
			}
		}
	}
	if answered < len(qs)*3/4 {
		t.Fatalf("only %d of %d queries answered by both", answered, len(qs))
	}
	t.Logf("%d of %d queries answered by both, all agree", answered, len(qs))
}

// benchQuery is one file of the merge benchmark.
type benchQuery struct {
	name, family, path string
}

// mergeBenchQueries returns the benchmark's queries: every .smt2 file under
// $SIFT_MERGE_DIR when it is set, else 240 generated ones of mixed sizes
// (every family; buffers up to 256 bytes, counts up to 200) written to dir.
func mergeBenchQueries(b *testing.B, dir string) []benchQuery {
	if d := os.Getenv("SIFT_MERGE_DIR"); d != "" {
		var out []benchQuery
		err := filepath.WalkDir(d, func(p string, e os.DirEntry, err error) error {
			if err == nil && !e.IsDir() && strings.HasSuffix(p, ".smt2") {
				out = append(out, benchQuery{name: strings.TrimPrefix(p, d+"/"), family: filepath.Base(filepath.Dir(p)), path: p})
			}
			return err
		})
		if err != nil || len(out) == 0 {
			b.Fatalf("no .smt2 files under %s (%v)", d, err)
		}
		return out
	}
	var out []benchQuery
	for i, o := range []mergegen.Options{{MaxBuffer: 16, MaxK: 8}, {MaxBuffer: 64, MaxK: 50}, {MaxBuffer: 256, MaxK: 200}, {MaxBuffer: 256, MaxK: 200}} {
		for _, q := range mergegen.Generate(uint64(100+i), 60, o) {
			p := filepath.Join(dir, fmt.Sprintf("%d_%s.smt2", i, q.Name))
			if err := os.WriteFile(p, []byte(q.Script), 0o644); err != nil {
				b.Fatal(err)
			}
			out = append(out, benchQuery{name: filepath.Base(p), family: q.Family, path: p})
		}
	}
	return out
}

// BenchmarkMergeQueries runs sift in-process and the z3 binary side by side
// on merge queries (see mergeBenchQueries) and reports, for sift's wall time
// against the z3 process's and against z3's own :total-time, and for sift's
// CPU time (the test process's, all threads) against the z3 process's, the
// total and median times, the total and median ratios and the worst query;
// what decided each query; and wrong answers and failed validations. On a
// loaded machine the CPU figures are the steadier ones:
//
//	go test ./quant -run '^$' -bench BenchmarkMergeQueries -benchtime 1x -v
//
// SIFT_MERGE_DIR names a directory of queries to run instead of generated
// ones, SIFT_MERGE_TSV a file for one line per query, SIFT_MERGE_Z3_LIMIT
// z3's limit in seconds (default 20).
func BenchmarkMergeQueries(b *testing.B) {
	if _, err := exec.LookPath("z3"); err != nil {
		b.Skip("z3 not installed")
	}
	limit := 20
	if v, err := strconv.Atoi(os.Getenv("SIFT_MERGE_Z3_LIMIT")); err == nil && v > 0 {
		limit = v
	}
	qs := mergeBenchQueries(b, b.TempDir())
	for b.Loop() {
		var zw, zs, zc, st, sc []time.Duration
		stages := map[string]int{}
		var tsv strings.Builder
		wrong, unknown, fails := 0, 0, 0
		for _, q := range qs {
			script, err := os.ReadFile(q.path)
			if err != nil {
				b.Fatal(err)
			}
			z := runZ3(b, q.path, limit)
			s := runSift(b, string(script))
			zw, zs, zc, st, sc = append(zw, z.wall), append(zs, z.self), append(zc, z.cpu), append(st, s.time), append(sc, s.cpu)
			stage := s.stage
			if stage == "" {
				stage = "none"
			}
			stages[stage]++
			fails += s.fails
			switch {
			case s.answer != "sat" && s.answer != "unsat":
				unknown++
			case (z.answer == "sat" || z.answer == "unsat") && z.answer != s.answer:
				wrong++
				b.Errorf("%s: sift %s, z3 %s", q.name, s.answer, z.answer)
			}
			fmt.Fprintf(&tsv, "%s\t%s\t%s\t%.4f\t%.4f\t%.4f\t%s\t%.4f\t%.4f\t%s\t%d\n", q.name, q.family, z.answer,
				z.wall.Seconds(), z.self.Seconds(), z.cpu.Seconds(), s.answer, s.time.Seconds(), s.cpu.Seconds(), stage, s.fails)
		}
		if p := os.Getenv("SIFT_MERGE_TSV"); p != "" {
			os.WriteFile(p, []byte("file\tfamily\tz3\tz3_wall_s\tz3_self_s\tz3_cpu_s\tsift\tsift_s\tsift_cpu_s\tstage\tfailed_validations\n"+tsv.String()), 0o644)
		}
		b.Logf("%d queries; wrong %d; failed validations %d; sift unknown %d", len(qs), wrong, fails, unknown)
		for _, cmp := range []struct {
			name string
			a, b []time.Duration
		}{{"wall vs z3 process", st, zw}, {"wall vs z3 :total-time", st, zs}, {"cpu vs z3 process cpu", sc, zc}, {"cpu vs z3 :total-time", sc, zs}} {
			r := compareTimes(cmp.a, cmp.b)
			b.Logf("sift in-process %-22s: total %v vs %v (%.1fx); median %v vs %v; median ratio %.1fx; worst ratio %.2fx (%s)",
				cmp.name, r.totalA, r.totalB, r.total, r.medianA, r.medianB, r.median, r.worst, qs[r.worstAt].name)
		}
		names := make([]string, 0, len(stages))
		for k := range stages {
			names = append(names, k)
		}
		slices.Sort(names)
		for _, k := range names {
			b.Logf("decided by %-11s %3d (%.0f%%)", k, stages[k], 100*float64(stages[k])/float64(len(qs)))
		}
		b.ReportMetric(float64(wrong), "wrong")
		b.ReportMetric(float64(fails), "failed-validations")
	}
}

// ratios compares per-query times a (sift) with b (a peer).
type ratios struct {
	totalA, totalB, medianA, medianB time.Duration
	total, median, worst             float64 // b over a: above 1 means sift is faster
	worstAt                          int
}

func compareTimes(a, b []time.Duration) ratios {
	med := func(d []time.Duration) time.Duration { d = slices.Clone(d); slices.Sort(d); return d[len(d)/2] }
	var r ratios
	per := make([]float64, len(a))
	r.worst = math.Inf(1)
	for i := range a {
		r.totalA += a[i]
		r.totalB += b[i]
		per[i] = b[i].Seconds() / max(a[i].Seconds(), 1e-6)
		if per[i] < r.worst {
			r.worst, r.worstAt = per[i], i
		}
	}
	r.medianA, r.medianB = med(a), med(b)
	r.total = r.totalB.Seconds() / max(r.totalA.Seconds(), 1e-6)
	slices.Sort(per)
	r.median = per[len(per)/2]
	return r
}
