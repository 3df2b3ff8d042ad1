package fp

import "math/big"

// orderKey maps a value that is not NaN to an integer of the same order:
// the magnitude's encoding, negated for negative values (so ±0 meet at 0).
func orderKey(v Value) *big.Int {
	w := v.f.Width()
	m := v.bits.Big()
	m.SetBit(m, int(w-1), 0)
	if v.Neg() {
		m.Neg(m)
	}
	return m
}

func compare(x, y Value) (c int, ordered bool) {
	sameFormat("fp comparison", x, y)
	if x.IsNaN() || y.IsNaN() {
		return 0, false
	}
	return orderKey(x).Cmp(orderKey(y)), true
}

// Eq is fp.eq: IEEE equality (false on NaN, +0 equals -0).
func Eq(x, y Value) bool { c, ok := compare(x, y); return ok && c == 0 }

// Lt is fp.lt.
func Lt(x, y Value) bool { c, ok := compare(x, y); return ok && c < 0 }

// Leq is fp.leq.
func Leq(x, y Value) bool { c, ok := compare(x, y); return ok && c <= 0 }
