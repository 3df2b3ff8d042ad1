package sat

// Bitwise operators, structure (concat, extract, extensions, repeat,
// rotations), word-level ite and reductions.

func (b *Blaster) bitwise(op string, x, y Word, f func(a, c Edge) Edge) Word {
	sameWidth(op, x, y)
	out := make(Word, len(x))
	for i := range x {
		out[i] = f(x[i], y[i])
	}
	return out
}

// Not is bvnot.
func (b *Blaster) Not(x Word) Word {
	out := make(Word, len(x))
	for i, e := range x {
		out[i] = e.Not()
	}
	return out
}

func (b *Blaster) And(x, y Word) Word { return b.bitwise("bvand", x, y, b.g.And) }
func (b *Blaster) Or(x, y Word) Word  { return b.bitwise("bvor", x, y, b.g.Or) }
func (b *Blaster) Xor(x, y Word) Word { return b.bitwise("bvxor", x, y, b.g.Xor) }
func (b *Blaster) Nand(x, y Word) Word {
	return b.bitwise("bvnand", x, y, func(a, c Edge) Edge { return b.g.And(a, c).Not() })
}
func (b *Blaster) Nor(x, y Word) Word {
	return b.bitwise("bvnor", x, y, func(a, c Edge) Edge { return b.g.Or(a, c).Not() })
}
func (b *Blaster) Xnor(x, y Word) Word { return b.bitwise("bvxnor", x, y, b.g.Xnor) }

// Ite is the word-level if-then-else.
func (b *Blaster) Ite(c Edge, t, e Word) Word {
	sameWidth("ite", t, e)
	out := make(Word, len(t))
	for i := range t {
		out[i] = b.g.Ite(c, t[i], e[i])
	}
	return out
}

// Concat is SMT-LIB concat: hi supplies the most significant bits.
func (b *Blaster) Concat(hi, lo Word) Word {
	out := make(Word, 0, len(hi)+len(lo))
	return append(append(out, lo...), hi...)
}

// Extract is (_ extract i j): bits j..i inclusive, i >= j.
func (b *Blaster) Extract(x Word, i, j int) Word {
	if j < 0 || i < j || i >= len(x) {
		panic("sat: extract out of range")
	}
	return append(Word(nil), x[j:i+1]...)
}

// ZeroExtend adds k zero bits on top.
func (b *Blaster) ZeroExtend(x Word, k int) Word {
	return append(append(make(Word, 0, len(x)+k), x...), make(Word, k)...)
}

// SignExtend adds k copies of the sign bit on top.
func (b *Blaster) SignExtend(x Word, k int) Word {
	positiveWidth("sign_extend", len(x))
	out := append(make(Word, 0, len(x)+k), x...)
	for i := 0; i < k; i++ {
		out = append(out, x[len(x)-1])
	}
	return out
}

// Repeat is (_ repeat n).
func (b *Blaster) Repeat(x Word, n int) Word {
	out := make(Word, 0, len(x)*n)
	for i := 0; i < n; i++ {
		out = append(out, x...)
	}
	return out
}

// RotateLeft is (_ rotate_left k); any k >= 0, taken modulo the width.
func (b *Blaster) RotateLeft(x Word, k int) Word {
	n := len(x)
	out := make(Word, n)
	if n == 0 {
		return out
	}
	k %= n
	for i := range x {
		out[(i+k)%n] = x[i]
	}
	return out
}

// RotateRight is (_ rotate_right k).
func (b *Blaster) RotateRight(x Word, k int) Word {
	n := len(x)
	if n == 0 {
		return Word{}
	}
	return b.RotateLeft(x, n-k%n)
}

// ReduceOr is true iff some bit is set (bvredor as an Edge).
func (b *Blaster) ReduceOr(x Word) Edge { return b.g.OrN(x...) }

// ReduceAnd is true iff every bit is set (bvredand as an Edge).
func (b *Blaster) ReduceAnd(x Word) Edge { return b.g.AndN(x...) }

// Bit turns an edge into a 1-bit word (for bvcomp, bvredor, ...).
func (b *Blaster) Bit(e Edge) Word { return Word{e} }
