package sat

// Comparisons. The unsigned less-than is a chain from the least significant
// bit up: at each bit, if the operands differ the higher bit decides
// (x < y iff y's bit is set), else the lower bits decide. One mux per bit.

// Eq is true iff x = y.
func (b *Blaster) Eq(x, y Word) Edge {
	sameWidth("=", x, y)
	r := True
	for i := range x {
		r = b.g.And(r, b.g.Xnor(x[i], y[i]))
	}
	return r
}

// Comp is bvcomp: the 1-bit word #b1 iff x = y.
func (b *Blaster) Comp(x, y Word) Word { return Word{b.Eq(x, y)} }

// lessThan is the chain; signed swaps the roles at the sign bit, where the
// operand with the bit set is the smaller one. orEqual seeds the chain with
// true, which turns < into <=.
func (b *Blaster) lessThan(x, y Word, signed, orEqual bool) Edge {
	lt := b.g.Const(orEqual)
	for i := range x {
		d := b.g.Xor(x[i], y[i])
		decider := y[i]
		if signed && i == len(x)-1 {
			decider = x[i]
		}
		lt = b.g.Ite(d, decider, lt)
	}
	return lt
}

// Ult, Ule, Slt and Sle are bvult, bvule, bvslt and bvsle.
func (b *Blaster) Ult(x, y Word) Edge {
	sameWidth("bvult", x, y)
	return b.lessThan(x, y, false, false)
}

func (b *Blaster) Ule(x, y Word) Edge {
	sameWidth("bvule", x, y)
	return b.lessThan(x, y, false, true)
}

func (b *Blaster) Slt(x, y Word) Edge {
	sameWidth("bvslt", x, y)
	return b.lessThan(x, y, true, false)
}

func (b *Blaster) Sle(x, y Word) Edge {
	sameWidth("bvsle", x, y)
	return b.lessThan(x, y, true, true)
}
