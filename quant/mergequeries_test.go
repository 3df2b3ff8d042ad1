package quant_test

import (
	"context"
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
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// siftRun is one in-process run of the engine on a script.
type siftRun struct {
	answer string
	stage  string // the quant stage that decided, "" if none did
	fails  int    // models that failed validation
	time   time.Duration
}

func runSift(t testing.TB, script string) siftRun {
	var sess *engine.Session
	var out strings.Builder
	in := smtlib.NewInterpreter(smtlib.Config{NewSolver: func(st *term.Store) smtlib.Solver {
		sess = engine.NewSession(st, engine.Options{})
		return sess
	}, Timeout: 30 * time.Second}, &out)
	start := time.Now()
	if err := in.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatalf("sift: %v", err)
	}
	r := siftRun{answer: strings.TrimSpace(out.String()), time: time.Since(start)}
	other := ""
	for _, kv := range sess.Statistics() {
		n, _ := strconv.Atoi(kv[1])
		switch kv[0] {
		case "validation-failures":
			r.fails = n
		case "quant-strip", "quant-duplicate", "quant-repair", "quant-expand":
			if n > 0 {
				r.stage = strings.TrimPrefix(kv[0], "quant-")
			}
		default:
			if n > 0 && other == "" && strings.HasSuffix(kv[0], "-decided") && kv[0] != "quant-decided" {
				other = "stage " + strings.TrimSuffix(kv[0], "-decided")
			}
		}
	}
	if r.stage == "" {
		r.stage = other
	}
	return r
}

// runZ3 runs the z3 binary on a file and returns its answer and the wall time.
func runZ3(t testing.TB, path string) (string, time.Duration) {
	start := time.Now()
	out, err := exec.Command("z3", "-T:60", path).Output()
	el := time.Since(start)
	if err != nil && len(out) == 0 {
		t.Fatalf("z3 %s: %v", path, err)
	}
	return strings.TrimSpace(strings.SplitN(string(out), "\n", 2)[0]), el
}

// TestMergeQueriesAgainstZ3 cross-checks sift on generated seed-000-shaped
// queries (fixed seed) against the z3 binary: no answer may disagree, and no
// model may fail validation.
func TestMergeQueriesAgainstZ3(t *testing.T) {
	if _, err := exec.LookPath("z3"); err != nil {
		t.Skip("z3 not installed")
	}
	dir := t.TempDir()
	qs := mergegen.Generate(7, 96, mergegen.Options{MaxBuffer: 64, MaxK: 48})
	answered := 0
	for _, q := range qs {
		path := filepath.Join(dir, q.Name+".smt2")
		if err := os.WriteFile(path, []byte(q.Script), 0o644); err != nil {
			t.Fatal(err)
		}
		z, _ := runZ3(t, path)
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
	if answered == 0 {
		t.Fatal("no query answered by both solvers")
	}
	t.Logf("%d of %d queries answered by both, all agree", answered, len(qs))
}

// BenchmarkMergeQueries runs sift in-process and the z3 binary side by side
// on 240 generated queries of mixed sizes (buffers up to 256 bytes, k up to
// 200) and reports median and total times, the share each quant stage
// decided, and wrong answers:
//
//	go test ./quant -run '^$' -bench BenchmarkMergeQueries -benchtime 1x -v
//
// z3 is timed as a process (its start-up included) and, from its -st
// output, by its own :total-time; sift is timed in-process, parse included.
func BenchmarkMergeQueries(b *testing.B) {
	if _, err := exec.LookPath("z3"); err != nil {
		b.Skip("z3 not installed")
	}
	dir := b.TempDir()
	var qs []mergegen.Query
	for i, o := range []mergegen.Options{{MaxBuffer: 16, MaxK: 8}, {MaxBuffer: 64, MaxK: 50}, {MaxBuffer: 256, MaxK: 200}, {MaxBuffer: 256, MaxK: 200}} {
		qs = append(qs, mergegen.Generate(uint64(100+i), 60, o)...)
	}
	for b.Loop() {
		var zt, zst, st []time.Duration
		stages := map[string]int{}
		wrong, unknown := 0, 0
		for n, q := range qs {
			path := filepath.Join(dir, strconv.Itoa(n)+".smt2")
			if err := os.WriteFile(path, []byte(q.Script), 0o644); err != nil {
				b.Fatal(err)
			}
			z, el := runZ3(b, path)
			zt = append(zt, el)
			zst = append(zst, z3SelfTime(b, path))
			s := runSift(b, q.Script)
			st = append(st, s.time)
			if s.stage == "" {
				s.stage = "none"
			}
			stages[s.stage]++
			if strings.HasPrefix(s.stage, "stage z3") {
				b.Logf("%s handed to %s", q.Name, s.stage)
				os.WriteFile(filepath.Join(os.TempDir(), "quant-handed-"+q.Name+".smt2"), []byte(q.Script), 0o644)
			}
			switch {
			case s.answer != "sat" && s.answer != "unsat":
				unknown++
			case (z == "sat" || z == "unsat") && z != s.answer, s.fails > 0:
				wrong++
				b.Errorf("%s: sift %s, z3 %s", q.Name, s.answer, z)
			}
		}
		med := func(d []time.Duration) time.Duration { d = slices.Clone(d); slices.Sort(d); return d[len(d)/2] }
		tot := func(d []time.Duration) (s time.Duration) {
			for _, x := range d {
				s += x
			}
			return s
		}
		b.Logf("%d queries; wrong %d; sift unknown %d", len(qs), wrong, unknown)
		b.Logf("sift in-process: median %v total %v", med(st), tot(st))
		b.Logf("z3 process:      median %v total %v", med(zt), tot(zt))
		b.Logf("z3 :total-time:  median %v total %v", med(zst), tot(zst))
		b.Logf("median speed-up: %.1fx (process), %.1fx (z3's own time)", float64(med(zt))/float64(med(st)), float64(med(zst))/float64(med(st)))
		names := make([]string, 0, len(stages))
		for k := range stages {
			names = append(names, k)
		}
		slices.Sort(names)
		for _, k := range names {
			b.Logf("decided by %-11s %3d (%.0f%%)", k, stages[k], 100*float64(stages[k])/float64(len(qs)))
		}
		b.ReportMetric(float64(med(st).Microseconds()), "sift-median-µs")
		b.ReportMetric(float64(med(zt).Microseconds()), "z3-median-µs")
		b.ReportMetric(float64(wrong), "wrong")
	}
}

// z3SelfTime runs z3 -st and returns the :total-time it reports.
func z3SelfTime(b testing.TB, path string) time.Duration {
	out, _ := exec.Command("z3", "-st", "-T:60", path).Output()
	s := string(out)
	i := strings.Index(s, ":total-time")
	if i < 0 {
		return 0
	}
	f := strings.Fields(strings.Trim(s[i+len(":total-time"):], " )\n"))
	if len(f) == 0 {
		return 0
	}
	sec, err := strconv.ParseFloat(strings.TrimRight(f[0], ")"), 64)
	if err != nil {
		return 0
	}
	return time.Duration(sec * float64(time.Second))
}
