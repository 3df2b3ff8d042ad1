package merge

import (
	"context"
	"fmt"
	"time"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// Solver decides a conjunction of terms, as the executor's solvers do
// (symex passes sift's engine): the checker needs its unsat answers.
type Solver interface {
	Check(ctx context.Context, as, want []term.Term) (smtlib.Status, *term.Model, error)
}

// Proving is a strategy that proves its merges (--check-merges): the
// executor gives its checker a Solver.
type Proving interface {
	Checker() *Checker
}

// Checker is --check-merges: it proves with sift's engine that a merged
// state is equivalent to the standard merge of its members (seed 000
// Theorem 3.7), in the shape of the seed's t08 script:
//
//	¬(std_pc ⇔ ∃k. pat_pc(k))                 unsat
//	pat_pc(k) ∧ ¬(cell_pat = cell_std)         unsat, for every cell that differs
//
// A proof that fails (sat, or undecided within Timeout) is an error that
// ends the run.
type Checker struct {
	Timeout time.Duration // per query

	Proved  int // merged states proved equivalent
	Queries int // queries sent

	// Solver answers the proofs' queries (the executor sets it).
	Solver Solver
}

// NewChecker returns a checker with a one-minute limit per query.
func NewChecker() *Checker { return &Checker{Timeout: time.Minute} }

// Prove checks merged state m, built from views[m.Members] with the fresh
// constants aux (k for pat; none for a merge without them).
func (c *Checker) Prove(st *term.Store, views []*View, m Merged, aux ...term.Term) error {
	sub := make([]*View, len(m.Members))
	for j, i := range m.Members {
		sub[j] = views[i]
	}
	where := fmt.Sprintf("check-merges: merge of %d states at %s block %d", len(sub), sub[0].Point.Func, sub[0].Point.Block)
	std, refused := Standard(st, views, m.Members)
	if refused != "" {
		return fmt.Errorf("%s: the standard merge refuses these states (%s)", where, refused)
	}
	if len(std.Cells) != len(m.Cells) {
		return fmt.Errorf("%s: %d merged cells, the standard merge has %d", where, len(m.Cells), len(std.Cells))
	}
	pat := st.And(m.PC...)
	ex := pat
	if len(aux) > 0 {
		sub := map[term.Term]term.Term{}
		args := make([]term.Term, 0, len(aux)+1)
		for n, k := range aux {
			b := st.BoundVar(fmt.Sprintf("check!k%d", n), st.SortOf(k))
			sub[k] = b
			args = append(args, b)
		}
		ex = st.MustMake(term.OpExists, nil, append(args, st.Substitute(pat, sub))...)
	}
	if err := c.unsat(st, st.Not(st.Eq(st.And(std.PC...), ex))); err != nil {
		return fmt.Errorf("%s: path constraint not equivalent to the standard merge's: %w", where, err)
	}
	for n, t := range m.Cells {
		if t == std.Cells[n] {
			continue
		}
		if err := c.unsat(st, pat, st.Not(st.Eq(t, std.Cells[n]))); err != nil {
			cell := sub[0].Cells[n]
			return fmt.Errorf("%s: cell %d (%v%s) differs from the standard merge's: %w", where, n, cell.Var.Value, cell.Path, err)
		}
	}
	c.Proved++
	return nil
}

// unsat proves the conjunction of as unsatisfiable.
func (c *Checker) unsat(st *term.Store, as ...term.Term) error {
	if c.Solver == nil {
		return fmt.Errorf("no solver to prove with")
	}
	c.Queries++
	ctx := context.Background()
	if c.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.Timeout)
		defer cancel()
	}
	status, _, err := c.Solver.Check(ctx, as, nil)
	switch {
	case err != nil:
		return fmt.Errorf("not proved: %v", err)
	case status == smtlib.Unsat:
		return nil
	case status == smtlib.Sat:
		return fmt.Errorf("the solver found a counterexample")
	}
	return fmt.Errorf("not proved: the solver answered unknown")
}
