package svi

import "github.com/sift-solver/sift/term"

// decideBox is the ubox layer (digest §2.5, observation 2): starting from
// the exact domains it narrows a copy, literal by literal, to a box on which
// the literal always holds (Box, then an exact backward push to the
// variables), and finally checks that every pending literal is Always on the
// box. Success proves SAT with any point of the box as the model; failure
// proves nothing. Literals already discharged by the exact layer hold on
// every point of the domains, so on the box too.
func decideBox(d *domains, pending []literal) (*domains, bool) {
	b := d.clone()
	for _, l := range pending {
		x, y := b.eval(l.a), b.eval(l.b)
		if Narrow(l.pred, x, y).Verdict == Always {
			continue
		}
		bx, by, ok := Box(l.pred, x, y)
		if !ok {
			return nil, false
		}
		into, ok := b.boxInto(l, bx, by)
		if !ok {
			// The box's sides do not pull back exactly to the variables
			// (a distinct over a concat of reads, say): shrink it to one
			// of its points, which pulls back through every injective
			// step. Every point of a box satisfies the literal.
			px, _ := bx.Witness()
			py, _ := by.Witness()
			if into, ok = b.boxInto(l, Const(bx.w, px), Const(by.w, py)); !ok {
				return nil, false
			}
		}
		for v, s := range into.sets {
			b.set(v, s)
		}
	}
	for _, l := range pending {
		if Narrow(l.pred, b.eval(l.a), b.eval(l.b)).Verdict != Always {
			return nil, false
		}
	}
	return b, true
}

// boxInto pushes the box bx × by of literal l down to the variables; ok
// when every point of the narrowed domains maps into the box.
func (b *domains) boxInto(l literal, bx, by Set) (narrowing, bool) {
	into := narrowing{sets: map[term.Term]Set{}, exact: true}
	b.pushDown(l.a, bx, &into)
	b.pushDown(l.b, by, &into)
	return into, into.exact && !into.empty
}
