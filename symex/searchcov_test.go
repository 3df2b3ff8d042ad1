package symex

import (
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
