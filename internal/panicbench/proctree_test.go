package panicbench

import "testing"

func TestParseProcStat(t *testing.T) {
	// pid (comm with a space and a paren) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
	line := "4242 (fz.test (x)) S 4200 4200 4200 0 -1 4194560 100 0 0 0 250 50 30 20 20 0 5 0 1000 0 0\n"
	s, ok := parseProcStat(line)
	if !ok || s.pid != 4242 || s.ppid != 4200 || s.pgrp != 4200 || s.ticks != 350 {
		t.Errorf("parseProcStat = %+v, %v", s, ok)
	}
	if _, ok := parseProcStat("garbage"); ok {
		t.Error("garbage parsed")
	}
}
