package symex

import (
	"math"
	"os"
	"runtime/debug"
	"runtime/metrics"

	"github.com/sift-solver/sift/engine"
)

// The garbage collector during an exploration. The executor allocates
// states, terms and value sets fast, and much of it stays live (the term
// store), so under Go's default (GOGC=100) the collector's workers took
// 31–40% of all CPU on the corpus (docs/bench/symex-corpus/profile.md).
// sift symex lets the heap grow further between collections, and ties the
// runtime's soft memory limit to its own: as the heap nears the limit the
// collector runs as often as it must, so the higher percentage only spends
// memory the limit allows.

// explorationGCPercent is the GOGC of an exploration (see
// docs/bench/symex-corpus/profile.md for the measurement that chose it).
const explorationGCPercent = 400

// TuneGC sets the collector for an exploration whose heap limit is
// maxMemory bytes (0: none) and returns a function that restores the
// previous settings. An explicit GOGC in the environment is kept. The soft
// limit is the lowest of maxMemory, the limit already set (the engine's
// session sets its memory limit, by default half the machine's memory) and,
// when none is set, the engine's default.
func TuneGC(maxMemory uint64) (restore func()) {
	percent := -2 // leave as is
	if os.Getenv("GOGC") == "" {
		percent = debug.SetGCPercent(explorationGCPercent)
	}
	prev := debug.SetMemoryLimit(-1)
	limit := prev
	if limit == math.MaxInt64 {
		limit = engine.DefaultMemoryLimit()
	}
	if maxMemory > 0 && maxMemory < uint64(limit) {
		limit = int64(maxMemory)
	}
	debug.SetMemoryLimit(limit)
	return func() {
		if percent != -2 {
			debug.SetGCPercent(percent)
		}
		debug.SetMemoryLimit(prev)
	}
}

// heapSamples are what overMemory reads: the heap's objects now (garbage
// not yet collected included) and the heap the last collection left live.
var heapSamples = [...]string{"/memory/classes/heap/objects:bytes", "/gc/heap/live:bytes"}

// overMemory reports whether an exploration with the heap limit maxMemory
// should stop: the heap's objects exceed it, or the live heap exceeds
// three quarters of it. The second test stops the exploration before the
// collector, held under the same soft limit by TuneGC, would run nearly
// without pause to keep a heap close to the limit; the first holds the
// limit when nothing set a soft limit (a library caller of Explore).
func overMemory(maxMemory uint64) bool {
	var ss [len(heapSamples)]metrics.Sample
	for i, name := range heapSamples {
		ss[i].Name = name
	}
	metrics.Read(ss[:])
	var v [len(heapSamples)]uint64
	for i, s := range ss {
		if s.Value.Kind() == metrics.KindUint64 {
			v[i] = s.Value.Uint64()
		}
	}
	return v[0] > maxMemory || v[1] > maxMemory/4*3
}
