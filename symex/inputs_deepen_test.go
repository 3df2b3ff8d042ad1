package symex

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestDeepening: a run with budget left after exhausting its length bound
// explores again at twice the bound until it finds the planted panic, a
// round does not exhaust, or the bound passes the maximum; the rounds, the
// panics' times and the summary say so.
func TestDeepening(t *testing.T) {
	for _, c := range []struct {
		fn             string
		maxLen, deeper int
		stop           bool
		want           string // a planted panic's message; "" for none
		rounds         []int  // each round's bound; nil: no deepening
		exhausted      bool   // the last round's
	}{
		{fn: "Long", maxLen: 4, deeper: 16, stop: true, want: "plant: length 6", rounds: []int{1, 2, 4, 8}}, // the finding schedule starts at 1,
		{fn: "Long", maxLen: 4, deeper: 16, want: "plant: length 6", rounds: []int{4, 8, 16}, exhausted: true},
		{fn: "Long", maxLen: 4, deeper: 4, exhausted: true}, // no deepening: the bound is too short
		{fn: "Long", maxLen: 4, deeper: 7, rounds: []int{4}, exhausted: true},
		{fn: "Keys", maxLen: 2, deeper: 8, stop: true, want: "plant: five keys", rounds: []int{1, 2, 4, 8}},
		{fn: "Short", maxLen: 4, deeper: 64, stop: true, want: "plant: length 2", rounds: []int{1, 2}},
		{fn: "Never", maxLen: 1, deeper: 4, rounds: []int{1, 2, 4}, exhausted: true},
		{fn: "Sign", maxLen: 4, deeper: 64, rounds: []int{4}, exhausted: true},
	} {
		name := fmt.Sprintf("%s/len%d-%d/stop=%v", c.fn, c.maxLen, c.deeper, c.stop)
		p := loadTestFunc(t, "testdata/deepen", "Long", c.fn)
		newOpts := func() Options { return Options{MaxLen: c.maxLen, StopAtPanic: c.stop, CPULimit: time.Hour} }
		res, _, err := ExploreDeepening(context.Background(), p, newOpts, nil, c.deeper)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var bounds []int
		paths := 0
		for i, r := range res.Rounds {
			bounds = append(bounds, r.MaxLen)
			// The finding schedule: dfs in a round of a share (one
			// that may deepen), covnew in the last.
			want := ""
			switch {
			case c.stop && r.MaxLen*2 <= c.deeper:
				want = "dfs"
			case c.stop:
				want = "covnew"
			}
			if r.Search != want {
				t.Errorf("%s: round %d (max_len %d) searched %q, want %q", name, i, r.MaxLen, r.Search, want)
			}
			paths += r.Paths
			if last := i == len(res.Rounds)-1; !last && !r.Exhausted && r.Stopped != "CPU limit" {
				t.Errorf("%s: round %d (max_len %d) deepened without exhausting", name, i, r.MaxLen)
			}
		}
		if !slices.Equal(bounds, c.rounds) {
			t.Errorf("%s: rounds at %v, want %v", name, bounds, c.rounds)
		}
		if len(res.Rounds) > 0 && paths != res.Stats.Paths {
			t.Errorf("%s: %d paths over the rounds, %d in the result", name, paths, res.Stats.Paths)
		}
		if res.Stats.Exhausted() != c.exhausted {
			t.Errorf("%s: exhausted %v, want %v (stopped %q)", name, res.Stats.Exhausted(), c.exhausted, res.Stats.Stopped)
		}
		var found *Panic
		for _, pn := range res.Panics {
			if c.want != "" && strings.Contains(pn.Message, c.want) {
				found = pn
			}
		}
		switch {
		case c.want == "" && len(res.Panics) > 0:
			t.Errorf("%s: panics %v, want none", name, res.Panics)
		case c.want != "" && found == nil:
			t.Errorf("%s: no panic %q", name, c.want)
		case found != nil && found.Found > res.Stats.CPUTime:
			t.Errorf("%s: found at %v, after the run's CPU time %v", name, found.Found, res.Stats.CPUTime)
		}
		s := res.Summary(newOpts())
		if len(s.Deepening) != len(c.rounds) || len(c.rounds) > 0 && s.MaxLen != c.rounds[len(c.rounds)-1] {
			t.Errorf("%s: summary max_len %d, deepening %+v", name, s.MaxLen, s.Deepening)
		}
	}
}

// TestFindingScheduleAffordable: after a cut round and an exhausted
// halfway one, the last round goes to the bound the budget left could
// exhaust at the growth of the two largest exhausted rounds, when that
// bound lies between the cut bound and the long one. The CPUs are the
// rounds of cvss20's vector parser at 88458b9 (sched-w9.md).
func TestFindingScheduleAffordable(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		name  string
		ends  string          // each round's end but the last's
		cpu   []time.Duration // each of those rounds' CPU
		left  time.Duration   // the budget left when the last round is chosen
		final int
	}{
		// 32 in 3.8 s, 48 in 7.3 s: 4% a byte; 34 s left exhaust up to 85.
		{"slow growth", "✓✓✓✓✓✓✗✓", []time.Duration{100 * ms, 100 * ms, 100 * ms, 200 * ms, 600 * ms, 3800 * ms, 13700 * ms, 7300 * ms}, 34 * time.Second, 85},
		// x/net/html: 2 in 0.8 s, 3 in 7.2 s: 9x a byte, 3 is below the cut 4.
		{"fast growth", "✓✓✗✓", []time.Duration{300 * ms, 800 * ms, 14700 * ms, 7200 * ms}, 37 * time.Second, 64},
		// ntlmssp: flat rounds tell no growth.
		{"flat", "✓✓✓✓✓✓✗✓", []time.Duration{900 * ms, 800 * ms, 800 * ms, 1200 * ms, 800 * ms, 700 * ms, 9 * time.Second, 800 * ms}, 55 * time.Second, 128},
		// Rounds too short to time tell nothing.
		{"short rounds", "✓✓✓✗✓", []time.Duration{10 * ms, 10 * ms, 20 * ms, 9 * time.Second, 50 * ms}, 50 * time.Second, 64},
		// Growth so slow the affordable bound passes the long one: the long one.
		{"past the long bound", "✓✓✓✓✗✓", []time.Duration{300 * ms, 300 * ms, 310 * ms, 320 * ms, 9 * time.Second, 330 * ms}, 40 * time.Second, 64},
	} {
		f := findingSchedule{max: 1024}
		b, last := 1, false
		ends := []rune(c.ends)
		for i, e := range ends {
			left := time.Minute
			if i == len(ends)-1 {
				left = c.left
			}
			b, last = f.after(b, e == '✓', c.cpu[i], left)
		}
		if !last || b != c.final {
			t.Errorf("%s: last round at %d (last %v), want %d", c.name, b, last, c.final)
		}
	}
}

// TestFindingSchedule: the finding schedule's bounds for rounds that end
// exhausted (✓) or cut by their share (✗): doubling while they exhaust,
// after the first cut one round halfway back to the last exhausted bound,
// then the last round at findingBound (or twice the cut bound past it).
func TestFindingSchedule(t *testing.T) {
	for _, c := range []struct {
		max    int
		ends   string // each round's end but the last's: ✓ or ✗
		bounds []int  // every round's bound
	}{
		{max: 1024, ends: "✓✓✓", bounds: []int{1, 2, 4, 8}},
		{max: 1024, ends: "✗", bounds: []int{1, 64}},                 // nothing exhausted: no bound between
		{max: 1024, ends: "✓✓✗✓", bounds: []int{1, 2, 4, 3, 64}},     // go-toml's "F=0" at 3
		{max: 1024, ends: "✓✓✗✗", bounds: []int{1, 2, 4, 3, 64}},     // the halfway round may be cut too
		{max: 1024, ends: "✓✓✓✗✓", bounds: []int{1, 2, 4, 8, 6, 64}}, // halfway from 4 to 8
		{max: 1024, ends: "✓✗", bounds: []int{1, 2, 64}},             // no bound between 1 and 2
		{max: 16, ends: "✓✓✗✓", bounds: []int{1, 2, 4, 3, 16}},       // the maximum below findingBound
		{max: 1024, ends: "✓✓✓✓✓✓✓✗✓", bounds: []int{1, 2, 4, 8, 16, 32, 64, 128, 96, 256}},
	} {
		f := findingSchedule{max: c.max}
		b, bounds, last := 1, []int{1}, false
		for _, e := range c.ends {
			if last {
				t.Fatalf("%s: a round after the last", c.ends)
			}
			b, last = f.after(b, e == '✓', time.Second, time.Second)
			bounds = append(bounds, b)
		}
		if cut := strings.Contains(c.ends, "✗"); last != cut {
			t.Errorf("%s (max %d): the round at %d last %v, want %v", c.ends, c.max, b, last, !last)
		}
		if !slices.Equal(bounds, c.bounds) {
			t.Errorf("%s (max %d): bounds %v, want %v", c.ends, c.max, bounds, c.bounds)
		}
	}
}
