package bitblast

import (
	"context"

	"github.com/sift-solver/sift/sat"
	"github.com/sift-solver/sift/term"
)

// Transitivity of word equalities. A client's unrolled design compares the
// same words over and over: a memory read at step k against every earlier
// write address (read over write), a constant register against the address
// of every step. Bit-blasted, "a = b and b = c imply a = c" is a fact CaDiCaL
// can only learn bit by bit, one assignment of the shared word at a time, so
// a 40-step memory check that two read-over-write chains choose alike took
// it hundreds of thousands of conflicts. For every triangle of equality
// atoms the circuits already compare (all three built), the stage adds the
// three transitivity clauses: valid whatever is asserted, so they are
// permanent and stay true across push and pop, and each such chain is then
// a matter of propagation.

// maxTriangles bounds the triangles a session adds clauses for.
const maxTriangles = 1 << 16

// eqAtoms records the equalities between words the blaster built.
type eqAtoms struct {
	edge      map[[2]term.Term]sat.Edge // atom of each pair (smaller term first)
	adj       map[term.Term][]term.Term // the terms each term is compared with
	pending   [][2]term.Term            // atoms built since the last close
	triangles int
}

func pairOf(a, b term.Term) [2]term.Term {
	if b < a {
		a, b = b, a
	}
	return [2]term.Term{a, b}
}

// note records e as the atom a = b.
func (q *eqAtoms) note(a, b term.Term, e sat.Edge) {
	if a == b || e == sat.True || e == sat.False {
		return
	}
	k := pairOf(a, b)
	if q.edge == nil {
		q.edge, q.adj = map[[2]term.Term]sat.Edge{}, map[term.Term][]term.Term{}
	}
	if _, ok := q.edge[k]; ok {
		return
	}
	q.edge[k] = e
	q.adj[a] = append(q.adj[a], b)
	q.adj[b] = append(q.adj[b], a)
	q.pending = append(q.pending, k)
}

// close adds the transitivity clauses of every triangle whose last atom was
// built since the last call: each triangle once, when its third side
// appears.
func (q *eqAtoms) close(ctx context.Context, cnf *sat.CNF, solver sat.Solver) error {
	for len(q.pending) > 0 && q.triangles < maxTriangles {
		if err := ctx.Err(); err != nil {
			return err
		}
		k := q.pending[0]
		q.pending = q.pending[1:]
		a, b := k[0], k[1]
		small, other := a, b
		if len(q.adj[b]) < len(q.adj[a]) {
			small, other = b, a
		}
		eab := cnf.Lit(q.edge[k])
		for _, c := range q.adj[small] {
			if c == other {
				continue
			}
			eo, ok := q.edge[pairOf(other, c)]
			if !ok {
				continue
			}
			es := cnf.Lit(q.edge[pairOf(small, c)])
			eoc := cnf.Lit(eo)
			solver.Add(eab.Not(), es.Not(), eoc)
			solver.Add(eab.Not(), eoc.Not(), es)
			solver.Add(es.Not(), eoc.Not(), eab)
			q.triangles++
		}
	}
	if q.triangles >= maxTriangles {
		q.pending = nil
	}
	return nil
}
