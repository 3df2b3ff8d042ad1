package symex

import (
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

// TestPopRarest: the rarest pick takes the state headed for the side
// taken the fewest times in its bucket of loop turns, the shallowest
// among those, then the newest; states headed nowhere are not picked.
func TestPopRarest(t *testing.T) {
	often := &sideCount{n: 9, turns: [turnBuckets]int{1: 8, 4: 1}}
	never := &sideCount{}
	st := func(c *sideCount, bucket uint8, forks int) *State {
		return &State{headed: true, nextCount: c, nextTurns: bucket, forks: forks}
	}
	for _, c := range []struct {
		name   string
		states []*State
		want   int
	}{
		{"none headed", []*State{{}, {}}, -1},
		{"rare bucket of a common side", []*State{st(often, 1, 2), st(often, 4, 9), st(often, 1, 1)}, 1},
		{"untaken bucket first", []*State{st(often, 4, 1), st(often, 5, 30)}, 1},
		{"shallowest on a tie", []*State{st(never, 0, 3), st(never, 0, 2), st(never, 0, 5)}, 1},
		{"newest on a tie of depth", []*State{st(never, 0, 2), st(never, 0, 2), {}}, 1},
	} {
		w := &worklist{kind: "covnew", states: c.states}
		if got := w.popRarest(); got != c.want {
			t.Errorf("%s: state %d, want %d", c.name, got, c.want)
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

// TestCovnewPicker: the picker whose CPU time, plus the prior's second,
// is the smallest for its rate (blocks per CPU second, one block in one
// second to start) picks; on a tie the newest-side picker. (c+1)/rate is
// (c+1)^2/(g+1) for g blocks in c seconds.
func TestCovnewPicker(t *testing.T) {
	sec := func(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
	for _, c := range []struct {
		name string
		earn [numPickers]pickerEarn
		want int
	}{
		{"nothing earned", [numPickers]pickerEarn{}, pickNewest},
		{"newest pays, rarest waits", [numPickers]pickerEarn{{gain: 44, cost: sec(0.1)}, {}}, pickNewest}, // 0.027 < 1
		{"newest stops paying", [numPickers]pickerEarn{{gain: 3, cost: sec(2)}, {}}, pickRarest},          // 2.25 > 1
		{"same gains, newest behind", [numPickers]pickerEarn{{gain: 10, cost: sec(1)}, {gain: 10, cost: sec(1.5)}}, pickNewest},
		{"same gains, rarest behind", [numPickers]pickerEarn{{gain: 10, cost: sec(1.5)}, {gain: 10, cost: sec(1)}}, pickRarest},
		{"rarest does not pay", [numPickers]pickerEarn{{gain: 100, cost: sec(1)}, {gain: 0, cost: sec(1.5)}}, pickNewest}, // 0.04 < 6.25
		{"rarest pays", [numPickers]pickerEarn{{gain: 1, cost: sec(5)}, {gain: 40, cost: sec(5)}}, pickRarest},            // 18 > 0.88
	} {
		w := &worklist{kind: "covnew", earn: c.earn}
		if got := w.nextPicker(); got != c.want {
			t.Errorf("%s: picker %d, want %d", c.name, got, c.want)
		}
	}
}
