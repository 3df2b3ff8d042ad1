package concolic

import (
	"go/token"

	"github.com/sift-solver/sift/symex/merge"
	"github.com/sift-solver/sift/term"
)

// Assign is one store update on the way to a step: variable Var gets RHS,
// a term over the inputs and the reads (read|V) of the variables' values at
// the previous step. RHS NoTerm drops the variable (a returned frame's
// registers: seed 001's ExitScopeUpdate).
type Assign struct {
	Var string
	RHS term.Term
}

// Step is one DAG node a run passed: a branch (every If, concrete or not,
// seed 001 §3.9 item 2) or an event choice, and the direction taken.
type Step struct {
	Point merge.Point
	Event bool
	// Cond is the branch condition, raw: over inputs and reads.
	Cond term.Term
	// EventVar is the event input e_i; Choices the number of handlers.
	EventVar term.Term
	Choices  int
	Dir      int // branch: 1 then, 0 else; event: handler index, -1 stop
	// Assigns are the updates since the previous step (the root's: since
	// the start), in order.
	Assigns []Assign
	// Layout is what is not a term at the step (non-scalar values): only
	// steps with equal layouts merge.
	Layout string
	// Label is the static branch site (function and block), for coverage
	// and covfirst.
	Label string
}

// Ending is how a run ended.
type Ending struct {
	Kind    string // "return", "panic", "unsupported", "cut"
	Message string
	Pos     token.Position
	Assigns []Assign // updates after the last step
}

// Trace is one run: its steps and its end.
type Trace struct {
	Steps []Step
	End   Ending
}

// Point names for event nodes: E_i has the point HF(i-1).
const eventFunc = "HF"

func eventPoint(i int) merge.Point { return merge.Point{Func: eventFunc, Block: -1, Event: i - 1} }
