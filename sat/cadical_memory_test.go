package sat

import (
	"context"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

const oomChildEnv = "SIFT_CADICAL_OOM_CHILD"

// TestCadicalOutOfMemory runs CaDiCaL under an address-space limit it must
// exceed (in a child process: the limit is process-wide) and checks that the
// allocation failure comes back as ErrOutOfMemory instead of aborting.
func TestCadicalOutOfMemory(t *testing.T) {
	if os.Getenv(oomChildEnv) == "1" {
		cadicalOutOfMemoryChild()
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestCadicalOutOfMemory$")
	cmd.Env = append(os.Environ(), oomChildEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "out of memory, survived") {
		t.Fatalf("child: %v\n%s", err, out)
	}
}

// cadicalOutOfMemoryChild caps the address space at 128 MiB above what the
// process uses, feeds CaDiCaL clauses until it fails, and says so.
func cadicalOutOfMemoryChild() {
	b, _ := os.ReadFile("/proc/self/statm")
	pages, _ := strconv.ParseUint(strings.Fields(string(b))[0], 10, 64)
	limit := pages*uint64(os.Getpagesize()) + 128<<20
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: limit, Max: limit}); err != nil {
		println("setrlimit:", err.Error())
		os.Exit(2)
	}
	s := NewCadical()
	v := make([]Lit, 64)
	for i := range v {
		v[i] = s.NewVar()
	}
	for i := 0; s.Err() == nil && i < 1<<26; i++ {
		// Long clauses over few variables: CaDiCaL's arena grows fast.
		c := make([]Lit, 0, 48)
		for j := 0; j < 48; j++ {
			l := v[(i*7+j*13)%len(v)]
			if (i>>j)&1 == 1 {
				l = l.Not()
			}
			c = append(c, l)
		}
		s.Add(c...)
	}
	survived := s.Err() == ErrOutOfMemory && s.Solve(context.Background()) == Unknown
	// Give the arena back before the runtime needs memory again: at the cap,
	// the test framework's own allocations after this point could fail.
	s.Close()
	if survived {
		println("out of memory, survived")
	}
	os.Exit(0)
}
