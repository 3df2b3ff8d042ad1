package symex

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// queryTimes keeps the CPU time of every check a backend answered, for the
// solver line's per-query figures (query-median-ms, query-p90-ms): sift's
// engine on the calling thread, a pipe solver in its process. CPU, not
// wall time, so that the figures of two solvers compare on a loaded
// machine. It reads the engine's thread's rusage and a pipe solver's
// scheduler run time (/proc/PID/schedstat, in nanoseconds); where these
// cannot be read it falls back to wall time and says so
// (query-clock=wall).
type queryTimes struct {
	d    []time.Duration
	wall bool
}

// cpuClock reads a thread's run time from a schedstat file.
func cpuClock(path string) (time.Duration, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0, false
	}
	ns, err := strconv.ParseInt(f[0], 10, 64)
	return time.Duration(ns), err == nil
}

// threadCPU is the calling thread's CPU time (getrusage RUSAGE_THREAD:
// one system call, where reading schedstat costs three per read).
func threadCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_THREAD, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

// measure runs check and records its CPU time as read from path (the
// calling thread's when path is "", which check must not leave).
func (q *queryTimes) measure(path string, check func()) {
	clock := func() (time.Duration, bool) { return cpuClock(path) }
	if path == "" {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		clock = threadCPU
	}
	wallStart := time.Now()
	c0, ok := clock()
	check()
	if ok {
		if c1, ok := clock(); ok {
			q.d = append(q.d, c1-c0)
			return
		}
	}
	q.wall = true
	q.d = append(q.d, time.Since(wallStart))
}

// pairs are the figures for a solver line: the median and the 90th
// percentile in milliseconds.
func (q *queryTimes) pairs() [][2]string {
	if len(q.d) == 0 {
		return nil
	}
	s := slices.Clone(q.d)
	slices.Sort(s)
	ms := func(d time.Duration) string { return fmt.Sprintf("%.3f", float64(d)/float64(time.Millisecond)) }
	out := [][2]string{{"query-median-ms", ms(s[len(s)/2])}, {"query-p90-ms", ms(s[len(s)*9/10])}}
	if q.wall {
		out = append(out, [2]string{"query-clock", "wall"})
	}
	return out
}
