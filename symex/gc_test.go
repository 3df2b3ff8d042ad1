package symex

import (
	"math"
	"os"
	"runtime/debug"
	"testing"

	"github.com/sift-solver/sift/engine"
)

func TestTuneGC(t *testing.T) {
	prevLimit := debug.SetMemoryLimit(-1)
	prevPercent := debug.SetGCPercent(-1)
	debug.SetGCPercent(prevPercent)
	set := prevLimit // the limit TuneGC starts from: the engine's default when none is set
	if set == math.MaxInt64 {
		set = engine.DefaultMemoryLimit()
	}
	for _, tc := range []struct {
		name      string
		maxMemory uint64
		want      int64
	}{
		{"below the limit set", 256 << 20, min(set, 256<<20)},
		{"no heap limit", 0, set},
	} {
		t.Run(tc.name, func(t *testing.T) {
			restore := TuneGC(tc.maxMemory)
			if got := debug.SetMemoryLimit(-1); got != tc.want {
				t.Errorf("memory limit %d, want %d", got, tc.want)
			}
			percent := debug.SetGCPercent(-1)
			debug.SetGCPercent(percent)
			if os.Getenv("GOGC") == "" && percent != explorationGCPercent {
				t.Errorf("GC percent %d, want %d", percent, explorationGCPercent)
			}
			restore()
			if got := debug.SetMemoryLimit(-1); got != prevLimit {
				t.Errorf("restored memory limit %d, want %d", got, prevLimit)
			}
			percent = debug.SetGCPercent(-1)
			debug.SetGCPercent(percent)
			if percent != prevPercent {
				t.Errorf("restored GC percent %d, want %d", percent, prevPercent)
			}
		})
	}
}

func TestOverMemory(t *testing.T) {
	if !overMemory(1) {
		t.Error("a heap limit of one byte is not exceeded")
	}
	if overMemory(1 << 50) {
		t.Error("a heap limit of 1 PiB is exceeded")
	}
}
