package fp

import (
	"fmt"
	"math/big"
)

func sameFormat(op string, xs ...Value) Format {
	f := xs[0].f
	for _, x := range xs[1:] {
		if x.f != f {
			panic(fmt.Sprintf("fp: %s of %s and %s", op, f, x.f))
		}
	}
	return f
}

// zeroSum is the sign of an exact zero sum of operands of opposite signs:
// -0 under roundTowardNegative, +0 otherwise (IEEE 754-2008 §6.3).
func zeroSum(f Format, rm RoundingMode) Value { return Zero(f, rm == RTN) }

// Add is fp.add.
func Add(rm RoundingMode, x, y Value) Value {
	f := sameFormat("fp.add", x, y)
	cx, cy := x.Class(), y.Class()
	switch {
	case cx == ClassNaN || cy == ClassNaN:
		return NaN(f)
	case cx == ClassInf && cy == ClassInf && x.Neg() != y.Neg():
		return NaN(f)
	case cx == ClassInf:
		return x
	case cy == ClassInf:
		return y
	case cx == ClassZero && cy == ClassZero:
		if x.Neg() == y.Neg() {
			return x
		}
		return zeroSum(f, rm)
	case cx == ClassZero:
		return y
	case cy == ClassZero:
		return x
	}
	sx, ex := x.finite()
	sy, ey := y.finite()
	return roundSum(f, rm, x.Neg(), sx, ex, y.Neg(), sy, ey)
}

// Sub is fp.sub: x + (-y).
func Sub(rm RoundingMode, x, y Value) Value { return Add(rm, x, Negate(y)) }

// roundSum rounds (-1)^na × a × 2^ea + (-1)^nb × b × 2^eb (a, b > 0) to f.
func roundSum(f Format, rm RoundingMode, na bool, a *big.Int, ea int, nb bool, b *big.Int, eb int) Value {
	if ea < eb {
		na, a, ea, nb, b, eb = nb, b, eb, na, a, ea
	}
	// k bits below a's last one leave room for b as a sticky bit: when b is
	// below one unit of a<<k, the sum lies strictly between two neighbours.
	k := max(3, int(f.SB)+3-a.BitLen())
	if eb+b.BitLen() <= ea-k {
		s := new(big.Int).Lsh(a, uint(k))
		if na != nb {
			s.Sub(s, bigOne)
		}
		return round(f, rm, na, s, ea-k, true)
	}
	// Here ea - eb < b's width + k: the exact sum is small.
	s := new(big.Int).Lsh(a, uint(ea-eb))
	if na != nb {
		s.Sub(s, b)
	} else {
		s.Add(s, b)
	}
	if s.Sign() == 0 {
		return zeroSum(f, rm)
	}
	neg := na
	if s.Sign() < 0 {
		neg = !neg
		s.Neg(s)
	}
	return round(f, rm, neg, s, eb, false)
}

// Mul is fp.mul.
func Mul(rm RoundingMode, x, y Value) Value {
	f := sameFormat("fp.mul", x, y)
	cx, cy := x.Class(), y.Class()
	neg := x.Neg() != y.Neg()
	switch {
	case cx == ClassNaN || cy == ClassNaN:
		return NaN(f)
	case cx == ClassInf && cy == ClassZero, cx == ClassZero && cy == ClassInf:
		return NaN(f)
	case cx == ClassInf || cy == ClassInf:
		return Inf(f, neg)
	case cx == ClassZero || cy == ClassZero:
		return Zero(f, neg)
	}
	sx, ex := x.finite()
	sy, ey := y.finite()
	return round(f, rm, neg, new(big.Int).Mul(sx, sy), ex+ey, false)
}

// Div is fp.div.
func Div(rm RoundingMode, x, y Value) Value {
	f := sameFormat("fp.div", x, y)
	cx, cy := x.Class(), y.Class()
	neg := x.Neg() != y.Neg()
	switch {
	case cx == ClassNaN || cy == ClassNaN:
		return NaN(f)
	case cx == ClassInf && cy == ClassInf, cx == ClassZero && cy == ClassZero:
		return NaN(f)
	case cx == ClassInf || cy == ClassZero:
		return Inf(f, neg)
	case cy == ClassInf || cx == ClassZero:
		return Zero(f, neg)
	}
	sx, ex := x.finite()
	sy, ey := y.finite()
	// The quotient gets at least SB+3 bits, so the remainder is a sticky
	// bit below the rounding position.
	k := max(0, int(f.SB)+3+sy.BitLen()-sx.BitLen())
	q, r := new(big.Int).QuoRem(new(big.Int).Lsh(sx, uint(k)), sy, new(big.Int))
	return round(f, rm, neg, q, ex-ey-k, r.Sign() != 0)
}

// Fma is fp.fma: x × y + z with one rounding.
func Fma(rm RoundingMode, x, y, z Value) Value {
	f := sameFormat("fp.fma", x, y, z)
	cx, cy, cz := x.Class(), y.Class(), z.Class()
	pneg := x.Neg() != y.Neg()
	switch {
	case cx == ClassNaN || cy == ClassNaN || cz == ClassNaN:
		return NaN(f)
	case cx == ClassInf && cy == ClassZero, cx == ClassZero && cy == ClassInf:
		return NaN(f)
	case cx == ClassInf || cy == ClassInf:
		if cz == ClassInf && z.Neg() != pneg {
			return NaN(f)
		}
		return Inf(f, pneg)
	case cz == ClassInf:
		return z
	case cx == ClassZero || cy == ClassZero:
		if cz == ClassZero && z.Neg() != pneg {
			return zeroSum(f, rm)
		}
		return z // z + ±0 is z exactly, and -0 + -0 is -0 = z
	}
	sx, ex := x.finite()
	sy, ey := y.finite()
	p := new(big.Int).Mul(sx, sy)
	if cz == ClassZero {
		return round(f, rm, pneg, p, ex+ey, false)
	}
	sz, ez := z.finite()
	return roundSum(f, rm, pneg, p, ex+ey, z.Neg(), sz, ez)
}

// Sqrt is fp.sqrt.
func Sqrt(rm RoundingMode, x Value) Value {
	f := x.f
	switch x.Class() {
	case ClassNaN:
		return x
	case ClassZero:
		return x // sqrt(-0) = -0
	}
	if x.Neg() {
		return NaN(f)
	}
	if x.IsInf() {
		return x
	}
	sig, exp := x.finite()
	if exp%2 != 0 {
		sig.Lsh(sig, 1)
		exp--
	}
	// The root gets at least SB+3 bits.
	k := max(0, (2*int(f.SB)+6-sig.BitLen()+1)/2)
	n := new(big.Int).Lsh(sig, uint(2*k))
	r := new(big.Int).Sqrt(n)
	sticky := new(big.Int).Mul(r, r).Cmp(n) != 0
	return round(f, rm, false, r, (exp-2*k)/2, sticky)
}

// Rem is fp.rem: x - y × n where n is the integer nearest x / y, ties to
// even. The result is exact.
func Rem(x, y Value) Value {
	f := sameFormat("fp.rem", x, y)
	cx, cy := x.Class(), y.Class()
	switch {
	case cx == ClassNaN || cy == ClassNaN || cx == ClassInf || cy == ClassZero:
		return NaN(f)
	case cy == ClassInf || cx == ClassZero:
		return x
	}
	sx, ex := x.finite()
	sy, ey := y.finite()
	// |x| < 2^(ex+nx) <= |y| / 2: n = 0.
	if ex+sx.BitLen() <= ey+sy.BitLen()-2 {
		return x
	}
	var r *big.Int
	var qOdd bool
	scale := min(ex, ey)
	if ex >= ey {
		// x / y = sx × 2^d / sy with d possibly near 2^eb: reduce 2^d
		// modulo 2 sy rather than shift, and read the quotient's parity
		// from the residue.
		d := int64(ex - ey)
		twoY := new(big.Int).Lsh(sy, 1)
		r2 := new(big.Int).Exp(big.NewInt(2), big.NewInt(d), twoY)
		r2.Mul(r2, sx).Mod(r2, twoY)
		qOdd = r2.Cmp(sy) >= 0
		r = r2
		if qOdd {
			r.Sub(r, sy)
		}
	} else {
		yy := new(big.Int).Lsh(sy, uint(ey-ex)) // bounded by the test above
		q := new(big.Int)
		q, r = q.QuoRem(sx, yy, new(big.Int))
		qOdd = q.Bit(0) == 1
		sy = yy
	}
	twoR := new(big.Int).Lsh(r, 1)
	if c := twoR.Cmp(sy); c > 0 || c == 0 && qOdd {
		r.Sub(r, sy)
	}
	if r.Sign() == 0 {
		return Zero(f, x.Neg())
	}
	neg := x.Neg()
	if r.Sign() < 0 {
		neg = !neg
		r.Neg(r)
	}
	return round(f, RNE, neg, r, scale, false)
}

// RoundToIntegral is fp.roundToIntegral: x rounded to an integer under rm,
// in x's format (a zero keeps x's sign). In formats whose largest finite
// value is not an integer (Emax < SB-1), rounding it up overflows as any
// rounding in the format does.
func RoundToIntegral(rm RoundingMode, x Value) Value {
	switch x.Class() {
	case ClassNaN, ClassInf, ClassZero:
		return x
	}
	sig, exp := x.finite()
	if exp >= 0 {
		return x
	}
	n := roundShift(rm, x.Neg(), sig, -exp, false)
	if n.Sign() == 0 {
		return Zero(x.f, x.Neg())
	}
	return round(x.f, rm, x.Neg(), n, 0, false)
}

// Min is fp.min; ok is false when x and y are zeros of opposite sign, where
// the theory leaves the result open (either of them).
func Min(x, y Value) (r Value, ok bool) { return minMax(x, y, false) }

// Max is fp.max; ok as for Min.
func Max(x, y Value) (r Value, ok bool) { return minMax(x, y, true) }

func minMax(x, y Value, isMax bool) (Value, bool) {
	sameFormat("fp.min", x, y)
	switch {
	case x.IsNaN():
		return y, true
	case y.IsNaN():
		return x, true
	case x.IsZero() && y.IsZero() && x.Neg() != y.Neg():
		return Value{}, false
	}
	if Lt(y, x) == isMax {
		return x, true
	}
	return y, true
}
