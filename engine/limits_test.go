package engine_test

import (
	"strings"
	"testing"
	"time"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/internal/blowup"
)

// TestBlowupsStopAtTheLimit runs the blow-up scripts (wide multiplier and
// divider chains, deep store chains, huge ite trees, wide shifters) under a
// short per-check limit without the fallback. Each check must end: with the
// expected answer, or unknown. The bound on the wall time is deliberately
// loose (a hang, not a few milliseconds, is the bug this catches);
// scripts/limits.sh measures the precision on the sift binary.
//
// After the interrupted check, a small check in the same session must be
// decided: an interrupted circuit must leave the blaster usable.
func TestBlowupsStopAtTheLimit(t *testing.T) {
	const limit = 300 * time.Millisecond
	for _, s := range blowup.Scripts(true) {
		t.Run(s.Name, func(t *testing.T) {
			script := s.WithFollowUp()
			start := time.Now()
			out, sessions := runWith(t, script, engine.Options{NoFallback: true}, limit)
			el := time.Since(start)
			ans := strings.Fields(out)
			if len(ans) != 2 {
				t.Fatalf("want two answers, got %q", out)
			}
			if ans[0] != "unknown" && s.Status != "" && ans[0] != s.Status {
				t.Errorf("WRONG ANSWER %s, expected %s", ans[0], s.Status)
			}
			if ans[1] != "sat" {
				t.Errorf("second check: %s, want sat", ans[1])
			}
			for _, se := range sessions {
				if n := se.Driver().ValidationFailures; n > 0 {
					t.Errorf("%d models failed validation", n)
				}
			}
			if el > 20*limit {
				t.Errorf("the script took %v under a %v limit per check", el, limit)
			}
			t.Logf("%s: %s in %v", s.Name, ans[0], el)
		})
	}
}
