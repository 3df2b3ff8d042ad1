package engine

import (
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
}

// cone collects the abstraction's terms under roots.
func (l *lodState) cone(roots []term.Term) *lodCone {
	st := l.st
	c := &lodCone{}
	seen := map[term.Term]bool{}
	stack := append([]term.Term(nil), roots...)
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[t] {
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
	return c
}

// lodKind names a kind of lemma, for statistics.
type lodKind int

const (
	lemmaRow        lodKind = iota // read over write: a hit on a store
	lemmaConst                     // read of a constant array
	lemmaCongruence                // two reads of one array at equal indices
	lemmaUF                        // two applications at equal arguments
	lemmaExtEqual                  // equal arrays agree at an index
	lemmaExtWitness                // unequal arrays differ at a witness index
	numLemmaKinds
)

var lemmaKindNames = [numLemmaKinds]string{"row", "const", "congruence", "uf", "ext-equal", "ext-witness"}

// lodStats counts what the CEGAR loop did over a session.
type lodStats struct {
	checks     int // checks that needed the abstraction
	iterations int // SAT calls made by those checks
	lemmas     [numLemmaKinds]int
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
	return append(out, [2]string{"lod-lemmas", strconv.Itoa(total)})
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
	lemmas   int
}

func (l *lodState) newRound(cnf *sat.CNF, solver sat.Solver, c *lodCone) *lodRound {
	return &lodRound{l: l, cnf: cnf, solver: solver, cone: c,
		vals: map[term.Term]term.Value{}, keys: map[term.Term]string{},
		bases: map[term.Term]map[string]term.Term{}, defaults: map[term.Term]term.Value{}}
}

// val is the candidate value of a blasted term.
func (r *lodRound) val(t term.Term) term.Value {
	if v, ok := r.vals[t]; ok {
		return v
	}
	v := r.l.tb.modelValue(r.cnf, t)
	r.vals[t] = v
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

// checkReads propagates every read to its base and adds a lemma for each
// read the candidate model gets wrong.
func (r *lodRound) checkReads(reads []term.Term) {
	st := r.l.st
	var path []step
	for _, rd := range reads {
		idx := st.Arg(rd, 1)
		var n term.Term
		n, path = r.walk(rd, path[:0])
		switch st.Op(n) {
		case term.OpStore:
			if v := st.Arg(n, 2); !r.same(rd, v) {
				ps := r.premises(idx, path, nil)
				r.lemma(lemmaRow, append(ps, r.l.tb.equal(idx, st.Arg(n, 1))), rd, v)
			}
		case term.OpConstArray:
			if v := st.Arg(n, 0); !r.same(rd, v) {
				r.lemma(lemmaConst, r.premises(idx, path, nil), rd, v)
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
			oidx := st.Arg(other, 1)
			ps := r.premises(idx, path, nil)
			_, opath := r.walk(other, nil)
			ps = r.premises(oidx, opath, ps)
			if idx != oidx {
				ps = append(ps, r.l.tb.equal(idx, oidx))
			}
			r.lemma(lemmaCongruence, ps, rd, other)
		default:
			panic(fmt.Sprintf("lod: read reaches %s", st.Op(n)))
		}
	}
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
