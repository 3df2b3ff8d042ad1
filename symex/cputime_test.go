package symex

import (
	"os/exec"
	"testing"
	"time"
)

// A running child's CPU time is counted (the Z3 worker outlives the
// exploration, so getrusage's RUSAGE_CHILDREN alone would miss it).
func TestProcessCPUCountsLiveChildren(t *testing.T) {
	if liveChildrenCPU() != 0 {
		t.Skip("the test process already has busy children")
	}
	cmd := exec.Command("sh", "-c", "while :; do :; done")
	if err := cmd.Start(); err != nil {
		t.Skip("no sh:", err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	deadline := time.Now().Add(20 * time.Second)
	for liveChildrenCPU() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("a spinning child's CPU time never showed in liveChildrenCPU")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if processCPU() < liveChildrenCPU() {
		t.Fatal("processCPU leaves out the live child")
	}
}
