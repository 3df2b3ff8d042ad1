package z3

import (
	"context"
	"errors"
	"sync/atomic"
)

// binaryFirst decides through the z3 executable (Options.Z3Binary) and
// through next, a libz3 route, when the executable fails to answer: it could
// not start, died, printed no answer, or its model did not read back. A
// script z3 rejected (ErrRejected) is not handed to libz3, which reads
// it with the same parser; the caller prints its own text instead. Why the
// executable first: it decides some quantified BV files that no libz3 route
// does, in less time (docs/bench/fallback-parity).
type binaryFirst struct {
	// binary is Binary's Solve.
	binary func(context.Context, string) (Result, error)
	next   Solver
	// fellBack counts calls the executable failed and next decided.
	fellBack atomic.Int64
}

func (b *binaryFirst) Solve(ctx context.Context, smt2 string) (Result, error) {
	res, err := b.binary(ctx, smt2)
	if err == nil || errors.Is(err, ErrRejected) || ctx.Err() != nil {
		return res, err
	}
	b.fellBack.Add(1)
	return b.next.Solve(ctx, smt2)
}

// Interpret is libz3's command interpreter, asked for by name.
func (b *binaryFirst) Interpret(ctx context.Context, smt2 string) (Result, error) {
	return b.next.Interpret(ctx, smt2)
}
