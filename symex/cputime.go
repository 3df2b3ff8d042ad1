package symex

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// processCPU is the CPU time the process used so far, user and system,
// including its child processes (the Z3 fallback runs in a worker process
// that lives as long as sift does): children that ended and were waited for
// through getrusage, live ones through /proc. 0 where getrusage fails.
func processCPU() time.Duration {
	var self, kids syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &self); err != nil {
		return 0
	}
	t := self.Utime.Nano() + self.Stime.Nano()
	if syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids) == nil {
		t += kids.Utime.Nano() + kids.Stime.Nano()
	}
	return time.Duration(t) + liveChildrenCPU()
}

// clockTick is the unit of /proc/PID/stat's times (USER_HZ, 100 on Linux).
const clockTick = 10 * time.Millisecond

// liveChildrenCPU sums utime and stime of the running child processes,
// read from /proc/*/stat (0 where /proc is absent).
func liveChildrenCPU() time.Duration {
	dir, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	self := strconv.Itoa(os.Getpid())
	var sum time.Duration
	for _, d := range dir {
		if d.Name()[0] < '0' || d.Name()[0] > '9' {
			continue
		}
		b, err := os.ReadFile("/proc/" + d.Name() + "/stat")
		if err != nil {
			continue
		}
		// The command name may hold spaces; the fields start after its ')'.
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		// f[0] state, f[1] ppid, …, f[11] utime, f[12] stime.
		if len(f) < 13 || f[1] != self {
			continue
		}
		u, err1 := strconv.ParseInt(f[11], 10, 64)
		k, err2 := strconv.ParseInt(f[12], 10, 64)
		if err1 == nil && err2 == nil {
			sum += time.Duration(u+k) * clockTick
		}
	}
	return sum
}

// ProcessCPU is processCPU for other packages (symex/concolic).
func ProcessCPU() time.Duration { return processCPU() }
