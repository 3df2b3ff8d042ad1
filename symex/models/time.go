//go:build siftmodels

// Models of package time's hooks into the runtime and the system. The
// clock is concrete and moves forward: it starts at 2026-01-01 00:00:00
// UTC and every reading (and every Sleep) advances it, a microsecond per
// reading, so a measured duration is positive and a deadline a second
// away is not reached by a short loop. The paths explored are those of a
// fast run; a path that depends on the machine being slow (a timeout that
// fires) is not among them. There is no time zone database: Local is UTC,
// as it is on a system without one.
package siftmodels

import (
	"errors"
	"time"
)

// siftWall and siftMono are the clock's wall time (nanoseconds since
// 1970) and monotonic reading.
var siftWall int64 = 1767225600 * 1e9
var siftMono int64 = 1e9

// tick advances the clock by d nanoseconds.
func tick(d int64) {
	siftWall += d
	siftMono += d
}

//sift:model time.runtimeNow
func timeRuntimeNow() (sec int64, nsec int32, mono int64) {
	tick(1000)
	return siftWall / 1e9, int32(siftWall % 1e9), siftMono
}

//sift:model time.now
func timeNow() (sec int64, nsec int32, mono int64) { return timeRuntimeNow() }

//sift:model time.runtimeNano
func timeRuntimeNano() int64 {
	tick(1000)
	return siftMono
}

// A synctest bubble is never running.
//
//sift:model time.runtimeIsBubbled
func timeRuntimeIsBubbled() bool { return false }

// Sleep returns after d: the clock moves by d.
//
//sift:model time.Sleep
func timeSleep(d time.Duration) {
	if d > 0 {
		tick(int64(d))
	}
}

// loadLocation finds no zone information (as time.loadLocation does when
// no source has the name), so Local falls back to UTC.
//
//sift:model time.loadLocation
func timeLoadLocation(name string, sources []string) (*time.Location, error) {
	return nil, errors.New("unknown time zone " + name)
}
