package panicbench

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// FuzzOptions set how `go test -fuzz` runs.
type FuzzOptions struct {
	Budget time.Duration // -fuzztime, or CPU time with CPUClock
	// CPUClock makes Budget CPU time of the go test process tree, as
	// symex's: go test runs with a long -fuzztime and is interrupted
	// (SIGINT: it stops and reports as at the end of -fuzztime) when its
	// processes have used Budget; FoundS is then CPU seconds too. On a
	// loaded machine a wall-clock -fuzztime gets a fraction of a core.
	CPUClock bool
	CPU      int // the core taskset pins the run to; -1: no pinning
	// SeedDir holds corpus files (Go's "go test fuzz v1" format) to start
	// from instead of the zero seed alone; "" for none.
	SeedDir string
}

// FuzzResult is one `go test -fuzz` run.
type FuzzResult struct {
	Found       bool       `json:"found"`        // the fuzzer reported a failing input that panicked
	FoundS      float64    `json:"found_s"`      // seconds of fuzzing until then: go test's own FAIL time, or CPU seconds with CPUClock
	FoundWallS  float64    `json:"found_wall_s"` // go test's FAIL time (wall clock, from the start of fuzzing)
	Clock       string     `json:"clock"`        // "wall" (-fuzztime) or "cpu"
	Interrupted bool       `json:"interrupted"`  // the CPU budget ended the run (CPUClock)
	CPUS        float64    `json:"cpu_s"`        // CPU seconds of the whole go test process tree
	WallS       float64    `json:"wall_s"`       // wall seconds of the go test process
	BuildCPU    float64    `json:"build_cpu_s"`
	Execs       int64      `json:"execs"`                   // the last execs count go test printed
	Seeds       int        `json:"seeds"`                   // corpus files copied in from SeedDir
	Skipped     []string   `json:"skipped_seeds,omitempty"` // seed files not for this target, and why
	Panic       string     `json:"panic,omitempty"`
	Site        Site       `json:"site"`              // the innermost frame outside the runtime and testing
	SiteOK      bool       `json:"site_match"`        // at the recorded site and of the recorded kind
	Input       string     `json:"input,omitempty"`   // the failing input's corpus file
	Failure     string     `json:"failure,omitempty"` // a failure that is not a panic (a crash of the worker, a build error)
	Load        [2]float64 `json:"load"`              // the 1-minute load average before and after
}

var (
	failRE    = regexp.MustCompile(`(?m)^--- FAIL: (\S+) \(([0-9.]+)s\)`)
	execsRE   = regexp.MustCompile(`(?m)^fuzz: elapsed: [0-9hms.]+, execs: (\d+)`) // 59s, 1m0s, 1h2m3s
	writtenRE = regexp.MustCompile(`(?m)Failing input written to (\S+)`)
)

// RunFuzz runs the bug's fuzz target in its work module from an empty
// cache: `go test -fuzz=^FuzzX$ -fuzztime=BUDGET -parallel=1` with
// GOMAXPROCS=1 on one core. The build is made first and measured apart, so
// the run's CPU time is the fuzzing's (and go test's own linking). The full
// output goes to logPath.
func RunFuzz(ctx context.Context, w WorkModule, o FuzzOptions, logPath string) (FuzzResult, error) {
	var r FuzzResult
	name := w.Bug.FuzzName()
	corpus := filepath.Join(w.Dir, "testdata", "fuzz", name)
	if err := os.RemoveAll(corpus); err != nil {
		return r, err
	}
	if o.SeedDir != "" {
		n, skipped, err := copySeeds(o.SeedDir, corpus, w.Bug.Fuzz.Params)
		if err != nil {
			return r, err
		}
		r.Seeds, r.Skipped = n, skipped
	}
	cacheDir, err := w.fuzzCacheDir()
	if err != nil {
		return r, err
	}
	if err := os.RemoveAll(filepath.Join(cacheDir, name)); err != nil {
		return r, err
	}
	// The build, with the fuzzer's instrumentation, into the build cache.
	build := exec.CommandContext(ctx, "go", "test", "-c", "-vet=off", "-fuzz=^"+name+"$", "-o", os.DevNull, ".")
	build.Dir, build.Env = w.Dir, goEnv()
	out, err := build.CombinedOutput()
	r.BuildCPU = cpuSeconds(build.ProcessState)
	if err != nil {
		r.Failure = "build: " + firstLine(string(out))
		return r, os.WriteFile(logPath, out, 0o644)
	}

	fuzztime := o.Budget
	r.Clock = "wall"
	if o.CPUClock {
		fuzztime, r.Clock = 30*o.Budget, "cpu"
	}
	args := []string{"test", "-vet=off", "-run=^$", "-fuzz=^" + name + "$", "-fuzztime=" + fuzztime.String(),
		"-parallel=1", "-fuzzminimizetime=0", ".", "-args", "-test.fuzzcachedir=" + cacheDir}
	cmdline := append([]string{"go"}, args...)
	if o.CPU >= 0 {
		cmdline = append([]string{"taskset", "-c", strconv.Itoa(o.CPU)}, cmdline...)
	}
	// go test ends the fuzzing at the budget; the limit only stops a run
	// that hangs past it.
	rctx, cancel := context.WithTimeout(ctx, fuzztime+5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(rctx, cmdline[0], cmdline[1:]...)
	cmd.Dir, cmd.Env = w.Dir, goEnv("GOMAXPROCS=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	// A cancelled run ends go test's whole group: the test binary and its
	// worker too, not the go command alone.
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	var buf syncBuffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	r.Load[0] = loadAverage()
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return r, err
	}
	type watched struct {
		atFail      float64 // < 0 when the watcher saw no FAIL line
		interrupted bool
	}
	done, watch := make(chan struct{}), make(chan watched, 1)
	if o.CPUClock {
		go func() {
			at, intr := watchCPU(cmd.Process.Pid, o.Budget, &buf, done)
			watch <- watched{at, intr}
		}()
	}
	runErr := cmd.Wait()
	close(done)
	var cpuAtFail float64
	if o.CPUClock {
		w := <-watch
		cpuAtFail, r.Interrupted = w.atFail, w.interrupted
	}
	r.WallS = time.Since(start).Seconds()
	r.Load[1] = loadAverage()
	r.CPUS = cpuSeconds(cmd.ProcessState)
	text := buf.String()
	log := fmt.Sprintf("$ %s  (in %s, GOMAXPROCS=1)\n%s", strings.Join(cmdline, " "), w.Dir, text)
	if err := os.WriteFile(logPath, []byte(log), 0o644); err != nil {
		return r, err
	}
	parseFuzzOutput(&r, text, w)
	if r.Interrupted && !r.Found {
		// The budget ended the run. The interrupt can stop the worker in
		// the middle of an input, which go test then reports as a crash
		// ("fuzzing process hung or terminated unexpectedly") and writes
		// out; it is the end of the budget, not a find.
		r.Failure = ""
	}
	r.FoundWallS = r.FoundS
	if o.CPUClock && r.Found {
		r.FoundS = cpuAtFail
		if cpuAtFail < 0 {
			// The run ended between two samples: the whole run's CPU
			// time bounds the time to the failure from above.
			r.FoundS = r.CPUS
		}
	}
	if runErr != nil && !r.Found && r.Failure == "" {
		r.Failure = fmt.Sprintf("go test: %v: %s", runErr, lastLines(text, 3))
	}
	return r, nil
}

// parseFuzzOutput reads go test's report: the FAIL line and its time, the
// panic and its trace, the failing input's file, the last execs count.
func parseFuzzOutput(r *FuzzResult, text string, w WorkModule) {
	for _, m := range execsRE.FindAllStringSubmatch(text, -1) {
		r.Execs, _ = strconv.ParseInt(m[1], 10, 64)
	}
	m := failRE.FindStringSubmatch(text)
	if m == nil {
		return
	}
	secs, _ := strconv.ParseFloat(m[2], 64)
	if p, ok := ParsePanic(text); ok {
		r.Found, r.FoundS, r.Panic = true, secs, p.Message
		r.Site = relSite(p.Top())
		// The recorded bug: its site and its kind (a helper that panics
		// for many bugs, like a parser's bug(), has one site for all).
		r.SiteOK = SameSite(r.Site, w.Bug.Site) && strings.Contains(p.Message, w.Bug.Kind)
	} else {
		r.Failure = "not a panic: " + lastLines(text, 4)
	}
	if f := writtenRE.FindStringSubmatch(text); f != nil {
		if data, err := os.ReadFile(filepath.Join(w.Dir, f[1])); err == nil {
			r.Input = string(data)
		}
	}
}

// fuzzCacheDir is where go test keeps the inputs it found interesting for
// the targets (-test.fuzzcachedir; FuzzX below it): in the work module, not
// the shared GOCACHE/fuzz/PKG/FuzzX. Two runs of one bug (the zero-seeded fuzzer
// beside the pair's) have the same PKG; in GOCACHE the second's cleaning
// removed the first's entries while it ran, and go test, which reads them
// back from disk, failed with "open …: no such file or directory".
// Removing FuzzX makes a run start from the seeds alone. The path is
// absolute: the test binary runs in the package's directory.
func (w WorkModule) fuzzCacheDir() (string, error) {
	return filepath.Abs(filepath.Join(w.Dir, ".fuzzcache"))
}

// copySeeds copies the corpus files of dir that fit the target's
// parameters into corpus; the others are listed with the reason.
func copySeeds(dir, corpus string, params []Param) (int, []string, error) {
	files, err := seedFiles(dir)
	if err != nil {
		return 0, nil, err
	}
	if err := os.MkdirAll(corpus, 0o755); err != nil {
		return 0, nil, err
	}
	n := 0
	var skipped []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return n, skipped, err
		}
		if why := fitsTarget(data, params); why != "" {
			skipped = append(skipped, filepath.Base(f)+": "+why)
			continue
		}
		if err := os.WriteFile(filepath.Join(corpus, filepath.Base(f)), data, 0o644); err != nil {
			return n, skipped, err
		}
		n++
	}
	return n, skipped, nil
}

// seedFiles lists the corpus files under dir: its own files and those of
// testdata/fuzz/*/ below it (where `go test` and `sift symex --fuzz-corpus`
// put them).
func seedFiles(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			if f, err := os.Open(path); err == nil {
				line, _ := bufio.NewReader(f).ReadString('\n')
				f.Close()
				if strings.TrimSpace(line) == "go test fuzz v1" {
					files = append(files, path)
				}
			}
		}
		return nil
	})
	return files, err
}

// fitsTarget checks a corpus file's values against the target's parameter
// types ("" when it fits).
func fitsTarget(data []byte, params []Param) string {
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")[1:]
	if len(lines) != len(params) {
		return fmt.Sprintf("%d values for %d parameters", len(lines), len(params))
	}
	for i, l := range lines {
		if !strings.HasPrefix(strings.TrimSpace(l), params[i].Type+"(") {
			return fmt.Sprintf("value %d is not a %s", i+1, params[i].Type)
		}
	}
	return ""
}

func cpuSeconds(st *os.ProcessState) float64 {
	if st == nil {
		return 0
	}
	// The rusage wait4 returns covers the process and the descendants it
	// waited for: go test's test binary and the fuzzing worker.
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		return tvSeconds(ru.Utime) + tvSeconds(ru.Stime)
	}
	return (st.UserTime() + st.SystemTime()).Seconds()
}

func tvSeconds(tv syscall.Timeval) float64 { return float64(tv.Sec) + float64(tv.Usec)/1e6 }

func loadAverage() float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return -1
	}
	f, _, _ := strings.Cut(string(data), " ")
	v, _ := strconv.ParseFloat(f, 64)
	return v
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return l
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}

// watchCPU samples the CPU time of go test's process group (pgrp, the
// go command's pid) until done: it interrupts the fuzzing once the group
// has used budget, and returns the CPU time at which go test's FAIL line
// appeared in out (-1 if it saw none), and whether it interrupted it.
func watchCPU(pgrp int, budget time.Duration, out *syncBuffer, done <-chan struct{}) (atFail float64, interrupted bool) {
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	cpu := 0.0
	for {
		select {
		case <-done:
			return -1, interrupted
		case <-tick.C:
		}
		// The group's CPU time only grows; a sample taken as its
		// processes exit can miss them, so keep the largest.
		cpu = max(cpu, groupCPU(pgrp))
		if failRE.Match(out.Bytes()) {
			return cpu, interrupted
		}
		if !interrupted && cpu >= budget.Seconds() {
			if pid := fuzzCoordinator(pgrp); pid > 0 {
				interrupted = syscall.Kill(pid, syscall.SIGINT) == nil
			}
		}
	}
}

// syncBuffer is a bytes.Buffer the command's output goroutines write while
// the watcher reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// Bytes returns a copy of what was written so far.
func (b *syncBuffer) Bytes() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return bytes.Clone(b.buf.Bytes())
}

func (b *syncBuffer) String() string { return string(b.Bytes()) }
