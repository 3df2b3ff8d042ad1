package engine

import (
	"testing"
	"time"
)

// burnUntil uses CPU until done is closed or the bound passes, and reports
// whether done was closed.
func burnUntil(done <-chan struct{}, bound time.Duration) bool {
	end := time.Now().Add(bound)
	for time.Now().Before(end) {
		select {
		case <-done:
			return true
		default:
		}
	}
	return false
}

// TestAfterCPU checks that afterCPU calls f once the process has used the
// CPU time asked for, and not when stopped before.
func TestAfterCPU(t *testing.T) {
	called := make(chan struct{})
	stop := afterCPU(time.Millisecond, func() { close(called) })
	defer stop()
	if !burnUntil(called, 30*time.Second) {
		t.Fatal("f was not called after the process used a millisecond of CPU")
	}
	stopped := make(chan struct{})
	afterCPU(time.Millisecond, func() { close(stopped) })()
	if burnUntil(stopped, 50*time.Millisecond) {
		t.Fatal("f was called after stop")
	}
}
