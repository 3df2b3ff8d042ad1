package svi

// EnumLimit bounds |X|·|Y| for the brute-force image used by operators the
// digest gives no interval rule for (bitwise, signed, non-linear): below it
// their result is computed value by value and is exact.
const EnumLimit = 4096

// top is the give-up result: every w-bit value.
func top(w uint, why string) Result { return overApprox(Full(w), why) }

// enumerate computes {f(a, b) | a ∈ x, b ∈ y} value by value if the
// operands are small enough.
func enumerate(w uint, x, y Set, f func(a, b uint64) uint64) (Result, bool) {
	if x.Wide() || y.Wide() {
		return Result{}, false
	}
	cx, cy := x.Card(), y.Card()
	if cx == 0 || cy == 0 {
		return exact(Empty(w)), true
	}
	if cx > EnumLimit || cy > EnumLimit || cx*cy > EnumLimit {
		return Result{}, false
	}
	xs, _ := x.Elements(EnumLimit)
	ys, _ := y.Elements(EnumLimit)
	vals := make([]uint64, 0, len(xs)*len(ys))
	for _, a := range xs {
		for _, b := range ys {
			vals = append(vals, f(a, b))
		}
	}
	return FromValues(w, vals), true
}

// preamble handles the cases every binary transfer function shares: wide
// operands give top, an empty operand gives the empty set.
func preamble(x, y Set) (Result, bool) {
	if x.Wide() || y.Wide() {
		return top(x.w, "width above 64"), true
	}
	if x.IsEmpty() || y.IsEmpty() {
		return exact(Empty(x.w)), true
	}
	return Result{}, false
}

// Add is x +_w y, by the digest's rules (2)-(5): exact when one operand is a
// constant, or when the hull does not overflow and the finer-strided operand
// fills the gaps of the coarser one (5). x and y are treated as independent:
// for related operands (x+x) the result is sound but exactness means only
// "exact over the product X×Y".
func Add(x, y Set) Result {
	if r, done := preamble(x, y); done {
		return r
	}
	w := x.w
	var ps []SVI
	why := ""
	for _, p := range x.parts {
		for _, q := range y.parts {
			r, ok, reason := addSVI(w, p, q)
			if !ok {
				if reason == "add length overflow (4)" {
					return top(w, reason)
				}
				why = reason
			}
			ps = append(ps, r...)
		}
	}
	return fromParts(w, ps, why)
}

func addSVI(w uint, p, q SVI) ([]SVI, bool, string) {
	l1, l2 := p.Hi-p.Lo, q.Hi-q.Lo
	if !addFits(l1, l2, w) {
		return nil, false, "add length overflow (4)"
	}
	g := gcd(strideOf(p), strideOf(q))
	if g == 0 {
		g = 1
	}
	r := circ(w, p.Lo+q.Lo, g, (l1+l2)/g)
	fills := func(fine, coarse SVI) bool { // (5)
		return coarse.S%fine.S == 0 && fine.N() >= coarse.S/fine.S-1
	}
	if p.IsSingleton() || q.IsSingleton() || fills(p, q) || fills(q, p) {
		return r, true, ""
	}
	return r, false, "add strides do not fill (5)"
}

// Neg is 0 -_w x; always exact (a bijection).
func Neg(x Set) Result {
	if x.Wide() {
		return top(x.w, "width above 64")
	}
	var ps []SVI
	for _, p := range x.parts {
		ps = append(ps, circ(x.w, -p.Hi, p.S, p.N())...)
	}
	return fromParts(x.w, ps, "")
}

// Sub is x -_w y = x + (-y); the digest's rules (2)-(5) with the same
// exactness as Add.
func Sub(x, y Set) Result {
	ny := Neg(y)
	return Add(x, ny.Set).and(ny)
}

// Mul is x ×_w y. With a constant operand k it follows (6)/(7): exact iff
// neither the length (b-a)·k nor the stride s·k overflows; otherwise the
// result is the coset of multiples of 2^(tz(s)+tz(k)) containing a·k.
// Two symbolic operands are non-linear: exact only when small enough to
// enumerate.
func Mul(x, y Set) Result {
	if r, done := preamble(x, y); done {
		return r
	}
	if k, ok := y.Singleton(); ok {
		return mulConst(x, k)
	}
	if k, ok := x.Singleton(); ok {
		return mulConst(y, k)
	}
	w := x.w
	if r, ok := enumerate(w, x, y, func(a, b uint64) uint64 { return a * b & mask(w) }); ok {
		return r
	}
	// Products of multiples of 2^e1 and 2^e2 are multiples of 2^(e1+e2).
	e := tzSet(x) + tzSet(y)
	if e >= w {
		return overApprox(Const(w, 0), "non-linear mul")
	}
	coset := circ(w, 0, 1<<e, mask(w-e))
	maxX, _ := x.Max()
	maxY, _ := y.Max()
	minX, _ := x.Min()
	minY, _ := y.Min()
	if mulFits(maxX, maxY, w) {
		c, _ := normalize(w, coset)
		return overApprox(c.clip(minX*minY, maxX*maxY), "non-linear mul")
	}
	return fromParts(w, coset, "non-linear mul")
}

func mulConst(x Set, k uint64) Result {
	w := x.w
	k &= mask(w)
	if k == 0 {
		return exact(Const(w, 0))
	}
	var ps []SVI
	why := ""
	for _, p := range x.parts {
		if mulFits(p.Hi-p.Lo, k, w) && mulFits(p.S, k, w) {
			ps = append(ps, circ(w, p.Lo*k, p.S*k, p.N())...)
			continue
		}
		e := trailingZeros(p.S, w) + trailingZeros(k, w)
		if e >= w { // s·k ≡ 0: every element has the same product
			ps = append(ps, circ(w, p.Lo*k, 1, 0)...)
			continue
		}
		why = "mul overflow (7)"
		ps = append(ps, circ(w, p.Lo*k&(1<<e-1), 1<<e, mask(w-e))...)
	}
	return fromParts(w, ps, why)
}

// tzSet is the number of trailing zero bits every element of x has.
func tzSet(x Set) uint {
	t := x.w
	for _, p := range x.parts {
		pt := trailingZeros(p.Lo, x.w)
		if !p.IsSingleton() {
			pt = min(pt, trailingZeros(p.S, x.w))
		}
		t = min(t, pt)
	}
	return t
}
