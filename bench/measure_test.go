package bench

import (
	"context"
	"os"
	"testing"
	"time"
)

// TestMain lets this test binary serve as the measuring shim.
func TestMain(m *testing.M) {
	RunMeasureIfAsked(os.Args[1:])
	os.Exit(m.Run())
}

// TestMeasuredPeakRSS runs a small process from a runner that holds much
// memory: started directly, Linux counts the runner's resident set in the
// child's peak (the bug the shim is for); through the shim, the peak is
// the small process's own.
func TestMeasuredPeakRSS(t *testing.T) {
	if _, err := os.Stat("/bin/true"); err != nil {
		t.Skip("no /bin/true")
	}
	held := make([]byte, 256<<20)
	for i := range held {
		held[i] = 1
	}
	lim := Limits{Wall: 10 * time.Second, KillMargin: time.Second}
	direct, err := runProcess(context.Background(), []string{"/bin/true"}, lim, spawner{})
	if err != nil {
		t.Fatal(err)
	}
	shim := spawner{measure: []string{os.Args[0], MeasureArg}}
	measured, err := runProcess(context.Background(), []string{"/bin/true"}, lim, shim)
	if err != nil {
		t.Fatal(err)
	}
	const heldKB = 256 << 10
	if direct.maxRSSKB < heldKB {
		t.Logf("direct start: peak %d KB (this kernel does not count the runner's memory)", direct.maxRSSKB)
	}
	if measured.maxRSSKB <= 0 || measured.maxRSSKB > 64<<10 {
		t.Errorf("through the shim: peak %d KB, want /bin/true's few MB (direct: %d KB)", measured.maxRSSKB, direct.maxRSSKB)
	}
	if measured.exitCode != 0 || measured.wall <= 0 {
		t.Errorf("through the shim: exit %d, wall %v", measured.exitCode, measured.wall)
	}
	held[len(held)-1] = 2 // keep held alive until here
}

// TestMeasuredTimeoutAndStatus checks the shim's report of a process the
// runner kills at the limit and of one that exits with a status.
func TestMeasuredTimeoutAndStatus(t *testing.T) {
	shim := spawner{measure: []string{os.Args[0], MeasureArg}}
	lim := Limits{Wall: 200 * time.Millisecond, KillMargin: 100 * time.Millisecond}
	o, err := runProcess(context.Background(), []string{"sh", "-c", "while :; do :; done"}, lim, shim)
	if err != nil {
		t.Fatal(err)
	}
	if !o.killed || o.signal != "killed" || o.user <= 0 {
		t.Errorf("busy loop at the limit: killed %v, signal %q, user %v; want killed, by SIGKILL, with CPU time", o.killed, o.signal, o.user)
	}
	o, err = runProcess(context.Background(), []string{"sh", "-c", "echo out; exit 3"}, Limits{Wall: 10 * time.Second, KillMargin: time.Second}, shim)
	if err != nil {
		t.Fatal(err)
	}
	if o.exitCode != 3 || string(o.stdout) != "out\n" || o.killed {
		t.Errorf("exit 3: code %d, stdout %q, killed %v", o.exitCode, o.stdout, o.killed)
	}
}
