package svi

// Shifts by a constant reduce to the digest's arithmetic (shl k = ×2^k,
// lshr k = ÷2^k) and inherit its exactness. A symbolic amount has at most
// w+1 distinct behaviours (0..w-1, and "w or more"), so the result is the
// union over the amounts in y, exact when every piece is.

// Shl is x << y (bits shifted out are lost; y >= w gives 0).
func Shl(x, y Set) Result {
	return shiftBy(x, y, func(k uint64) Result {
		if k >= uint64(x.w) {
			return exact(Const(x.w, 0))
		}
		return mulConst(x, 1<<k)
	})
}

// LShr is the logical right shift x >> y.
func LShr(x, y Set) Result {
	return shiftBy(x, y, func(k uint64) Result {
		if k >= uint64(x.w) {
			return exact(Const(x.w, 0))
		}
		return udivConst(x, 1<<k)
	})
}

// AShr is the arithmetic right shift: the negative elements shift as
// ~((~x) >> k), the others as x >> k; k >= w acts as k = w-1.
func AShr(x, y Set) Result {
	nonneg, neg := signSplit(x)
	return shiftBy(x, y, func(k uint64) Result {
		k = min(k, uint64(x.w-1))
		r1 := udivConst(nonneg, 1<<k)
		n := Not(neg)
		r2 := udivConst(n.Set, 1<<k)
		r3 := Not(r2.Set)
		return union(x.w, r1, r3.and(r2, n))
	})
}

func shiftBy(x, y Set, by func(k uint64) Result) Result {
	if r, done := preamble(x, y); done {
		return r
	}
	w := x.w
	var rs []Result
	small := y.clip(0, uint64(w)-1)
	amounts, _ := small.Elements(MaxWidth)
	for _, k := range amounts {
		rs = append(rs, by(k))
	}
	if maxY, _ := y.Max(); maxY >= uint64(w) {
		rs = append(rs, by(uint64(w)))
	}
	return union(w, rs...)
}
