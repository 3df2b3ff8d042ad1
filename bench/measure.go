package bench

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// MeasureArg, as the first argument of a binary that calls
// RunMeasureIfAsked (sift does), makes it the measuring shim: it runs the
// rest of its arguments as the measured process and reports that
// process's times and peak memory on file descriptor 3.
//
// Why a shim: Go starts a child with vfork (the child shares the parent's
// memory until it execs), and Linux then counts the parent's resident set
// in the child's peak RSS. Started by the runner directly, /bin/true showed
// the runner's 300 MB. The shim is a small process, so what it starts
// inherits its few megabytes at most.
const MeasureArg = "__bench-measure"

// measurement is the shim's report of the measured process.
type measurement struct {
	WallNS   int64  `json:"wall_ns"`
	UserNS   int64  `json:"user_ns"`
	SysNS    int64  `json:"sys_ns"`
	MaxRSSKB int64  `json:"max_rss_kb"`
	ExitCode int    `json:"exit_code"`
	Signal   string `json:"signal,omitempty"`
}

// RunMeasureIfAsked runs as the measuring shim and exits when args (the
// program's arguments, without its name) start with MeasureArg; otherwise
// it returns at once.
func RunMeasureIfAsked(args []string) {
	if len(args) == 0 || args[0] != MeasureArg {
		return
	}
	os.Exit(measure(args[1:], os.NewFile(3, "measure-report")))
}

// measure runs argv in a process group of its own (the runner kills that
// group at the limit), with the shim's standard streams, and writes "pid N"
// and then the measurement as one JSON line to report. It returns the exit
// status the shim exits with: the process's, or 128+signal.
func measure(argv []string, report io.WriteCloser) int {
	defer report.Close()
	if len(argv) == 0 {
		fmt.Fprintln(os.Stderr, "bench: the measuring shim needs a command")
		return 2
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(os.Stderr, "bench: cannot start %s: %v\n", argv[0], err)
		return 127
	}
	fmt.Fprintf(report, "pid %d\n", cmd.Process.Pid)
	_ = cmd.Wait()
	st := cmd.ProcessState
	m := measurement{WallNS: int64(time.Since(start)), UserNS: int64(st.UserTime()), SysNS: int64(st.SystemTime()),
		ExitCode: st.ExitCode()}
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		m.MaxRSSKB = ru.Maxrss
	}
	status := m.ExitCode
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		m.Signal = ws.Signal().String()
		status = 128 + int(ws.Signal())
	}
	_ = json.NewEncoder(report).Encode(m)
	return status
}

// shimReport reads the shim's report as it comes: the measured process's
// pid (stored in pid once known) and the final measurement (nil if the shim
// died first).
func shimReport(r io.Reader, pid *atomic.Int64) *measurement {
	sc := bufio.NewScanner(r)
	if !sc.Scan() {
		return nil
	}
	if n, err := strconv.Atoi(strings.TrimPrefix(sc.Text(), "pid ")); err == nil {
		pid.Store(int64(n))
	}
	if !sc.Scan() {
		return nil
	}
	var m measurement
	if json.Unmarshal(sc.Bytes(), &m) != nil {
		return nil
	}
	return &m
}
