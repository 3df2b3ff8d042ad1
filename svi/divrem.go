package svi

// UDiv is unsigned x ÷ y with SMT-LIB semantics (x ÷ 0 = 2^w-1). By a
// constant k it follows the digest's rule (8): ⟨a÷k, b÷k, s÷k⟩ when k
// divides s (exact), stride 1 when s < k (exact, every quotient is hit), and
// stride 1 otherwise (inexact: the "÷ stride condition" trigger).
func UDiv(x, y Set) Result {
	if r, done := preamble(x, y); done {
		return r
	}
	w := x.w
	if k, ok := y.Singleton(); ok {
		return udivConst(x, k)
	}
	if r, ok := enumerate(w, x, y, func(a, b uint64) uint64 { return udiv(a, b, w) }); ok {
		return r
	}
	var rs []Result
	if y.Contains(0) {
		rs = append(rs, exact(Const(w, mask(w))))
	}
	if minY, ok := y.Glb(1); ok {
		minX, _ := x.Min()
		maxX, _ := x.Max()
		maxY, _ := y.Max()
		rs = append(rs, exact(Range(w, minX/maxY, maxX/minY)))
	}
	r := union(w, rs...)
	r.Exact, r.Why = false, "non-linear udiv"
	return r
}

func udiv(a, b uint64, w uint) uint64 {
	if b == 0 {
		return mask(w)
	}
	return a / b
}

func udivConst(x Set, k uint64) Result {
	w := x.w
	if k == 0 {
		return exact(Const(w, mask(w)))
	}
	var ps []SVI
	why := ""
	for _, p := range x.parts {
		switch {
		case p.IsSingleton():
			ps = append(ps, mkSVI(p.Lo/k, p.Lo/k, 1))
		case p.S%k == 0:
			ps = append(ps, mkSVI(p.Lo/k, p.Hi/k, p.S/k))
		case p.S < k:
			ps = append(ps, mkSVI(p.Lo/k, p.Hi/k, 1))
		default:
			why = "udiv stride not divisible (8)"
			ps = append(ps, mkSVI(p.Lo/k, p.Hi/k, 1))
		}
	}
	return fromParts(w, ps, why)
}

// maxRemBlocks bounds how many k-blocks a part may span before urem by k
// stops computing one exact piece per block.
const maxRemBlocks = 8

// URem is unsigned x mod y with SMT-LIB semantics (x mod 0 = x). By a
// constant k it follows the digest's rule (9): exact when the part lies in
// one k-block, or covers a full lcm(s,k) period; a part spanning at most
// maxRemBlocks blocks is also computed exactly, block by block. Otherwise
// the result is the residues ≡ a (mod gcd(s,k)) below k (inexact, "mod case
// 3"). The digest does no backward step through mod.
func URem(x, y Set) Result {
	if r, done := preamble(x, y); done {
		return r
	}
	w := x.w
	if k, ok := y.Singleton(); ok {
		return uremConst(x, k)
	}
	if r, ok := enumerate(w, x, y, func(a, b uint64) uint64 { return urem(a, b) }); ok {
		return r
	}
	var rs []Result
	if y.Contains(0) {
		rs = append(rs, exact(x))
	}
	if maxY, ok := y.Max(); ok && maxY > 0 {
		maxX, _ := x.Max()
		rs = append(rs, exact(Range(w, 0, min(maxX, maxY-1))))
	}
	r := union(w, rs...)
	r.Exact, r.Why = false, "non-linear urem"
	return r
}

func urem(a, b uint64) uint64 {
	if b == 0 {
		return a
	}
	return a % b
}

func uremConst(x Set, k uint64) Result {
	w := x.w
	if k == 0 {
		return exact(x)
	}
	var ps []SVI
	why := ""
	for _, p := range x.parts {
		a, b, s := p.Lo, p.Hi, p.S
		if a/k == b/k {
			ps = append(ps, mkSVI(a%k, b%k, s))
			continue
		}
		g := gcd(s, k)
		r := a % k
		if mulFits(s/g, k, 64) && b-a >= s/g*k-s {
			ps = append(ps, mkSVI(r%g, r+(k-1-r)/g*g, g))
			continue
		}
		if b/k-a/k < maxRemBlocks {
			for j := a / k; j <= b/k; j++ {
				end := j*k + (k - 1)
				if end < j*k { // the last block ends at 2^64-1
					end = ^uint64(0)
				}
				if q, ok := p.Clip(j*k, end); ok {
					ps = append(ps, mkSVI(q.Lo-j*k, q.Hi-j*k, q.S))
				}
			}
			continue
		}
		why = "urem case 3 (9)"
		top := (k - 1 - r%g) / g * g
		ps = append(ps, mkSVI(r%g, r%g+top, g))
	}
	return fromParts(w, ps, why)
}

// signSplit returns the non-negative and the negative elements of x (as
// two's complement w-bit values).
func signSplit(x Set) (nonneg, neg Set) {
	return x.clip(0, signBit(x.w)-1), x.clip(signBit(x.w), mask(x.w))
}

// quadrants calls f on the (|x|, |y|) of every non-empty sign combination;
// negation is a bijection, so the exactness of f's results carries over.
func quadrants(x, y Set, f func(ax, ay Set, xNeg, yNeg bool) Result) Result {
	xp, xn := signSplit(x)
	yp, yn := signSplit(y)
	var rs []Result
	for _, xs := range []struct {
		s   Set
		neg bool
	}{{xp, false}, {xn, true}} {
		for _, ys := range []struct {
			s   Set
			neg bool
		}{{yp, false}, {yn, true}} {
			if xs.s.IsEmpty() || ys.s.IsEmpty() {
				continue
			}
			ax, ay := exact(xs.s), exact(ys.s)
			if xs.neg {
				ax = Neg(xs.s)
			}
			if ys.neg {
				ay = Neg(ys.s)
			}
			rs = append(rs, f(ax.Set, ay.Set, xs.neg, ys.neg).and(ax, ay))
		}
	}
	return union(x.w, rs...)
}

// SDiv is signed division (SMT-LIB bvsdiv): |x| ÷ |y|, negated when the
// signs differ. Small operands are enumerated; otherwise each sign quadrant
// goes through UDiv and inherits its exactness.
func SDiv(x, y Set) Result {
	if r, done := preamble(x, y); done {
		return r
	}
	w := x.w
	if r, ok := enumerate(w, x, y, func(a, b uint64) uint64 { return sdiv(a, b, w) }); ok {
		return r
	}
	return quadrants(x, y, func(ax, ay Set, xn, yn bool) Result {
		q := UDiv(ax, ay)
		if xn != yn {
			return Neg(q.Set).and(q)
		}
		return q
	})
}

func absw(v uint64, w uint) (uint64, bool) {
	if v&signBit(w) != 0 {
		return -v & mask(w), true
	}
	return v, false
}

func sdiv(a, b uint64, w uint) uint64 {
	aa, an := absw(a, w)
	ab, bn := absw(b, w)
	q := udiv(aa, ab, w)
	if an != bn {
		q = -q
	}
	return q & mask(w)
}

// SRem is signed remainder (bvsrem): |x| mod |y| with the sign of x.
func SRem(x, y Set) Result {
	if r, done := preamble(x, y); done {
		return r
	}
	w := x.w
	if r, ok := enumerate(w, x, y, func(a, b uint64) uint64 { return srem(a, b, w) }); ok {
		return r
	}
	return quadrants(x, y, func(ax, ay Set, xn, yn bool) Result {
		r := URem(ax, ay)
		if xn {
			return Neg(r.Set).and(r)
		}
		return r
	})
}

func srem(a, b uint64, w uint) uint64 {
	aa, an := absw(a, w)
	ab, _ := absw(b, w)
	r := urem(aa, ab)
	if an {
		r = -r
	}
	return r & mask(w)
}

// SMod is signed modulo (bvsmod): the remainder takes the sign of y. When y
// is not a constant the correction u + y relates u to y, so the result is
// only exact when small enough to enumerate.
func SMod(x, y Set) Result {
	if r, done := preamble(x, y); done {
		return r
	}
	w := x.w
	if r, ok := enumerate(w, x, y, func(a, b uint64) uint64 { return smod(a, b, w) }); ok {
		return r
	}
	_, yConst := y.Singleton()
	yp, yn := signSplit(y)
	return quadrants(x, y, func(ax, ay Set, xNeg, yNeg bool) Result {
		u := URem(ax, ay)
		zero := Meet(u.Set, Const(w, 0)).Set
		nz := u.Set.Remove(0).Set
		var r Result
		t := yp
		if yNeg {
			t = yn
		}
		switch {
		case !xNeg && !yNeg:
			r = exact(nz)
		case xNeg && !yNeg:
			r = Add(Neg(nz).Set, t)
		case !xNeg && yNeg:
			r = Add(nz, t)
		default:
			r = Neg(nz)
		}
		if (xNeg != yNeg) && !yConst {
			r.Exact, r.Why = false, "smod correction relates u and y"
		}
		return union(w, exact(zero), r).and(u)
	})
}

func smod(a, b uint64, w uint) uint64 {
	m := mask(w)
	aa, an := absw(a, w)
	ab, bn := absw(b, w)
	u := urem(aa, ab)
	switch {
	case u == 0 || !an && !bn:
		return u
	case an && !bn:
		return (-u + b) & m
	case !an && bn:
		return (u + b) & m
	default:
		return -u & m
	}
}
