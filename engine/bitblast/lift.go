package bitblast

import (
	"context"

	"github.com/sift-solver/sift/sat"
	"github.com/sift-solver/sift/term"
)

// Equalities lifted over case splits. A client's unrolled design holds two
// words that choose alike step by step: a register that takes the written
// value when the address matches, x' = ite(c, w, x), and a memory read at
// the same address through the store of that step, r' = ite(hit, w, r). The
// property x = r at step k follows from x = r one step before, k times over;
// bit-blasted, CaDiCaL learns each step bit by bit in every check (the
// 40-step memory design: 14,850 conflicts where z3, merging the words in
// its egraph, needs 845). For an equality atom [x = y] the assertions
// built, where both words split on a condition, the stage adds the word
// clauses
//
//	c ∧ d ∧ [a = a'] → [x = y]      ¬c ∧ ¬d ∧ [b = b'] → [x = y]
//
// for x = ite(c, a, b) and y = ite(d, a', b'), and lifts the new atoms
// [a = a'], [b = b'] in turn, so that such a chain is a matter of
// propagation. A word's split comes from its own ite, from an equality held
// for good with an ite (an unrolled register), or from the read-over-write
// and ite steps of a definition (lod_define.go); every premise it rests on
// (the equality's edge, the definition's) is in the clause, so each clause
// is valid whatever is asserted and permanent across push and pop.

// maxLifted bounds the atoms a session lifts.
const maxLifted = 1 << 15

// maxAliasDepth bounds the equalities followed from a word to its split.
const maxAliasDepth = 3

// guarded is "prem → x = to" for the word x it is recorded under.
type guarded struct {
	prem []sat.Edge
	to   term.Term
}

// split is "prem → x = ite(c, then, els)" for the word x it describes; eq
// when c is the equality u = v of two words.
type split struct {
	prem      []sat.Edge
	c         sat.Edge
	then, els term.Term
	eq        bool
	u, v      term.Term
}

// eqLift records the words' equalities and splits, and the atoms to lift.
type eqLift struct {
	alias   map[term.Term][]guarded
	splits  map[term.Term]split
	pending [][2]term.Term // atoms to lift
	// waiting holds the atoms a side of which had no split yet, under that
	// side; aliasedBy the words with an alias to each word, so that a split
	// or alias added to a word wakes the atoms that may reach it.
	waiting   map[term.Term][][2]term.Term
	aliasedBy map[term.Term][]term.Term
	seen      map[[2]term.Term]bool // queued once
	done      map[[2]term.Term]bool // lifted
	lifted    int
}

func newEqLift() *eqLift {
	return &eqLift{alias: map[term.Term][]guarded{}, splits: map[term.Term]split{},
		waiting: map[term.Term][][2]term.Term{}, aliasedBy: map[term.Term][]term.Term{},
		seen: map[[2]term.Term]bool{}, done: map[[2]term.Term]bool{}}
}

// want queues the atom a = b for lifting.
func (q *eqLift) want(a, b term.Term) {
	if a == b {
		return
	}
	k := pairOf(a, b)
	if q.seen[k] || q.lifted >= maxLifted {
		return
	}
	q.seen[k] = true
	q.pending = append(q.pending, k)
}

// maxAliases bounds the aliases kept per word: a word equal to many others
// (a constant, a shared input) is no one's definition.
const maxAliases = 4

// addAlias records prem → x = to.
func (q *eqLift) addAlias(x, to term.Term, prem ...sat.Edge) {
	if len(q.alias[x]) >= maxAliases {
		return
	}
	q.alias[x] = append(q.alias[x], guarded{prem, to})
	q.aliasedBy[to] = append(q.aliasedBy[to], x)
	q.wake(x, maxAliasDepth)
}

// addSplit records prem → x = ite(c, then, els).
func (q *eqLift) addSplit(x term.Term, s split) {
	if _, ok := q.splits[x]; ok {
		return
	}
	q.splits[x] = s
	q.wake(x, maxAliasDepth)
}

// wake queues again the atoms waiting on x or on a word up to depth
// aliases away from it.
func (q *eqLift) wake(x term.Term, depth int) {
	if w := q.waiting[x]; len(w) > 0 {
		q.pending = append(q.pending, w...)
		delete(q.waiting, x)
	}
	if depth > 0 {
		for _, y := range q.aliasedBy[x] {
			q.wake(y, depth-1)
		}
	}
}

// liftFacts records the word equalities among the top-level conjuncts of t
// as aliases of either side, premised on their own edges.
func (tb *termBlaster) liftFacts(t term.Term) {
	q, st := tb.lift, tb.st
	if q == nil {
		return
	}
	st.EachConjunct(t, func(c term.Term) {
		if st.Op(c) != term.OpEq || len(st.Args(c)) != 2 || !tb.isWord(st.SortOf(st.Arg(c, 0))) {
			return
		}
		x, y, e := st.Arg(c, 0), st.Arg(c, 1), tb.enc[c].edge
		if st.Op(y) != term.OpBVConst {
			q.addAlias(x, y, e)
		}
		if st.Op(x) != term.OpBVConst {
			q.addAlias(y, x, e)
		}
	})
}

// iteSplit is the split ite(c, a, b) of a blasted ite.
func (tb *termBlaster) iteSplit(c, a, b term.Term) split {
	s := split{c: tb.enc[c].edge, then: a, els: b}
	if st := tb.st; st.Op(c) == term.OpEq && len(st.Args(c)) == 2 && tb.isWord(st.SortOf(st.Arg(c, 0))) {
		s.eq, s.u, s.v = true, st.Arg(c, 0), st.Arg(c, 1)
	}
	return s
}

// splitOf returns the split of word x, through at most depth aliases.
func (tb *termBlaster) splitOf(x term.Term, depth int, visited map[term.Term]bool) (split, bool) {
	q, st := tb.lift, tb.st
	if s, ok := q.splits[x]; ok {
		return s, true
	}
	if st.Op(x) == term.OpIte && int(x) < len(tb.enc) && tb.enc[x].done && tb.isWord(st.SortOf(x)) {
		return tb.iteSplit(st.Arg(x, 0), st.Arg(x, 1), st.Arg(x, 2)), true
	}
	if depth == 0 {
		return split{}, false
	}
	visited[x] = true
	for _, g := range q.alias[x] {
		if visited[g.to] {
			continue
		}
		if s, ok := tb.splitOf(g.to, depth-1, visited); ok {
			s.prem = append(append([]sat.Edge(nil), g.prem...), s.prem...)
			return s, true
		}
	}
	return split{}, false
}

// liftAll adds the clauses of every pending atom whose sides both split,
// lifting the branch atoms they introduce in turn; atoms without splits
// wait for more.
func (tb *termBlaster) liftAll(ctx context.Context, cnf *sat.CNF, solver sat.Solver) error {
	q := tb.lift
	if q == nil {
		return nil
	}
	for len(q.pending) > 0 {
		if err := ctx.Err(); err != nil {
			return err
		}
		k := q.pending[len(q.pending)-1]
		q.pending = q.pending[:len(q.pending)-1]
		if q.done[k] {
			continue // woken from both sides
		}
		sx, okx := tb.splitOf(k[0], maxAliasDepth, map[term.Term]bool{})
		sy, oky := tb.splitOf(k[1], maxAliasDepth, map[term.Term]bool{})
		if !okx {
			q.waiting[k[0]] = append(q.waiting[k[0]], k)
		}
		if !oky {
			q.waiting[k[1]] = append(q.waiting[k[1]], k)
		}
		if !okx || !oky {
			continue
		}
		if q.lifted >= maxLifted {
			q.pending, q.waiting = nil, map[term.Term][][2]term.Term{}
			return nil
		}
		q.lifted++
		q.done[k] = true
		if err := tb.liftPair(ctx, cnf, solver, k, sx, sy); err != nil {
			return err
		}
	}
	return nil
}

// liftPair adds the clauses of atom k = [x = y] for the splits sx of x and
// sy of y.
func (tb *termBlaster) liftPair(ctx context.Context, cnf *sat.CNF, solver sat.Solver, k [2]term.Term, sx, sy split) error {
	e := cnf.Lit(tb.equal(k[0], k[1]))
	prem := make([]sat.Lit, 0, len(sx.prem)+len(sy.prem))
	for _, p := range append(append([]sat.Edge(nil), sx.prem...), sy.prem...) {
		if p != sat.True {
			prem = append(prem, cnf.Lit(p.Not()))
		}
	}
	bridge, hasBridge := tb.bridge(sx, sy)
	var g sat.Lit
	if hasBridge {
		g = cnf.Lit(bridge)
	}
	for _, br := range [2]struct {
		c, d sat.Edge
		a, b term.Term
	}{{sx.c, sy.c, sx.then, sy.then}, {sx.c.Not(), sy.c.Not(), sx.els, sy.els}} {
		tail := []sat.Lit{e}
		if br.a != br.b {
			if err := tb.blast(ctx, br.a); err != nil {
				return err
			}
			if err := tb.blast(ctx, br.b); err != nil {
				return err
			}
			tail = append(tail, cnf.Lit(tb.equal(br.a, br.b).Not()))
			tb.lift.want(br.a, br.b)
		}
		c, d := cnf.Lit(br.c.Not()), cnf.Lit(br.d.Not())
		clause := func(lits ...sat.Lit) {
			solver.Add(append(append(append([]sat.Lit(nil), prem...), lits...), tail...)...)
		}
		clause(c, d)
		if hasBridge {
			// Under the bridge the two conditions agree: either one
			// decides the branch.
			clause(g.Not(), c)
			clause(g.Not(), d)
		}
	}
	return nil
}

// bridge returns, for two splits on word equalities that share a side,
// [s = u] ∧ [s = v], the edge of [u = v]: under it the two conditions are
// one (the register's address test and the memory's read-over-write test
// against the same write address, when the read address is the register's).
func (tb *termBlaster) bridge(sx, sy split) (sat.Edge, bool) {
	if !sx.eq || !sy.eq || sx.c == sy.c {
		return 0, false
	}
	x, y := [2]term.Term{sx.u, sx.v}, [2]term.Term{sy.u, sy.v}
	for i := range 2 {
		for j := range 2 {
			if x[i] == y[j] {
				u, v := x[1-i], y[1-j]
				if u == v {
					return 0, false
				}
				return tb.equal(u, v), true
			}
		}
	}
	return 0, false
}
