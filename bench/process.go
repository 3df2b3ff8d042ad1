package bench

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// Limits bound one solver process.
type Limits struct {
	// Wall is the time limit that scoring uses: an answer after it counts as a timeout.
	Wall time.Duration
	// KillMargin is how long past Wall the runner waits for the solver's own timeout before killing its
	// whole process group.
	KillMargin time.Duration
	// MemoryBytes caps the address space (RLIMIT_AS) of the solver, set by prlimit(1) on the child before it
	// execs the solver; 0 means no cap.
	MemoryBytes uint64
}

// ParseBytes reads sizes such as 512M, 8G, 8GiB or a plain byte count; units are powers of 1024.
func ParseBytes(s string) (uint64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I")
	mult := uint64(1)
	if n := len(t); n > 0 {
		switch t[n-1] {
		case 'K':
			mult = 1 << 10
		case 'M':
			mult = 1 << 20
		case 'G':
			mult = 1 << 30
		case 'T':
			mult = 1 << 40
		}
		if mult > 1 {
			t = t[:n-1]
		}
	}
	v, err := strconv.ParseUint(t, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a size like 512M or 8G", s)
	}
	return v * mult, nil
}

// outcome is what one process did, before any interpretation of its output.
type outcome struct {
	stdout, stderr []byte
	wall           time.Duration
	user, sys      time.Duration
	maxRSSKB       int64
	exitCode       int    // -1 when killed by a signal
	signal         string // "" unless killed by a signal
	killed         bool   // the runner killed it at Wall+KillMargin
}

// Heads of the streams kept in memory; a solver printing a huge model must not exhaust the runner.
const (
	stdoutKeep = 64 << 10
	stderrKeep = 4 << 10
)

// headBuffer keeps the first max bytes written and discards the rest without failing the writer.
type headBuffer struct {
	bytes.Buffer
	max int
}

func (h *headBuffer) Write(p []byte) (int, error) {
	if room := h.max - h.Len(); room > 0 {
		if len(p) > room {
			h.Buffer.Write(p[:room])
		} else {
			h.Buffer.Write(p)
		}
	}
	return len(p), nil
}

// errCanceled marks a job stopped by the caller (Ctrl-C), whose record must not be stored.
var errCanceled = errors.New("canceled")

// spawner says how jobs are started: through prlimit(1) for a memory
// limit, and through the measuring shim (measure.go) when measure, its
// command prefix, is set.
type spawner struct {
	prlimit string
	measure []string
}

// runProcess runs argv in its own process group under the limits. The wall time is measured around the
// child's lifetime only, and CPU time and peak RSS come from the child's rusage, so the runner's own work
// is never counted; through the shim, the shim measures them, so that the peak RSS is the child's alone
// (without it, Linux counts the runner's resident set in the child's peak). A non-nil error means the
// process could not be started or the caller canceled it.
func runProcess(ctx context.Context, argv []string, lim Limits, sp spawner) (outcome, error) {
	if lim.MemoryBytes > 0 {
		if sp.prlimit == "" {
			return outcome{}, fmt.Errorf("a memory limit needs prlimit(1) from util-linux; install it or pass --memory 0")
		}
		argv = append([]string{sp.prlimit, "--as=" + strconv.FormatUint(lim.MemoryBytes, 10), "--"}, argv...)
	}
	shimmed := len(sp.measure) > 0
	if shimmed {
		argv = append(append([]string(nil), sp.measure...), argv...)
	}
	jobCtx, cancel := context.WithTimeout(ctx, lim.Wall+lim.KillMargin)
	defer cancel()
	cmd := exec.CommandContext(jobCtx, argv[0], argv[1:]...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	// Through the shim, the measured process has a group of its own: killing it lets the shim report.
	var child atomic.Int64
	killAll := func() {
		if pid := child.Load(); pid > 0 {
			_ = syscall.Kill(-int(pid), syscall.SIGKILL)
		}
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	// Kill the whole group: solvers that fork helpers must not outlive their job.
	cmd.Cancel = func() error {
		if pid := child.Load(); pid > 0 {
			return syscall.Kill(-int(pid), syscall.SIGKILL)
		}
		killAll()
		return nil
	}
	// Bounds the wait for pipes held open by a surviving grandchild.
	cmd.WaitDelay = 2 * time.Second
	stdout := &headBuffer{max: stdoutKeep}
	stderr := &headBuffer{max: stderrKeep}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	var reportR *os.File
	if shimmed {
		r, w, err := os.Pipe()
		if err != nil {
			return outcome{}, err
		}
		reportR = r
		defer r.Close()
		cmd.ExtraFiles = []*os.File{w}
		defer w.Close()
	}

	start := time.Now()
	if err := cmd.Start(); err != nil {
		return outcome{}, fmt.Errorf("cannot start %s: %w", argv[0], err)
	}
	var report chan *measurement
	if shimmed {
		cmd.ExtraFiles[0].Close() // the shim holds the write end now
		report = make(chan *measurement, 1)
		go func() { report <- shimReport(reportR, &child) }()
	}
	waitErr := cmd.Wait()
	wall := time.Since(start)
	var m *measurement
	if report != nil {
		m = <-report
	}
	// The leader is gone; anything left in its group is an orphan of this job.
	killAll()

	if ctx.Err() != nil {
		return outcome{}, errCanceled
	}
	st := cmd.ProcessState
	if st == nil {
		return outcome{}, fmt.Errorf("running %s: %w", argv[0], waitErr)
	}
	o := outcome{
		stdout:   stdout.Bytes(),
		stderr:   stderr.Bytes(),
		wall:     wall,
		user:     st.UserTime(),
		sys:      st.SystemTime(),
		exitCode: st.ExitCode(),
		killed:   errors.Is(jobCtx.Err(), context.DeadlineExceeded),
	}
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		o.maxRSSKB = ru.Maxrss // kilobytes on Linux
	}
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		o.signal = ws.Signal().String()
	}
	if m != nil {
		o.wall, o.user, o.sys = time.Duration(m.WallNS), time.Duration(m.UserNS), time.Duration(m.SysNS)
		o.maxRSSKB, o.exitCode, o.signal = m.MaxRSSKB, m.ExitCode, m.Signal
		if m.Signal != "" {
			o.exitCode = -1
		}
	}
	return o, nil
}
