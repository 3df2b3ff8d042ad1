package symex

import (
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/symex/merge"
)

// Coverage scouts (docs/design/merging.md, "Scheduling"). Parking makes a
// merging exploration breadth-first between merge points: a state waits at
// a loop's exit until every state still in the loop has left it, so the code
// after a loop over a symbolic-length input is reached only once the loop
// is done, where --merge=none, depth-first, runs its first path there at
// once. A state that enters a merge point with a block ahead that no path
// covered yet therefore passes the point instead of parking, and goes on
// passing merge points while such a block is ahead of it: a scout, run to
// its end as none runs every path. Its forks are not scouts: each parks at
// its next merge point unless it has an uncovered block ahead there itself.
// A merge only pays when there are states to merge with, and a scout gives
// up at most its own merges. Every state is still explored once; scouts
// change the order and which states merge, not the space.
//
// Where some blocks ahead are never covered (infeasible branches), every
// state would be a scout: new scouts set out only while scouts' runs did
// at most share of the exploration's work (loopShare in a symbolic loop's
// body). Work is counted, not timed (Executor.work), so that two runs of
// one command send out the same scouts and explore in the same order.
type scouts struct {
	share float64 // ≥ 1: no bound on the work
	// loopShare replaces share for a state in a symbolic loop's body (0:
	// none sets out there): a scout takes its state out of the loop's
	// lockstep, where the states that stay merge iteration by iteration.
	loopShare float64
	// ahead lists the blocks a frame at a block may still run: the block,
	// those reachable from it, and every block of the functions they call
	// statically (transitively); uncoveredAhead drops covered ones.
	ahead map[*ssa.BasicBlock][]*ssa.BasicBlock
	// calls is the blocks of a function and of those it calls statically.
	calls map[*ssa.Function][]*ssa.BasicBlock

	spent   int64 // work of the runs of scouts
	counted bool  // a share below 1: runs' work is counted

	// fruitless counts the scouts' runs in a row that ended with no block
	// covered since the run before ended (by the scout or by any other
	// state); coveredAt is the covered block count when the last one
	// ended. Past maxFruitless no new scout sets out until a block is
	// covered.
	fruitless, coveredAt int
}

// maxFruitless is how many scout runs in a row may cover nothing before
// new scouts wait for the exploration to cover a block. Where the blocks
// ahead are infeasible, scouts cover nothing and only take states out of
// their merges: netip.ParseAddr 32 sent 119 scouts, of which 7 covered a
// block, and exhausted the space in 42.8 s against 17.1 s without scouts.
const maxFruitless = 16

// inSymbolicLoop reports whether a frame of s runs a symbolic loop's body.
func inSymbolicLoop(s *State) bool {
	for _, f := range s.frames {
		if len(f.regions) > 0 {
			return true
		}
	}
	return false
}

func newScouts(share, loopShare float64) *scouts {
	return &scouts{share: share, loopShare: loopShare,
		ahead: map[*ssa.BasicBlock][]*ssa.BasicBlock{}, calls: map[*ssa.Function][]*ssa.BasicBlock{},
		counted: share < 1 || loopShare < 1}
}

// scoutPasses is the rule: a state at a merge point with an uncovered block
// ahead passes it when it is a scout already, or when scouts did no more
// than share of the exploration's work so far (total), loopShare for a
// state in a symbolic loop's body.
func scoutPasses(scouting, uncovered, inLoop, fruitless bool, share, loopShare float64, spent, total int64) bool {
	if !uncovered {
		return false
	}
	if scouting {
		return true
	}
	if fruitless {
		return false
	}
	if inLoop {
		share = loopShare
	}
	return share >= 1 || (share > 0 && float64(spent) <= share*float64(total))
}

// passesAsScout reports whether s, at a merge point, runs on as a scout.
func (e *Executor) passesAsScout(s *State) bool {
	sc := e.sc
	inLoop := !s.scout && inSymbolicLoop(s)
	if inLoop && sc.loopShare <= 0 {
		return false
	}
	if !scoutPasses(s.scout, e.uncoveredAheadOf(s), inLoop, sc.fruitless >= maxFruitless, sc.share, sc.loopShare, sc.spent, e.work()) {
		s.scout = false
		return false
	}
	if !s.scout {
		e.stats.Scouts++
		s.scout = true
	}
	return true
}

// scoutFromParked takes a parked state out of its group as a new scout when
// no state is runnable and scouts may set out: one with an uncovered block
// ahead, the last to arrive at the point parked at last. A state parks for
// good where scouts had used their share when it arrived, and the merge
// rounds release the earliest points first, so without this a point deep
// in the code (a loop in a function called after others) waits for
// everything before it.
func (e *Executor) scoutFromParked() *State {
	sc, m := e.sc, e.mg
	if sc == nil || m.incremental {
		return nil
	}
	var best merge.Point
	var bg *parkGroup
	for p, g := range m.parked {
		if bg != nil && g.first < bg.first {
			continue
		}
		g.states = slices.DeleteFunc(g.states, func(s *State) bool { return s.discarded })
		if len(g.states) == 0 {
			continue
		}
		s := g.states[len(g.states)-1]
		if scoutPasses(false, e.uncoveredAheadOf(s), inSymbolicLoop(s), sc.fruitless >= maxFruitless, sc.share, sc.loopShare, sc.spent, e.work()) {
			best, bg = p, g
		}
	}
	if bg == nil {
		return nil
	}
	s := bg.states[len(bg.states)-1]
	bg.states = bg.states[:len(bg.states)-1]
	if len(bg.states) == 0 {
		delete(m.parked, best)
	}
	s.scout = true
	e.stats.Scouts++
	return s
}

// uncoveredAheadOf reports whether a block no path covered yet is ahead of
// one of s's frames.
func (e *Executor) uncoveredAheadOf(s *State) bool {
	for i := len(s.frames) - 1; i >= 0; i-- {
		if e.uncoveredAhead(s.frames[i].block) != nil {
			return true
		}
	}
	return false
}

// uncoveredAhead is the blocks ahead of a frame at b that no path covered
// yet (nil when there is none). It drops the covered blocks before the
// first uncovered one, enough to tell whether there is one: blocks stay
// covered once they are. The list may hold covered blocks after it.
func (e *Executor) uncoveredAhead(b *ssa.BasicBlock) []*ssa.BasicBlock {
	sc := e.sc
	bs, ok := sc.ahead[b]
	if !ok {
		bs = e.blocksAhead(b)
	}
	for len(bs) > 0 && e.cov.covered(bs[0]) {
		bs = bs[1:]
	}
	if len(bs) == 0 {
		bs = nil
	}
	sc.ahead[b] = bs
	return bs
}

// ranScout counts a scout's run that ended with this many blocks covered
// in all. Runs are counted where a share below 1 is (runCounted): with
// shares of 1, scouts always set out.
func (sc *scouts) ranScout(covered int) {
	if covered > sc.coveredAt {
		sc.fruitless = 0
	} else {
		sc.fruitless++
	}
	sc.coveredAt = covered
}

// runCounted runs s, and adds its work to the scouts' when s was a scout
// during the run (the share counts whole runs: a scout's run ends where it
// finishes or parks).
func (e *Executor) runCounted(s *State) error {
	if e.sc == nil || !e.sc.counted {
		return e.run(s)
	}
	was, before := s.scout, e.work()
	err := e.run(s)
	if was || s.scout {
		e.sc.spent += e.work() - before
		e.sc.ranScout(len(e.cov.first))
	}
	return err
}

// queryWork is the work of one question that reaches the solver, in
// instructions. Over 14 runs of the benchmark functions of
// docs/bench/symex-merge under --merge none (8 and 16 bytes, 3 s each, the
// runs with more than one solver query), a query took the time of 225 to
// 6,237 instructions, median 548; 300 came from a first count that took
// the chain's own answers for solver queries. Runs repeat whatever the
// value, and 550 did no better than 300 on the benchmark (one run each,
// docs/bench/symex-merge/README.md).
const queryWork = 300

// work is the exploration's work so far: the instructions run plus
// queryWork per question the solver received (the chain's own answers are
// cheap). Unlike time, it is the same in every run of one command.
func (e *Executor) work() int64 {
	asked := e.stats.Queries
	if e.chain != nil {
		asked = e.chain.Stats().Backend
	}
	return e.stats.Steps + queryWork*int64(asked)
}

// blocksAhead is b, the blocks reachable from it in its function, and the
// blocks of the functions any of them calls statically (models in place of
// the functions they stand for).
func (e *Executor) blocksAhead(b *ssa.BasicBlock) []*ssa.BasicBlock {
	m := e.mg
	var out []*ssa.BasicBlock
	seen := map[*ssa.BasicBlock]bool{}
	add := func(bs []*ssa.BasicBlock) {
		for _, x := range bs {
			if !seen[x] {
				seen[x] = true
				out = append(out, x)
			}
		}
	}
	fn := b.Parent()
	for _, x := range fn.Blocks {
		if x == b || m.reaches(b, x) {
			add([]*ssa.BasicBlock{x})
			for _, g := range e.staticCallees(x) {
				add(e.callBlocks(g))
			}
		}
	}
	return out
}

// callBlocks is the blocks of fn and of every function it calls
// statically, transitively.
func (e *Executor) callBlocks(fn *ssa.Function) []*ssa.BasicBlock {
	sc := e.sc
	if bs, ok := sc.calls[fn]; ok {
		return bs
	}
	var out []*ssa.BasicBlock
	seen := map[*ssa.Function]bool{}
	work := []*ssa.Function{fn}
	for len(work) > 0 {
		g := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[g] {
			continue
		}
		seen[g] = true
		out = append(out, g.Blocks...)
		for _, x := range g.Blocks {
			work = append(work, e.staticCallees(x)...)
		}
	}
	sc.calls[fn] = out
	return out
}

// staticCallees is the functions b's calls run, where the call names one.
func (e *Executor) staticCallees(b *ssa.BasicBlock) []*ssa.Function {
	var out []*ssa.Function
	for _, in := range b.Instrs {
		c, ok := in.(ssa.CallInstruction)
		if !ok {
			continue
		}
		g := c.Common().StaticCallee()
		if g == nil {
			continue
		}
		if mg := e.prog.model(g); mg != nil {
			g = mg
		}
		if e.prog.intrinsic(g) {
			continue
		}
		out = append(out, g)
	}
	return out
}
