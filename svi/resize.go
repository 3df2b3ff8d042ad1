package svi

// Width-changing operators. Results wider than MaxWidth are top.

// withWidth reinterprets x's elements at width w (they must fit).
func withWidth(x Set, w uint) Set { return Set{w: w, parts: x.parts} }

// ZeroExtend adds by leading zero bits; always exact (up to width 64).
func ZeroExtend(x Set, by uint) Result {
	if x.Wide() || x.w+by > MaxWidth {
		return top(x.w+by, "width above 64")
	}
	return exact(withWidth(x, x.w+by))
}

// SignExtend adds by copies of the sign bit: the negative elements move up
// by 2^(w+by) - 2^w. Always exact (up to width 64).
func SignExtend(x Set, by uint) Result {
	w := x.w + by
	if x.Wide() || w > MaxWidth {
		return top(w, "width above 64")
	}
	nonneg, neg := signSplit(x)
	shift := mask(w) - mask(x.w)
	var ps []SVI
	ps = append(ps, nonneg.parts...)
	for _, p := range neg.parts {
		ps = append(ps, SVI{p.Lo + shift, p.Hi + shift, p.S})
	}
	return fromParts(w, ps, "")
}

// Extract is bits hi..lo of x (width hi-lo+1): (x >> lo) mod 2^(hi-lo+1).
// Exact when both arithmetic steps are, or when x is small enough to
// enumerate.
func Extract(x Set, hi, lo uint) Result {
	w := hi - lo + 1
	if x.Wide() {
		return top(w, "width above 64")
	}
	q := udivConst(x, 1<<lo)
	r := q
	if w < x.w {
		r = uremConst(q.Set, 1<<w).and(q)
	}
	r.Set = withWidth(r.Set, w)
	if !r.Exact {
		if e, ok := enumerate(w, x, Const(1, 0), func(a, _ uint64) uint64 { return a >> lo & mask(w) }); ok {
			return e
		}
	}
	return r
}

// Concat is x ∘ y (x the high part): x·2^wy + y at width wx+wy. The two
// parts occupy disjoint bits, so this is the digest's symbolic add (3)
// without overflow; exact under (5) or when small enough to enumerate.
func Concat(x, y Set) Result {
	w := x.w + y.w
	if x.Wide() || y.Wide() || w > MaxWidth {
		return top(w, "width above 64")
	}
	if x.IsEmpty() || y.IsEmpty() {
		return exact(Empty(w))
	}
	high := mulConst(withWidth(x, w), 1<<y.w)
	r := Add(high.Set, withWidth(y, w)).and(high)
	if !r.Exact {
		if e, ok := enumerate(w, x, y, func(a, b uint64) uint64 { return a<<y.w | b }); ok {
			return e
		}
	}
	return r
}

// Ite is the value set of (ite c a b) for a 1-bit condition set c: the
// branch c can take, or the join of both.
func Ite(c, a, b Set) Result {
	switch v, ok := c.Singleton(); {
	case c.IsEmpty():
		return exact(Empty(a.w))
	case ok && v == 1:
		return exact(a)
	case ok && v == 0:
		return exact(b)
	}
	return Join(a, b)
}
