package svi

import "math/bits"

// The digest defines no bitwise rule. Not is exact (it is 2^w-1 - x). And,
// Or and Xor are exact for constant masks that reduce to the arithmetic
// rules, and for operands small enough to enumerate; otherwise they use the
// bits known in every element (a tristate abstraction) intersected with
// simple range bounds.

// Not is the bitwise complement ~x; always exact.
func Not(x Set) Result {
	if x.Wide() {
		return top(x.w, "width above 64")
	}
	m := mask(x.w)
	ps := make([]SVI, len(x.parts))
	for i, p := range x.parts {
		ps[i] = SVI{m - p.Hi, m - p.Lo, p.S}
	}
	return fromParts(x.w, ps, "")
}

// lowMaskBits returns t if k = 2^t - 1.
func lowMaskBits(k uint64) (uint, bool) {
	if k&(k+1) != 0 {
		return 0, false
	}
	return uint(bits.OnesCount64(k)), true
}

// And is x & y.
func And(x, y Set) Result {
	if r, done := preamble(x, y); done {
		return r
	}
	w := x.w
	if _, ok := x.Singleton(); ok {
		x, y = y, x
	}
	if k, ok := y.Singleton(); ok {
		if t, ok := lowMaskBits(k); ok { // x & (2^t-1) = x mod 2^t
			if t >= w {
				return exact(x)
			}
			return uremConst(x, 1<<t)
		}
		if t, ok := lowMaskBits(^k & mask(w)); ok { // clears the low t bits
			q := udivConst(x, 1<<t)
			return mulConst(q.Set, 1<<t).and(q)
		}
	}
	if r, ok := enumerate(w, x, y, func(a, b uint64) uint64 { return a & b }); ok {
		return r
	}
	z1, o1 := knownBits(x)
	z2, o2 := knownBits(y)
	kb := fromKnownBits(w, z1|z2, o1&o2)
	maxX, _ := x.Max()
	maxY, _ := y.Max()
	return overApprox(kb.clip(0, min(maxX, maxY)), "bitwise and")
}

// Or is x | y.
func Or(x, y Set) Result {
	if r, done := preamble(x, y); done {
		return r
	}
	w := x.w
	if _, ok := x.Singleton(); ok {
		x, y = y, x
	}
	if k, ok := y.Singleton(); ok {
		if t, ok := lowMaskBits(k); ok { // sets the low t bits
			if t >= w {
				return exact(Const(w, mask(w)))
			}
			q := udivConst(x, 1<<t)
			h := mulConst(q.Set, 1<<t)
			return Add(h.Set, y).and(q, h)
		}
	}
	if r, ok := enumerate(w, x, y, func(a, b uint64) uint64 { return a | b }); ok {
		return r
	}
	z1, o1 := knownBits(x)
	z2, o2 := knownBits(y)
	kb := fromKnownBits(w, z1&z2, o1|o2)
	minX, _ := x.Min()
	minY, _ := y.Min()
	return overApprox(kb.clip(max(minX, minY), mask(w)), "bitwise or")
}

// Xor is x ^ y.
func Xor(x, y Set) Result {
	if r, done := preamble(x, y); done {
		return r
	}
	w := x.w
	if _, ok := x.Singleton(); ok {
		x, y = y, x
	}
	if k, ok := y.Singleton(); ok {
		switch k {
		case 0:
			return exact(x)
		case mask(w):
			return Not(x)
		case signBit(w): // flipping the top bit is adding 2^(w-1)
			return Add(x, y)
		}
	}
	if r, ok := enumerate(w, x, y, func(a, b uint64) uint64 { return a ^ b }); ok {
		return r
	}
	z1, o1 := knownBits(x)
	z2, o2 := knownBits(y)
	known := (z1 | o1) & (z2 | o2)
	ones := known & (o1 ^ o2)
	return overApprox(fromKnownBits(w, known&^ones, ones), "bitwise xor")
}

// knownBits returns the bits that are 0 (zeros) and 1 (ones) in every
// element of x: a part fixes the bits above the highest bit in which Lo
// and Hi differ, and the tz(S) lowest bits.
func knownBits(x Set) (zeros, ones uint64) {
	m := mask(x.w)
	known := m
	first := true
	var val uint64
	for _, p := range x.parts {
		pk := m
		if !p.IsSingleton() {
			h := 63 - bits.LeadingZeros64(p.Lo^p.Hi)
			high := m &^ (uint64(1)<<(h+1) - 1)
			if h == 63 {
				high = 0
			}
			low := uint64(1)<<trailingZeros(p.S, x.w) - 1
			pk = high | low
		}
		if first {
			known, val, first = pk, p.Lo&pk, false
			continue
		}
		known &= pk &^ (val ^ p.Lo)
		val &= known
	}
	return known &^ val, val & known
}

// fromKnownBits returns a strided interval containing every w-bit value
// with the given known bits: the unknown bits between the lowest (l) and
// highest (h) unknown one vary, with stride 2^l.
func fromKnownBits(w uint, zeros, ones uint64) Set {
	m := mask(w)
	unknown := m &^ (zeros | ones)
	if unknown == 0 {
		return Const(w, ones)
	}
	l := uint(bits.TrailingZeros64(unknown))
	h := uint(63 - bits.LeadingZeros64(unknown))
	span := mask(h+1) &^ (uint64(1)<<l - 1)
	lo := ones &^ span
	s, _ := normalize(w, []SVI{mkSVI(lo, lo|span, 1<<l)})
	return s
}
