package merge

import (
	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// Point is a program point: where states wait to be merged. Points are
// comparable, so they key maps.
type Point struct {
	Func  string // the function (ssa.Function.String())
	Block int    // the block's index in Func
	Stack string // the call stack below the top frame: callers and call sites
	Event int    // concolic mode: index of the running event handler, -1 outside one; 0 when forking
	Iters string // concolic mode: loop iteration counters; "" when forking
}

// VarID names the program variable a cell belongs to: an SSA value of one
// frame, or a memory object. Liveness (incremental merging) and taint (QHV)
// work on VarIDs.
type VarID struct {
	Frame int       // frame depth from the entry function (0); -1 for a memory object
	Value ssa.Value // the SSA value; nil for a memory object
	Obj   int       // the object id; 0 for an SSA value
	// Site is where a memory object was allocated (an Alloc, a call, a
	// MakeSlice…, or the Global it is), nil when unknown: QHV's taint
	// starts at the loads that may read it.
	Site ssa.Value
}

// Cell is one scalar leaf of a state: a variable, the position inside its
// value, and its term.
type Cell struct {
	Var  VarID
	Path string    // position inside the variable's value, e.g. ".1.Len" or "[elems]"
	T    term.Term // of sort Bool, BitVec or Array
	// Loc marks a pointer's location: T is a 64-bit id naming an object
	// and a field path (0 is nil), which the executor dereferences by
	// cases over the leaves of an ite tree. A strategy joins it with Join,
	// never with an arithmetic pattern.
	Loc bool
	// Dead marks a cell of an SSA value that no path from the point reads
	// (the executor's liveness): it is part of the state, but merging it
	// buys nothing, so pat's "no cell uses k" test passes over it.
	Dead bool
}

// Step is one branch decision on a state's path: the literal added to the
// path constraint (the condition or its negation) and where it was taken.
type Step struct {
	Lit   term.Term
	Point Point
}

// View is a state as merging sees it.
type View struct {
	Point Point
	PC    []term.Term // path constraint conjuncts, oldest first
	Root  int         // PC[:Root] is shared by the whole merge region (seed 000's r.s.pc)
	// Implied lists, ascending, the indexes of PC that are implied steps
	// (ImpliedSteps): each is implied by the conjuncts before it, so the
	// standard merge leaves them out of a member's own conjuncts.
	Implied []int
	// Trail holds one Step per conjunct of PC[Root:], in the same order:
	// Trail[i].Lit == PC[Root+i]. A conjunct a merge made (a disjunction, a
	// quantified pattern) is one Step at the point of that merge.
	Trail  []Step
	Layout uint64 // hash of everything in the state that is not a cell term
	Cells  []Cell // in layout order: equal layouts give the same Var and Path sequence
	// Kind is the kinds of merge point (points.go) the view waits at; 0
	// when the executor does not say.
	Kind Kind
	// FrameLayout is the part of Layout that hashes the frames only (not
	// memory): views whose Layout differ but FrameLayout agree differ in
	// the shape of their heaps (refusal reason "heap").
	FrameLayout uint64
	// Frames is where each frame of the state goes on, the entry
	// function's first: the top frame at the merge point, every other
	// after its call. Cost models (QHV) read the code ahead from here.
	Frames []Frame
}

// Frame is where one frame of a waiting state resumes: instruction Next
// of Block.
type Frame struct {
	Block *ssa.BasicBlock
	Next  int
}

// Merged is one merged state: the views it replaces and what it holds.
type Merged struct {
	Members []int       // indices into the views given to Merge
	PC      []term.Term // the merged path constraint, as conjuncts
	Cells   []term.Term // one term per cell of the members' common layout
	// Aux are the fresh variables PC introduces (pat's count k), and
	// AuxValues[i] their constant values for member i: a model of member
	// i's path constraint extended with them satisfies PC, which gives the
	// merged state a model without a query.
	Aux       []term.Term
	AuxValues [][]term.Term
}

// Strategy decides which waiting states merge and builds the merged states.
type Strategy interface {
	// Name is the strategy's --merge value.
	Name() string
	// Kinds is the set of merge points (see points.go) at which the
	// executor parks states for this strategy.
	Kinds() Kind
	// Merge is given the views of the states waiting at one point. Views
	// named in no Merged continue unmerged.
	Merge(st *term.Store, views []*View) ([]Merged, error)
	// Stats reports what the strategy did so far.
	Stats() *Stats
}

// ImpliedSteps is implemented by strategies that want the executor to
// record a symbolic branch the solver decided without forking as a step of
// the trail (and a conjunct of the path constraint, which it implies), as
// seed 000's execution tree keeps such single-child nodes.
type ImpliedSteps interface {
	ImpliedSteps() bool
}

// Parker is implemented by strategies that may decline a merge point
// before a state parks there: Parks is asked with the point and the
// state's frames (the top one at the point's first non-phi instruction),
// and a state at a declined point runs on without waiting.
type Parker interface {
	Parks(p Point, frames []Frame) bool
}

// QueryRater is implemented by strategies that weigh the queries a
// symbolic branch costs by what the run has shown so far: before each
// merge round the executor gives the queries it asked and the branches on
// symbolic conditions it took (decided by the solver, a model at hand or
// value sets).
type QueryRater interface {
	QueryRate(queries, branches int)
}
