package symex

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// TestLoopRun: a side repeats a loop run when the path's last fork at the
// same branch, among its last recentForks forks, took that side; the
// decision's rank does not matter, an older fork past the window does not
// count.
func TestLoopRun(t *testing.T) {
	loop, other := &ssa.BasicBlock{Index: 1}, &ssa.BasicBlock{Index: 2}
	at := func(b *ssa.BasicBlock, side bool) branchSide { return branchSide{block: b, pc: 3, side: side} }
	for _, c := range []struct {
		name  string
		forks []branchSide
		next  branchSide
		want  bool
	}{
		{"no fork yet", nil, at(loop, true), false},
		{"same side again", []branchSide{at(loop, true)}, at(loop, true), true},
		{"the other side", []branchSide{at(loop, true)}, at(loop, false), false},
		{"the last at the branch counts", []branchSide{at(loop, true), at(other, true), at(loop, false)}, at(loop, false), true},
		{"another rank", []branchSide{{block: loop, pc: 3, nth: 2, side: true}}, at(loop, true), true},
		{"another branch", []branchSide{at(other, true)}, at(loop, true), false},
		{"past the window", append([]branchSide{at(loop, true)}, repeatSide(at(other, false), recentForks)...), at(loop, true), false},
		{"at the window's edge", append([]branchSide{at(loop, true)}, repeatSide(at(other, false), recentForks-1)...), at(loop, true), true},
	} {
		s := &State{}
		for _, f := range c.forks {
			s.noteFork(f)
		}
		if got := s.repeats(c.next); got != c.want {
			t.Errorf("%s: repeats %v, want %v", c.name, got, c.want)
		}
	}
}

func repeatSide(b branchSide, n int) []branchSide {
	out := make([]branchSide, n)
	for i := range out {
		out[i] = b
	}
	return out
}

// TestTurnBucket: loop turns fall in AFL's hit-count buckets.
func TestTurnBucket(t *testing.T) {
	b := &ssa.BasicBlock{Index: 0}
	for _, c := range []struct {
		turns uint32
		want  uint8
	}{{0, 0}, {1, 1}, {3, 3}, {4, 4}, {7, 4}, {8, 5}, {16, 6}, {31, 6}, {32, 7}, {127, 7}, {128, 8}, {1 << 20, 8}} {
		s := &State{frames: []*frame{{block: b, turns: []uint32{c.turns}}}}
		if got := s.turnBucket(); got != c.want {
			t.Errorf("%d turns: bucket %d, want %d", c.turns, got, c.want)
		}
	}
}

// TestCovnewRarestSide: a command's name, scanned up to its delimiter and
// looked up in a map of concrete keys, decides whether its argument is
// read; the clones that stop the scan at the fifth byte wait behind the
// fallback's new sides and loop runs, and the rarest-side pick reaches
// them (covnew without it took 12,566 paths at these bounds).
func TestCovnewRarestSide(t *testing.T) {
	p := loadTestFunc(t, "testdata/covnew", "Run", "Run")
	for _, maxLen := range []int{8, 16} {
		_, res := explore(t, p, Options{MaxLen: maxLen, Search: "covnew", StopAtPanic: true, MaxPaths: 2000}, nil)
		if len(res.Panics) != 1 || !strings.Contains(res.Panics[0].Message, "slice bounds out of range") {
			t.Errorf("max-len %d: %d panics in %d paths (%s), want quoted's", maxLen, len(res.Panics), res.Stats.Paths, res.Stats.Stopped)
		}
	}
}
