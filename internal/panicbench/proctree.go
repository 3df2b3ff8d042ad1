package panicbench

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// procStat is what the runner reads of /proc/PID/stat.
type procStat struct {
	pid, ppid, pgrp int
	ticks           int64 // utime+stime+cutime+cstime: the process and its reaped children
}

// groupCPU is the CPU time, in seconds, that the live processes of a
// process group and the children they reaped have used: a process that
// exited is counted in its parent's cutime, a live one by itself.
func groupCPU(pgrp int) float64 {
	var ticks int64
	for _, s := range readProcs() {
		if s.pgrp == pgrp {
			ticks += s.ticks
		}
	}
	return float64(ticks) / clockTicks
}

// clockTicks is USER_HZ, 100 on Linux.
const clockTicks = 100

func readProcs() []procStat {
	paths, _ := filepath.Glob("/proc/[0-9]*/stat")
	var out []procStat
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		if s, ok := parseProcStat(string(data)); ok {
			out = append(out, s)
		}
	}
	return out
}

// parseProcStat reads a stat line: pid (comm) state ppid pgrp ... with
// utime, stime, cutime and cstime the 14th to 17th fields.
func parseProcStat(line string) (procStat, bool) {
	var s procStat
	open, close := strings.IndexByte(line, '('), strings.LastIndexByte(line, ')')
	if open < 0 || close < open {
		return s, false
	}
	pid, err := strconv.Atoi(strings.TrimSpace(line[:open]))
	if err != nil {
		return s, false
	}
	f := strings.Fields(line[close+1:]) // f[0] is the state, field 3
	if len(f) < 15 {
		return s, false
	}
	s.pid = pid
	s.ppid, _ = strconv.Atoi(f[1])
	s.pgrp, _ = strconv.Atoi(f[2])
	for _, i := range []int{11, 12, 13, 14} { // fields 14-17
		v, _ := strconv.ParseInt(f[i], 10, 64)
		s.ticks += v
	}
	return s, true
}

// fuzzCoordinator finds the test binary that runs the fuzzing in a process
// group (not a worker): it stops at SIGINT and reports as at the end of
// -fuzztime.
func fuzzCoordinator(pgrp int) int {
	for _, s := range readProcs() {
		if s.pgrp != pgrp {
			continue
		}
		cmdline, err := os.ReadFile("/proc/" + strconv.Itoa(s.pid) + "/cmdline")
		if err != nil {
			continue
		}
		args := string(cmdline)
		if strings.Contains(args, "-test.fuzz=") && !strings.Contains(args, "-test.fuzzworker") {
			return s.pid
		}
	}
	return 0
}
