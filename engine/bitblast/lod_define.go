package bitblast

import (
	"context"

	"github.com/sift-solver/sift/sat"
	"github.com/sift-solver/sift/term"
)

// Definitions: array equalities held for good, read through eagerly.
//
// A client unrolling a design asserts, per step, the next memory as an
// equality with an ite or store over the current one, at the base level.
// Lazily, a read of the memory at step k reaches the values written before
// it one equality per refinement round (the extensionality check finds the
// equality wrong, adds a[i] = b[i], the reads check the store below, …):
// k rounds per check, and a 40-step unrolling of a 256-word memory did not
// finish in 5 minutes. Instead, every read of a side of such an equality
// gets at once the lemma e → a[i] = b[i] and, below the other side, the
// read-over-write and ite steps down to the array variables the side is
// built from, whose reads are expanded in turn through their own
// definitions. Every lemma is an axiom instance (the equality's edge is a
// premise), so nothing depends on the equality staying asserted, and the
// reads introduced belong to the equality's cone (extra), where the loop
// checks them like any other.

// maxDefineDepth bounds the store and ite levels expanded below one side of
// a definition (deeper chains are left to the loop), and maxDefineReads the
// reads expansion introduces over a session.
const (
	maxDefineDepth = 8
	maxDefineReads = 1 << 16
)

// definePair is a read to expand through a definition.
type definePair struct{ read, eq term.Term }

// noteRead records a lazy read, to be expanded through the definitions of
// its array.
func (l *lodState) noteRead(rd term.Term) {
	a := l.st.Arg(rd, 0)
	l.readsOf[a] = append(l.readsOf[a], rd)
	for _, e := range l.facts[a] {
		l.pending = append(l.pending, definePair{rd, e})
	}
}

// addFacts records the array equalities among the top-level conjuncts of t,
// an assertion held for good.
func (l *lodState) addFacts(t term.Term) {
	l.st.EachConjunct(t, func(c term.Term) {
		if !l.isArrEq[c] || l.factSeen[c] {
			return
		}
		l.factSeen[c] = true
		for _, side := range l.st.Args(c) {
			l.facts[side] = append(l.facts[side], c)
			for _, rd := range l.readsOf[side] {
				l.pending = append(l.pending, definePair{rd, c})
			}
		}
	})
}

// define expands the pending reads through their definitions.
func (l *lodState) define(ctx context.Context, cnf *sat.CNF, solver sat.Solver) error {
	if len(l.pending) == 0 {
		return nil
	}
	r := l.newRound(cnf, solver, nil)
	for len(l.pending) > 0 && l.defineReads < maxDefineReads {
		p := l.pending[len(l.pending)-1]
		l.pending = l.pending[:len(l.pending)-1]
		if err := r.defineRead(ctx, p.read, p.eq); err != nil {
			return err
		}
	}
	if l.defineReads >= maxDefineReads {
		l.pending = nil
	}
	return nil
}

// read returns the read (select a i), blasted, or false when the builder
// folds it into something else.
func (r *lodRound) read(ctx context.Context, a, i term.Term) (term.Term, bool, error) {
	st := r.l.st
	rd := st.MustMake(term.OpSelect, nil, a, i)
	if err := r.l.tb.blast(ctx, rd); err != nil {
		return 0, false, err
	}
	return rd, st.Op(rd) == term.OpSelect && st.Arg(rd, 0) == a, nil
}

// readAs returns the read (select a i) like read, but a read without a
// circuit yet gets same's circuit instead of a fresh one (shared): the
// caller's definition, held for good, makes the two equal, and the lemma
// saying so was an equality circuit and a clause per read, most of what a
// long unrolling of a memory gave the solver.
func (r *lodRound) readAs(ctx context.Context, a, i, same term.Term) (term.Term, bool, bool, error) {
	l, st, tb := r.l, r.l.st, r.l.tb
	rd := st.MustMake(term.OpSelect, nil, a, i)
	if st.Op(rd) != term.OpSelect || st.Arg(rd, 0) != a {
		rd, ok, err := r.read(ctx, a, i)
		return rd, false, ok, err
	}
	if err := tb.blast(ctx, i); err != nil { // sizes the table for rd too
		return 0, false, false, err
	}
	if tb.done(rd) {
		return rd, false, true, nil
	}
	if _, small := tb.smallSort(st.SortOf(a)); small || !tb.done(a) || !tb.done(same) {
		rd, ok, err := r.read(ctx, a, i)
		return rd, false, ok, err
	}
	tb.enc[rd] = tb.enc[same]
	l.isRead[rd] = true
	l.noteRead(rd)
	return rd, true, true, nil
}

// defineRead adds e → rd = b[i] for read rd = a[i] and definition e: a = b,
// and the steps below b.
func (r *lodRound) defineRead(ctx context.Context, rd, e term.Term) error {
	l, st := r.l, r.l.st
	a, i := st.Arg(rd, 0), st.Arg(rd, 1)
	key := [2]term.Term{e, i}
	if l.extDone[key] {
		return nil
	}
	l.extDone[key] = true
	b := st.Arg(e, 1)
	if b == a {
		b = st.Arg(e, 0)
	}
	other, shared, ok, err := r.readAs(ctx, b, i, rd)
	if err != nil {
		return err
	}
	l.extra[e] = append(l.extra[e], rd, other)
	l.grew = true
	l.defineReads++
	if !shared {
		r.lemma(lemmaDefine, []sat.Edge{l.tb.enc[e].edge}, rd, other)
	}
	if q := l.tb.lift; q != nil {
		q.addAlias(rd, other, l.tb.enc[e].edge)
	}
	if ok {
		return r.defineDown(ctx, e, other, 0)
	}
	return nil
}

// defineDown adds the read-over-write and ite steps of read rd of a store,
// ite or constant array, depth levels below a definition's side, and
// recurses.
func (r *lodRound) defineDown(ctx context.Context, e, rd term.Term, depth int) error {
	l, st, tb := r.l, r.l.st, r.l.tb
	if depth >= maxDefineDepth || l.definedDown[rd] {
		return nil
	}
	l.definedDown[rd] = true
	n, i := st.Arg(rd, 0), st.Arg(rd, 1)
	type branch struct {
		premise sat.Edge
		arr     term.Term
	}
	var below []branch
	switch st.Op(n) {
	case term.OpConstArray:
		r.lemma(lemmaDefine, nil, rd, st.Arg(n, 0))
		if tb.lift != nil {
			tb.lift.addAlias(rd, st.Arg(n, 0))
		}
		return nil
	case term.OpStore:
		hit := tb.equal(i, st.Arg(n, 1))
		r.lemma(lemmaDefine, []sat.Edge{hit}, rd, st.Arg(n, 2))
		below = []branch{{hit.Not(), st.Arg(n, 0)}}
	case term.OpIte:
		c := tb.enc[st.Arg(n, 0)].edge
		below = []branch{{c, st.Arg(n, 1)}, {c.Not(), st.Arg(n, 2)}}
	default:
		return nil
	}
	var nexts []term.Term
	for _, br := range below {
		next, ok, err := r.read(ctx, br.arr, i)
		if err != nil {
			return err
		}
		nexts = append(nexts, next)
		l.extra[e] = append(l.extra[e], next)
		l.defineReads++
		r.lemma(lemmaDefine, []sat.Edge{br.premise}, rd, next)
		if ok {
			if err := r.defineDown(ctx, e, next, depth+1); err != nil {
				return err
			}
		}
	}
	if tb.lift != nil {
		// rd = ite(c, then, else): the store's value when the index hits.
		var s split
		if st.Op(n) == term.OpStore {
			s = split{c: below[0].premise.Not(), then: st.Arg(n, 2), els: nexts[0], eq: true, u: i, v: st.Arg(n, 1)}
		} else {
			s = tb.iteSplit(st.Arg(n, 0), nexts[0], nexts[1])
		}
		tb.lift.addSplit(rd, s)
	}
	return nil
}
