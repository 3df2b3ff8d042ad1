package svi

import (
	"context"

	"github.com/sift-solver/sift/term"
)

// maxRounds bounds the fixpoint over pending literals. Each round that
// changes something shrinks a domain, so the bound only matters for slow
// descents; stopping early is sound (the literals stay pending).
const maxRounds = 32

// pviOutcome is the result of the exact layer.
type pviOutcome uint8

const (
	pviSat     pviOutcome = iota // every literal discharged
	pviUnsat                     // a literal can never hold
	pviPending                   // some literals remain
)

// decidePVI runs the precise layer (digest Algorithm 2, lines 1-9, iterated
// to a fixpoint as §7 advises): each pending literal is evaluated over the
// current domains; Never is UNSAT (sound on over-approximations), Always
// drops the literal, Split narrows the variables backward and discharges the
// literal when every backward step is exact. CannotHandle leaves it pending
// and narrows nothing, as the digest's pass driver does. It returns the
// literals still pending, or for UNSAT the assertions that suffice.
func decidePVI(ctx context.Context, d *domains, lits []literal) (out pviOutcome, pending []literal, core []int) {
	pending = append([]literal(nil), lits...)
	for round := 0; round < maxRounds && len(pending) > 0; round++ {
		if ctx.Err() != nil {
			break
		}
		changed := false
		kept := pending[:0]
		for _, l := range pending {
			nw := Narrow(l.pred, d.eval(l.a), d.eval(l.b))
			switch nw.Verdict {
			case Never:
				return pviUnsat, nil, d.reasons(l)
			case Always:
				changed = true
				continue
			case CannotHandle:
				kept = append(kept, l)
				continue
			}
			into := narrowing{sets: map[term.Term]Set{}, exact: true}
			d.pushDown(l.a, nw.X, &into)
			d.pushDown(l.b, nw.Y, &into)
			if into.empty {
				return pviUnsat, nil, d.reasons(l)
			}
			why := d.reasons(l)
			for v, s := range into.sets {
				if !s.Equal(d.domain(v)) {
					d.set(v, s)
					d.why[v] = why
					changed = true
				}
			}
			if into.exact {
				// Every point of the narrowed domains satisfies l, and
				// domains only shrink: l holds from now on.
				changed = true
				continue
			}
			kept = append(kept, l)
		}
		pending = kept
		if !changed {
			break
		}
	}
	if len(pending) == 0 {
		return pviSat, nil, nil
	}
	return pviPending, pending, nil
}
