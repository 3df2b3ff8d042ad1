package quant

import (
	"context"

	"github.com/sift-solver/sift/term"
)

// repairPlan is what model repair derives from a failed duplicated model:
// the conflict cells, the instances to add, and the arrays left free.
type repairPlan struct {
	conflicts map[cell]bool
	added     []term.Term
	free      map[term.Term]bool
}

// planRepair collects the conflict cells of md (the reads of violated
// quantifier-free clauses and of violated ∀ instances), the instances ψ[j/i]
// whose i-dependent reads hit a conflict cell, and the arrays read at an
// i-dependent offset in any ∀ (the only ones re-solved).
func planRepair(ctx context.Context, q *Query, md *term.Model, limit uint64) (*repairPlan, error) {
	st := q.Store
	p := &repairPlan{conflicts: map[cell]bool{}, free: map[term.Term]bool{}}
	ev := term.NewEvaluator(st, md)
	addReads := func(reads []access) error {
		for _, r := range reads {
			o, err := ev.Eval(r.offset)
			if err != nil {
				return err
			}
			p.conflicts[cell{r.array, o.Key()}] = true
		}
		return nil
	}
	for _, c := range q.QF {
		b, err := ev.EvalBool(c)
		if err != nil {
			return nil, err
		}
		if !b {
			if err := addReads(indexedReads(st, c, nil)); err != nil {
				return nil, err
			}
		}
	}
	type span struct{ lo, hi uint64 }
	spans := make([]span, len(q.Foralls))
	for n, f := range q.Foralls {
		for _, r := range f.dependentReads(st) {
			p.free[r.array] = true
		}
		lo, hi, ok, err := f.instances(ev, limit)
		if err != nil {
			return nil, err
		}
		if !ok {
			spans[n] = span{1, 0}
			continue
		}
		spans[n] = span{lo, hi}
		for j := lo; j <= hi; j++ {
			if j&1023 == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			inst := f.Instance(st, f.constIndex(st, j))
			b, err := ev.EvalBool(inst)
			if err != nil {
				return nil, err
			}
			if !b {
				if err := addReads(indexedReads(st, f.At(st, f.Psi, f.constIndex(st, j)), nil)); err != nil {
					return nil, err
				}
			}
		}
	}
	for n, f := range q.Foralls {
		reads := f.dependentReads(st)
		for j := spans[n].lo; j <= spans[n].hi && spans[n].lo <= spans[n].hi; j++ {
			jt := f.constIndex(st, j)
			for _, r := range reads {
				o, err := ev.Eval(f.At(st, r.offset, jt))
				if err != nil {
					return nil, err
				}
				if p.conflicts[cell{r.array, o.Key()}] {
					p.added = append(p.added, f.Instance(st, jt))
					break
				}
			}
		}
	}
	return p, nil
}

// fixExcept replaces every free variable of the terms except those in free
// by its value under m, so that a re-solve only searches the free arrays.
func fixExcept(st *term.Store, ts []term.Term, m *term.Model, free map[term.Term]bool) []term.Term {
	sub := map[term.Term]term.Term{}
	for _, t := range ts {
		for _, x := range st.FreeVars(t) {
			if _, done := sub[x]; done || free[x] {
				continue
			}
			if c := st.ValueTerm(st.ValueOf(m, x)); c != term.NoTerm {
				sub[x] = c
			}
		}
	}
	out := make([]term.Term, 0, len(ts))
	for _, t := range ts {
		out = append(out, st.Substitute(t, sub))
	}
	return out
}

// Repair is stage 3, model repair: it adds the instances that touch conflict
// cells to φ_QF, fixes everything but the i-indexed arrays to their values
// in md, re-solves, takes the free arrays from the new model and duplicates
// again without overwriting the conflict cells. It returns nil when the
// re-solve has no model (which proves nothing about the query).
func Repair(ctx context.Context, q *Query, qf []term.Term, md *term.Model, solve QFSolver, limit uint64) (*term.Model, error) {
	st := q.Store
	p, err := planRepair(ctx, q, md, limit)
	if err != nil {
		return nil, nil // a range that cannot be enumerated: nothing to repair
	}
	query := fixExcept(st, append(append([]term.Term(nil), qf...), p.added...), md, p.free)
	status, m2, err := solve(ctx, query)
	if err != nil || status != Sat {
		return nil, err
	}
	mr := cloneModel(md)
	for a := range p.free {
		mr.Values[a] = st.ValueOf(m2, a)
	}
	return Duplicate(ctx, q, mr, p.conflicts, limit), nil
}
