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
			b, last = f.after(b, e == '✓')
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
