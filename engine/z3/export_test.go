package z3

import (
	"context"
	"time"

	"github.com/sift-solver/sift/term"
)

// Hooks for stage_ext_test.go, whose tests drive the stage through the
// engine's driver and sessions.

var (
	ScriptProblem = scriptProblem
	VarByName     = varByName
)

// FailingZ3 answers every call with an error.
type FailingZ3 = failingZ3

// BinaryFirst is the route through the z3 executable first.
type BinaryFirst = binaryFirst

func (b *binaryFirst) SetBinary(f func(context.Context, string) (Result, error)) { b.binary = f }
func (b *binaryFirst) SetNext(next Solver)                                       { b.next = next }
func (b *binaryFirst) FellBack() int64                                           { return b.fellBack.Load() }

// Route is how the stage reaches Z3; SetRoute replaces it.
func (s *Stage) Route() Solver     { return s.solver }
func (s *Stage) SetRoute(r Solver) { s.solver = r }
func (s *Stage) PosedCalls() int64 { return s.posedCalls.Load() }
func (s *Stage) OwnProofs() int64  { return s.ownProofs.Load() }

// CheckModel is the check of a Z3 model's assertions, with budget for
// sift's own proofs.
func (s *Stage) CheckModel(ctx context.Context, st *term.Store, m *term.Model, assertions []term.Term, budget time.Duration) error {
	return s.checkModel(ctx, st, m, assertions, nil, checkHelp{budget: budget})
}
