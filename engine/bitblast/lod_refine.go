package bitblast

import (
	"context"
	"fmt"
	"strconv"

	"github.com/sift-solver/sift/sat"
	"github.com/sift-solver/sift/term"
)

// lodCone is the part of the abstraction one check is about: the reads,
// applications, array equalities and free variables under its assertions and
// assumptions. Terms blasted for popped assertions stay out of it, so their
// (unconstrained) values never cost a lemma.
type lodCone struct {
	reads, apps, eqs []term.Term
	vars             []term.Term
	stores           []term.Term
	byBase           map[term.Term][]term.Term // constReads, lod_expand.go
	symReads         map[term.Term]int         // symbolic-index reads per base, with byBase
}

// cone collects the abstraction's terms under roots.
func (l *lodState) cone(roots []term.Term) *lodCone {
	c := &lodCone{}
	l.walkCone(c, nil, map[term.Term]bool{}, roots)
	return c
}

// walkCone adds to c the abstraction's terms under roots that are in
// neither done (a cone walked before, read only; may be nil) nor seen,
// marking them in seen.
func (l *lodState) walkCone(c *lodCone, done, seen map[term.Term]bool, roots []term.Term) {
	st := l.st
	stack := append([]term.Term(nil), roots...)
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[t] || done[t] {
			continue
		}
		seen[t] = true
		switch {
		case l.isRead[t]:
			c.reads = append(c.reads, t)
		case l.isApp[t]:
			c.apps = append(c.apps, t)
		case l.isArrEq[t]:
			c.eqs = append(c.eqs, t)
			// The reads its lemmas introduced belong to it.
			stack = append(stack, l.extra[t]...)
		}
		switch st.Op(t) {
		case term.OpVar:
			c.vars = append(c.vars, t)
		case term.OpStore:
			c.stores = append(c.stores, t)
		}
		stack = append(stack, st.Args(t)...)
	}
}

// lodKind names a kind of lemma, for statistics.
type lodKind int

const (
	lemmaRow        lodKind = iota // read over write: a hit on a store
	lemmaRowStep                   // read over write or ite: one step down
	lemmaConst                     // read of a constant array
	lemmaCongruence                // two reads of one array at equal indices
	lemmaUF                        // two applications at equal arguments
	lemmaExtEqual                  // equal arrays agree at an index
	lemmaExtWitness                // unequal arrays differ at a witness index
	lemmaExpand                    // congruence added by expansion
	lemmaCollapse                  // flat encoding of a constant-index store chain
	lemmaDefine                    // read through a definition (lod_define.go)
	numLemmaKinds
)

var lemmaKindNames = [numLemmaKinds]string{"row", "row-step", "const", "congruence", "uf", "ext-equal", "ext-witness", "expanded", "collapse", "define"}

// lodStats counts what the CEGAR loop did over a session.
type lodStats struct {
	checks     int // checks that needed the abstraction
	iterations int // SAT calls made by those checks
	lemmas     [numLemmaKinds]int
	pruned     int // eager lemmas the alias oracle proved never needed
	expanded   int // lemmas added by expansion (bounded per session)
	// arrayChecks and arrayIterations are checks and SAT calls of checks
	// that read arrays; candidates sums, over those checks, the candidate
	// congruence lemmas of seed 003's Alg. 4 (before any pruning).
	arrayChecks, arrayIterations, candidates int
	// violatedPruned counts congruence lemmas a candidate model violated
	// although the oracle proves their indices never equal in a model of
	// the problem. They are added all the same (the facts hold for one
	// problem only; the lemma is permanent); a count above zero shows the
	// abstraction admits what the analysis refutes (seed 003 §7's
	// "every violated pair is a candidate").
	violatedPruned int
}

// pairs returns the statistics as name/value pairs.
func (s *lodStats) pairs() [][2]string {
	out := [][2]string{
		{"lod-checks", strconv.Itoa(s.checks)},
		{"lod-iterations", strconv.Itoa(s.iterations)},
	}
	total := 0
	for k, n := range s.lemmas {
		total += n
		out = append(out, [2]string{"lod-lemmas-" + lemmaKindNames[k], strconv.Itoa(n)})
	}
	arrayLemmas := total - s.lemmas[lemmaUF]
	return append(out, [2]string{"lod-lemmas", strconv.Itoa(total)}, [2]string{"lod-pruned", strconv.Itoa(s.pruned)},
		[2]string{"array-candidate-lemmas", strconv.Itoa(s.candidates)},
		[2]string{"array-lemmas-generated", strconv.Itoa(arrayLemmas)},
		[2]string{"array-lemmas-pruned", strconv.Itoa(s.pruned)},
		[2]string{"array-cegar-iterations", strconv.Itoa(s.arrayIterations)},
		[2]string{"array-violated-pruned", strconv.Itoa(s.violatedPruned)})
}

// lodRound is one look at a candidate model: values read from the solver,
// reads propagated to their base arrays, and the lemmas found.
type lodRound struct {
	l      *lodState
	cnf    *sat.CNF
	solver sat.Solver
	cone   *lodCone

	vals map[term.Term]term.Value
	keys map[term.Term]string
	// bases maps each array variable to the read that decides it at each
	// index value.
	bases map[term.Term]map[string]term.Term
	// defaults overrides the default of array variables, to make arrays
	// asserted equal agree away from their written indices.
	defaults map[term.Term]term.Value
	elems    map[term.Sort]map[int]int // renumbering of uninterpreted elements
	lemmas   int
}

func (l *lodState) newRound(cnf *sat.CNF, solver sat.Solver, c *lodCone) *lodRound {
	return &lodRound{l: l, cnf: cnf, solver: solver, cone: c,
		vals: map[term.Term]term.Value{}, keys: map[term.Term]string{},
		bases: map[term.Term]map[string]term.Term{}, defaults: map[term.Term]term.Value{},
		elems: map[term.Sort]map[int]int{}}
}

// val is the candidate value of a blasted term.
func (r *lodRound) val(t term.Term) term.Value {
	if v, ok := r.vals[t]; ok {
		return v
	}
	v := r.uninterpreted(r.l.tb.modelValue(r.cnf, t))
	r.vals[t] = v
	return v
}

// uninterpreted renumbers the elements of each uninterpreted sort 0, 1, …
// in order of appearance: injective, so keys still compare values, and
// models read better. Other values are returned as they are.
func (r *lodRound) uninterpreted(v term.Value) term.Value {
	if v.Kind != term.ValUninterpreted {
		return v
	}
	num := r.elems[v.Sort]
	if num == nil {
		num = map[int]int{}
		r.elems[v.Sort] = num
	}
	n, ok := num[v.Elem]
	if !ok {
		n = len(num)
		num[v.Elem] = n
	}
	v.Elem = n
	return v
}

// key is a map key of t's candidate value; values of different sorts never
// share a key.
func (r *lodRound) key(t term.Term) string {
	if k, ok := r.keys[t]; ok {
		return k
	}
	v := r.val(t)
	k := strconv.Itoa(int(v.Sort)) + ":" + v.Key()
	r.keys[t] = k
	return k
}

func (r *lodRound) same(a, b term.Term) bool { return r.key(a) == r.key(b) }

// step is one node a read passed on its way to its base array: a store whose
// index differs from the read's, or an ite whose condition chose a branch.
type step struct {
	node term.Term
	cond bool // for an ite: the branch taken
}

// walk follows read rd from its array to where its value is decided: a store
// at the same index, a constant array or an array variable. It returns that
// node and the steps passed.
func (r *lodRound) walk(rd term.Term, path []step) (term.Term, []step) {
	st := r.l.st
	n := st.Arg(rd, 0)
	idx := st.Arg(rd, 1)
	for {
		switch st.Op(n) {
		case term.OpStore:
			if r.same(st.Arg(n, 1), idx) {
				return n, path
			}
			path = append(path, step{node: n})
			n = st.Arg(n, 0)
		case term.OpIte:
			c := r.val(st.Arg(n, 0)).Bool
			path = append(path, step{node: n, cond: c})
			if c {
				n = st.Arg(n, 1)
			} else {
				n = st.Arg(n, 2)
			}
		default:
			return n, path
		}
	}
}

// premises are the edges that hold in the candidate model along path for a
// read at index idx.
func (r *lodRound) premises(idx term.Term, path []step, out []sat.Edge) []sat.Edge {
	st, tb := r.l.st, r.l.tb
	for _, s := range path {
		if st.Op(s.node) == term.OpStore {
			out = append(out, tb.equal(idx, st.Arg(s.node, 1)).Not())
			continue
		}
		c := tb.enc[st.Arg(s.node, 0)].edge
		if !s.cond {
			c = c.Not()
		}
		out = append(out, c)
	}
	return out
}

// lemma adds the clause premises → a = b.
func (r *lodRound) lemma(kind lodKind, premises []sat.Edge, a, b term.Term) {
	tb := r.l.tb
	lits := make([]sat.Lit, 0, len(premises)+1)
	for _, p := range premises {
		if p == sat.True {
			continue
		}
		lits = append(lits, r.cnf.Lit(p.Not()))
	}
	lits = append(lits, r.cnf.Lit(tb.equal(a, b)))
	r.solver.Add(lits...)
	r.l.stats.lemmas[kind]++
	r.lemmas++
}

// shortPath is the longest path whose premises go into one lemma clause.
// Longer paths (store chains) are cut into one lemma per step over
// intermediate reads, so clauses stay short and a chain position, once
// passed, is encoded for that index for good.
const shortPath = 4

// descend returns the read at the bottom of path for read rd at index idx,
// adding, for every step of a long path, the lemma from the step's read to
// the read one level down. The steps it could not cut (the builder folded a
// read) are returned to become premises.
func (r *lodRound) descend(ctx context.Context, rd, idx term.Term, path []step) (term.Term, []step, error) {
	if len(path) <= shortPath {
		return rd, path, nil
	}
	st, tb := r.l.st, r.l.tb
	cur := rd
	for k, s := range path {
		var below term.Term
		var premise sat.Edge
		if st.Op(s.node) == term.OpStore {
			below = st.Arg(s.node, 0)
			premise = tb.equal(idx, st.Arg(s.node, 1)).Not()
		} else {
			c := tb.enc[st.Arg(s.node, 0)].edge
			below = st.Arg(s.node, 2)
			if s.cond {
				below = st.Arg(s.node, 1)
			} else {
				c = c.Not()
			}
			premise = c
		}
		next := st.MustMake(term.OpSelect, nil, below, idx)
		if st.Op(next) != term.OpSelect || st.Arg(next, 0) != below {
			return cur, path[k:], nil
		}
		if err := tb.blast(ctx, next); err != nil {
			return 0, nil, err
		}
		if key := [2]term.Term{cur, next}; !r.l.stepped[key] {
			r.l.stepped[key] = true
			r.lemma(lemmaRowStep, []sat.Edge{premise}, cur, next)
		}
		cur = next
	}
	return cur, nil, nil
}

// checkReads propagates every read to its base and adds a lemma for each
// read the candidate model gets wrong.
func (r *lodRound) checkReads(ctx context.Context, reads []term.Term) error {
	st := r.l.st
	var path []step
	var expand [][2]term.Term
	for _, rd := range reads {
		idx := st.Arg(rd, 1)
		var n term.Term
		n, path = r.walk(rd, path[:0])
		switch st.Op(n) {
		case term.OpStore:
			if v := st.Arg(n, 2); !r.same(rd, v) {
				at, rest, covered, err := r.settle(ctx, rd, idx, path, true)
				if err != nil {
					return err
				}
				if covered {
					continue
				}
				ps := r.premises(idx, rest, nil)
				r.lemma(lemmaRow, append(ps, r.l.tb.equal(idx, st.Arg(n, 1))), at, v)
			}
		case term.OpConstArray:
			if v := st.Arg(n, 0); !r.same(rd, v) {
				at, rest, _, err := r.settle(ctx, rd, idx, path, false)
				if err != nil {
					return err
				}
				if at != v {
					r.lemma(lemmaConst, r.premises(idx, rest, nil), at, v)
				}
			}
		case term.OpVar:
			tab := r.bases[n]
			if tab == nil {
				tab = map[string]term.Term{}
				r.bases[n] = tab
			}
			k := r.key(idx)
			other, ok := tab[k]
			if !ok {
				tab[k] = rd
				continue
			}
			if r.same(rd, other) {
				continue
			}
			if !r.l.oracle.MayBeEqual(n, idx, st.Arg(other, 1)) {
				r.l.stats.violatedPruned++
			}
			at, rest, _, err := r.settle(ctx, rd, idx, path, false)
			if err != nil {
				return err
			}
			oidx := st.Arg(other, 1)
			_, opath := r.walk(other, nil)
			oat, orest, _, err := r.settle(ctx, other, oidx, opath, false)
			if err != nil {
				return err
			}
			ps := r.premises(idx, rest, nil)
			ps = r.premises(oidx, orest, ps)
			if idx != oidx {
				ps = append(ps, r.l.tb.equal(idx, oidx))
			}
			r.lemma(lemmaCongruence, ps, at, oat)
			if r.wantsExpansion(at, rest) {
				expand = append(expand, [2]term.Term{at, oat})
			}
			if r.wantsExpansion(oat, orest) {
				expand = append(expand, [2]term.Term{oat, at})
			}
		default:
			panic(fmt.Sprintf("lod: read reaches %s", st.Op(n)))
		}
	}
	r.expand(expand)
	return nil
}

// checkApps adds a congruence lemma for each two applications of one
// function whose arguments agree and whose results differ. It returns, per
// function, the application that decides it at each argument tuple.
func (r *lodRound) checkApps(apps []term.Term) map[term.Term]map[string]term.Term {
	st := r.l.st
	funs := map[term.Term]map[string]term.Term{}
	for _, a := range apps {
		args := st.Args(a)
		f := args[0]
		tab := funs[f]
		if tab == nil {
			tab = map[string]term.Term{}
			funs[f] = tab
		}
		k := r.keyOfArgs(args[1:])
		other, ok := tab[k]
		if !ok {
			tab[k] = a
			continue
		}
		if r.same(a, other) {
			continue
		}
		var ps []sat.Edge
		for i, x := range args[1:] {
			if y := st.Arg(other, i+1); x != y {
				ps = append(ps, r.l.tb.equal(x, y))
			}
		}
		r.lemma(lemmaUF, ps, a, other)
	}
	return funs
}
