package merge

import (
	"context"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// engineChecker is a checker that proves with sift's engine, as the
// executor's does (package symex passes it its engine solver; its tests
// cannot import symex).
func engineChecker(st *term.Store) *Checker {
	c := NewChecker()
	c.Solver = engineSolver{engine.NewSession(st, engine.Options{})}
	return c
}

type engineSolver struct{ sess *engine.Session }

func (s engineSolver) Check(ctx context.Context, as, _ []term.Term) (smtlib.Status, *term.Model, error) {
	r, m, err := s.sess.CheckAlone(ctx, as)
	return r.Status, m, err
}
