package sat

// divResult is one unsigned divider: quotient and remainder of the same
// operands, built once and shared by Udiv and Urem (and the signed operators
// that reduce to them).
type divResult struct{ q, r Word }

// udivrem builds (or finds in the cache) the restoring divider of x by y.
//
// Step j (j = 1..w) brings down bit x[w-j]. The partial remainder before the
// step is below 2^(j-1) (it is the remainder of x's top j-1 bits), so the
// shifted remainder r' fits in j bits; the quotient bit is 1 iff y's bits at
// j and above are zero and r' >= y's low j bits, and then r' - y replaces r'.
// So step j needs a j-bit subtractor instead of a w-bit one, halving the size.
// Division by zero falls out of the recurrence with SMT-LIB's semantics:
// every quotient bit is 1 (q = ~0) and the remainder is x.
func (b *Blaster) udivrem(x, y Word) divResult {
	sameWidth("bvudiv", x, y)
	k := b.key(x, y)
	if d, ok := b.divs[k]; ok {
		return d
	}
	w := len(x)
	// highZero[j] = y[j..w-1] are all zero.
	highZero := make([]Edge, w+1)
	highZero[w] = True
	for j := w - 1; j >= 0; j-- {
		highZero[j] = b.g.And(highZero[j+1], y[j].Not())
	}
	q := make(Word, w)
	var r Word // partial remainder, j-1 bits before step j
	for j := 1; j <= w && b.g.err == nil; j++ {
		shifted := append(Word{x[w-j]}, r...) // j bits
		diff, borrow := b.subBorrow(shifted, y[:j])
		qbit := b.g.And(highZero[j], borrow.Not())
		q[w-j] = qbit
		r = b.Ite(qbit, diff, shifted)
	}
	if b.g.err != nil {
		// Interrupted: garbage of the right widths, never cached.
		return divResult{q: make(Word, w), r: make(Word, w)}
	}
	d := divResult{q: q, r: r}
	b.divs[k] = d
	return d
}

// Udiv is bvudiv (x / 0 = ~0).
func (b *Blaster) Udiv(x, y Word) Word { return b.udivrem(x, y).q }

// Urem is bvurem (x % 0 = x).
func (b *Blaster) Urem(x, y Word) Word { return b.udivrem(x, y).r }

// abs returns |x| as an unsigned word (the minimum signed value maps to
// itself, as two's complement negation does) and x's sign bit.
func (b *Blaster) abs(x Word) (Word, Edge) {
	sign := x[len(x)-1]
	return b.Ite(sign, b.Neg(x), x), sign
}

// Sdiv is bvsdiv: SMT-LIB defines it by cases on the signs through bvudiv,
// which is the same as dividing magnitudes and negating when exactly one
// operand is negative.
func (b *Blaster) Sdiv(x, y Word) Word {
	sameWidth("bvsdiv", x, y)
	positiveWidth("bvsdiv", len(x))
	ax, sx := b.abs(x)
	ay, sy := b.abs(y)
	q := b.Udiv(ax, ay)
	return b.Ite(b.g.Xor(sx, sy), b.Neg(q), q)
}

// Srem is bvsrem: the remainder of the magnitudes, with the dividend's sign.
func (b *Blaster) Srem(x, y Word) Word {
	sameWidth("bvsrem", x, y)
	positiveWidth("bvsrem", len(x))
	ax, sx := b.abs(x)
	ay, _ := b.abs(y)
	r := b.Urem(ax, ay)
	return b.Ite(sx, b.Neg(r), r)
}

// Smod is bvsmod: the remainder with the divisor's sign. With u the
// remainder of the magnitudes: u if u = 0 or both are non-negative, -u + y if
// only x is negative, u + y if only y is negative, -u if both are.
func (b *Blaster) Smod(x, y Word) Word {
	sameWidth("bvsmod", x, y)
	positiveWidth("bvsmod", len(x))
	ax, sx := b.abs(x)
	ay, sy := b.abs(y)
	u := b.Urem(ax, ay)
	nu := b.Ite(sx, b.Neg(u), u)
	keep := b.g.Or(b.ReduceOr(u).Not(), b.g.Xnor(sx, sy))
	return b.Ite(keep, nu, b.Add(nu, y))
}
