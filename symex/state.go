package symex

import (
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/svi"
	"github.com/sift-solver/sift/symex/merge"
	"github.com/sift-solver/sift/term"
)

// frame is one activation of a function.
type frame struct {
	fn    *ssa.Function
	block *ssa.BasicBlock
	prev  *ssa.BasicBlock // predecessor, for Phi
	pc    int             // index of the next instruction in block
	env   map[ssa.Value]Value
	call  ssa.Value // the caller's Call instruction awaiting our result, nil for the entry
	// iter, when set, receives the frame's result instead of call: the frame
	// runs the UTF-8 step of a range over a string for the caller's Next.
	iter *rangeReturn

	// deferCall marks a frame running a deferred call: its return goes
	// on with the caller's RunDefers or unwinding (exec_defer.go).
	deferCall bool
	// defers are the pending deferred calls, oldest first; a push makes a
	// new array, so forked frames may share it. unwinding is set while a
	// panic runs them; panic is the panic in flight, nil once recovered.
	defers    []deferred
	unwinding bool
	panic     *panicked
	// recoveredAt, in a deferred call that recovered a panic, is where
	// that panic's chain started: a panic raised before the call returns
	// continues the chain (exec_defer.go's chainPanic).
	recoveredAt ssa.Instruction

	// turns counts, under the covnew search, the times the frame entered
	// each block (by index): the turn of a loop a fork is in
	// (searchcov.go's rarest side). A fork's clones share it until one
	// counts a turn (turnsShared), so a fork copies no counters.
	turns       []uint32
	turnsShared bool

	// iters counts, in follow mode, the iterations of the loops the frame
	// is in (concolic program points).
	iters map[*merge.Loop]int

	// With merging only:
	stack   string   // the call stack below this frame, merge.Point's Stack
	regions []region // the symbolic loops this frame is running, innermost last
	left    region   // the symbolic loop the last jump left, if any
}

// rangeReturn is where a decodeRune frame's result goes: the caller's Next
// instruction, the iterator it advances, and the string and index read.
type rangeReturn struct {
	in  *ssa.Next
	itp PtrVal
	sv  StringVal
	k   term.Term
}

// region is a symbolic loop a frame entered: seed 000's merge region, whose
// root constraint is the path constraint's first pcLen conjuncts.
type region struct {
	loop  *merge.Loop
	pcLen int
}

// State is one path of the exploration: its call stack, path constraint,
// memory and the branch decisions it took.
type State struct {
	frames []*frame
	pc     []term.Term // conjuncts of the path constraint
	mem    map[int]Value
	nextID int
	// dirty, in follow mode, holds the objects written since the shadow's
	// last mark (setMem).
	dirty map[int]bool
	// sites numbers objects by allocation site (objects.go) when merging
	// is on: nil without merging and in initializers, which count up from
	// nextID. allocs[site] is how many objects the path allocated there.
	sites       *siteTable
	allocs      map[ssa.Instruction]int
	allocShared bool // allocs is shared with a clone: copy it before a write
	// tr identifies the sequence of branch decisions (every If and every
	// checked operation), which a concrete re-run must repeat.
	tr      trace
	forced  []bool // decisions to replay in the current instruction (a fork's clone)
	decided []bool // decisions taken so far in the current instruction
	// iteReplay is the loop walk a clone forked among its exits replays
	// (loopite.go).
	iteReplay *iteDone
	model     *term.Model
	spare     []*term.Model // more models of pc, from the members of a merge
	// sets are the value sets of the path's variables (valuesets.go); nil
	// when nothing narrowed them or value sets are off.
	sets *svi.Sets
	// parts are, for a merged state, its members' sets (at most
	// maxParts), each narrowed like sets since: the merged constraint is
	// the disjunction of the members', so a branch every part settles one
	// way is settled, where the join in sets (the union per variable)
	// often settles nothing (valuesets.go).
	parts []*svi.Sets
	forks int // symbolic branches taken (the depth)
	// next is the branch side a fork's clone is headed for (headed: it
	// has one), for the covnew search (searchcov.go).
	next   branchSide
	headed bool
	// nextCount counts the paths that took next; nextTurns is the bucket
	// of the loop turn next is in (turnBucket).
	nextCount *sideCount
	nextTurns uint8
	// recent are the path's last forks (ring, newest at nrecent-1) and run
	// says the clone's side repeats the side the path took at the same
	// branch among them: one more turn of a loop (covnew, searchcov.go).
	recent  [recentForks]branchSite
	nrecent int
	run     bool
	steps   int
	ret     Value
	// views are the byte ranges strings share through unsafe (views.go).
	views []byteView

	// With merging only:
	trail []merge.Step // one Step per conjunct of pc
	// implied lists, ascending, the conjuncts of pc that are steps only
	// (addImplied): each is implied by the conjuncts before it, so queries
	// leave them out.
	implied []int
	arrived bool // the last jump entered a block: park before its first non-phi instruction if it is a merge point
	inexact bool // the pc lacks a decision (a depth cut): the state never merges
	scout   bool // it passes merge points while uncovered blocks are ahead (mergescout.go); forks are not scouts
	// mergedAt is the point whose merge made the state, until it merges
	// again or splits (mergeyield.go).
	mergedAt *pointYield

	// With incremental merging only (mergeinc.go):
	inc       *incPos // the state's node in its loop's tree
	yield     bool    // it forked in a tree: back to the breadth-first queue
	discarded bool    // an incremental merge replaced it: drop it wherever it waits
}

func (s *State) top() *frame { return s.frames[len(s.frames)-1] }

// clone copies the state for a fork. Terms and values are shared; frames
// and the object table are copied. Slices that only grow are clipped, so
// the first append on either side copies them.
func (s *State) clone() *State {
	c := *s
	c.scout = false
	c.frames = make([]*frame, len(s.frames))
	for i, f := range s.frames {
		nf := *f
		nf.env = maps.Clone(f.env)
		nf.regions = slices.Clip(f.regions)
		if f.turns != nil {
			f.turnsShared, nf.turnsShared = true, true
		}
		c.frames[i] = &nf
	}
	c.pc = append([]term.Term(nil), s.pc...)
	c.trail = slices.Clip(s.trail)
	c.implied = slices.Clip(s.implied)
	c.tr.after = slices.Clip(s.tr.after)
	c.mem = maps.Clone(s.mem)
	c.views = slices.Clip(s.views)
	if s.allocs != nil {
		s.allocShared, c.allocShared = true, true
	}
	return &c
}

// alloc makes a new object holding v and returns its id.
func (s *State) alloc(v Value) int {
	id := s.nextID + 1
	if s.sites == nil {
		s.nextID = id
	} else {
		id = s.sites.next(s)
	}
	s.setMem(id, v)
	return id
}

// setMem makes v object id's value.
func (s *State) setMem(id int, v Value) {
	s.mem[id] = v
	if s.dirty != nil {
		s.dirty[id] = true
	}
}
