package sat

// Ripple-carry addition and what is built on it. A full adder is
// sum = (a^b)^c and carry = (a&b) | (c&(a^b)); the xor a^b is shared, and the
// CNF encoder turns each xor into one variable and four clauses.
//
// The carry could also be the mux (a^b) ? c : a, one variable and six clauses
// instead of three and-gates and nine. It was measured slower to solve: 32-bit
// factoring of five products of 16-bit primes took 53 s in total against 28 s
// with the and/or carry, so the and/or form stays.

// fullAdder returns the sum and carry of three bits.
func (b *Blaster) fullAdder(x, y, c Edge) (sum, carry Edge) {
	t := b.g.Xor(x, y)
	sum = b.g.Xor(t, c)
	carry = b.g.Or(b.g.And(x, y), b.g.And(c, t))
	return sum, carry
}

// addCarry returns x + y + cin (mod 2^w) and the carry out.
func (b *Blaster) addCarry(x, y Word, cin Edge) (Word, Edge) {
	sameWidth("bvadd", x, y)
	out := make(Word, len(x))
	c := cin
	for i := range x {
		out[i], c = b.fullAdder(x[i], y[i], c)
	}
	return out, c
}

// Add is bvadd.
func (b *Blaster) Add(x, y Word) Word {
	s, _ := b.addCarry(x, y, False)
	return s
}

// Sub is bvsub: x + ~y + 1.
func (b *Blaster) Sub(x, y Word) Word {
	s, _ := b.addCarry(x, b.Not(y), True)
	return s
}

// subBorrow returns x - y and whether it borrowed (x < y unsigned).
func (b *Blaster) subBorrow(x, y Word) (Word, Edge) {
	s, c := b.addCarry(x, b.Not(y), True)
	return s, c.Not()
}

// Neg is bvneg: ~x + 1.
func (b *Blaster) Neg(x Word) Word {
	s, _ := b.addCarry(b.Not(x), make(Word, len(x)), True)
	return s
}
