package sat

// The SMT-LIB 2.7 overflow predicates.

// Nego is bvnego: -x overflows iff x is the minimum signed value.
func (b *Blaster) Nego(x Word) Edge {
	positiveWidth("bvnego", len(x))
	r := x[len(x)-1]
	for _, e := range x[:len(x)-1] {
		r = b.g.And(r, e.Not())
	}
	return r
}

// Uaddo is bvuaddo: the unsigned sum needs a carry out.
func (b *Blaster) Uaddo(x, y Word) Edge {
	_, c := b.addCarry(x, y, False)
	return c
}

// Saddo is bvsaddo: operands of equal sign, sum of the other sign.
func (b *Blaster) Saddo(x, y Word) Edge {
	positiveWidth("bvsaddo", len(x))
	s := b.Add(x, y)
	n := len(x) - 1
	return b.g.And(b.g.Xnor(x[n], y[n]), b.g.Xor(s[n], x[n]))
}

// Usubo is bvusubo: the unsigned difference borrows, i.e. x < y.
func (b *Blaster) Usubo(x, y Word) Edge {
	_, borrow := b.subBorrow(x, y)
	return borrow
}

// Ssubo is bvssubo: operands of different sign, difference not of x's sign.
func (b *Blaster) Ssubo(x, y Word) Edge {
	positiveWidth("bvssubo", len(x))
	d := b.Sub(x, y)
	n := len(x) - 1
	return b.g.And(b.g.Xor(x[n], y[n]), b.g.Xor(d[n], x[n]))
}

// Umulo is bvumulo. If some x_i and y_j are set with i+j >= w, the product
// is at least 2^w. Otherwise it is below 2^(w+1), so the (w+1)-bit product of
// the zero-extended operands is exact and its top bit decides. This avoids a
// 2w-bit multiplier.
func (b *Blaster) Umulo(x, y Word) Edge {
	sameWidth("bvumulo", x, y)
	w := len(x)
	ovf := False
	prefix := False // x[w-j] | ... | x[w-1]
	for j := 1; j < w; j++ {
		prefix = b.g.Or(prefix, x[w-j])
		ovf = b.g.Or(ovf, b.g.And(y[j], prefix))
	}
	p := b.Mul(b.ZeroExtend(x, 1), b.ZeroExtend(y, 1))
	return b.g.Or(ovf, p[w])
}

// Smulo is bvsmulo, the signed analogue of Umulo on the magnitude bits
// x'_i = x_i ^ sign(x) (i <= w-2): a pair x'_i, y'_j with i+j >= w-1 forces
// |x*y| past the signed range; otherwise the (w+1)-bit product of the
// sign-extended operands is exact up to wrapping once, and overflow is its
// top two bits differing.
func (b *Blaster) Smulo(x, y Word) Edge {
	sameWidth("bvsmulo", x, y)
	positiveWidth("bvsmulo", len(x))
	w := len(x)
	sx, sy := x[w-1], y[w-1]
	ovf := False
	prefix := False // x'[w-1-j] | ... | x'[w-2]
	for j := 1; j <= w-2; j++ {
		prefix = b.g.Or(prefix, b.g.Xor(x[w-1-j], sx))
		ovf = b.g.Or(ovf, b.g.And(b.g.Xor(y[j], sy), prefix))
	}
	p := b.Mul(b.SignExtend(x, 1), b.SignExtend(y, 1))
	return b.g.Or(ovf, b.g.Xor(p[w], p[w-1]))
}

// Sdivo is bvsdivo: only min / -1 overflows.
func (b *Blaster) Sdivo(x, y Word) Edge {
	sameWidth("bvsdivo", x, y)
	return b.g.And(b.Nego(x), b.ReduceAnd(y))
}
