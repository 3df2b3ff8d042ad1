package sat

// Mul is bvmul with a shift-add multiplier: for every bit y_i of the
// multiplier, the partial product (x & y_i) << i is added into the bits i..w-1
// of the accumulator. Partial products whose bit is the constant 0 are
// skipped, and the operand with more constant bits is made the multiplier, so
// multiplying by a constant costs one adder per set bit and x*0 costs nothing.
func (b *Blaster) Mul(x, y Word) Word {
	sameWidth("bvmul", x, y)
	if constBits(x) > constBits(y) {
		x, y = y, x
	}
	w := len(x)
	acc := make(Word, w) // zero
	first := true
	for i := 0; i < w; i++ {
		if b.g.err != nil {
			break // interrupted: the result is garbage anyway
		}
		if y[i] == False {
			continue
		}
		part := make(Word, w-i)
		for j := range part {
			part[j] = b.g.And(x[j], y[i])
		}
		if first {
			// Adding to zero: the partial product is the sum.
			copy(acc[i:], part)
			first = false
			continue
		}
		sum, _ := b.addCarry(acc[i:], part, False)
		copy(acc[i:], sum)
	}
	return acc
}

// constBits counts the constant bits of w.
func constBits(w Word) int {
	n := 0
	for _, e := range w {
		if e.IsConst() {
			n++
		}
	}
	return n
}
