package symex

import (
	"strings"
	"testing"
	"time"

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

// TestTurnsCopyOnWrite: a fork's clones share their frames' turn
// counters until one counts a turn, and a count is then its own.
func TestTurnsCopyOnWrite(t *testing.T) {
	fn := &ssa.Function{Blocks: []*ssa.BasicBlock{{Index: 0}, {Index: 1}}}
	b := fn.Blocks[1]
	s := &State{frames: []*frame{{fn: fn, block: b}}}
	s.top().countTurn(b)
	c := s.clone()
	if &c.top().turns[0] != &s.top().turns[0] {
		t.Fatal("a clone copied the turn counters")
	}
	c.top().countTurn(b)
	c.top().countTurn(b)
	s.top().countTurn(b)
	if got, want := []uint32{s.top().turns[1], c.top().turns[1]}, []uint32{2, 3}; got[0] != want[0] || got[1] != want[1] {
		t.Errorf("turns of block 1 (state, clone): %v, want %v", got, want)
	}
}

// TestCovnewPicker: the picker whose CPU time is the smallest for its
// rate (blocks per CPU second, one block in one second to start) picks;
// on a tie the newest-side picker.
func TestCovnewPicker(t *testing.T) {
	sec := func(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
	for _, c := range []struct {
		name string
		earn [numPickers]pickerEarn
		want int
	}{
		{"nothing earned", [numPickers]pickerEarn{}, pickNewest},
		{"rarest not tried", [numPickers]pickerEarn{{gain: 0, cost: sec(0.1)}, {}}, pickRarest},
		{"same rates, newest behind", [numPickers]pickerEarn{{gain: 10, cost: sec(1)}, {gain: 10, cost: sec(1.5)}}, pickNewest},
		{"same rates, rarest behind", [numPickers]pickerEarn{{gain: 10, cost: sec(1.5)}, {gain: 10, cost: sec(1)}}, pickRarest},
		// newest: 101 blocks in 2 s; rarest: 1 block in 1.5 s, 0.4 blocks a
		// second: rarest's share is 0.4/50.9 of the time, and it used 1.5 s
		{"rarest does not pay", [numPickers]pickerEarn{{gain: 100, cost: sec(1)}, {gain: 0, cost: sec(1.5)}}, pickNewest},
		{"rarest pays", [numPickers]pickerEarn{{gain: 1, cost: sec(5)}, {gain: 40, cost: sec(5)}}, pickRarest},
	} {
		w := &worklist{kind: "covnew", earn: c.earn}
		if got := w.nextPicker(); got != c.want {
			t.Errorf("%s: picker %d, want %d", c.name, got, c.want)
		}
	}
}
