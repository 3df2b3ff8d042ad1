package svi

import "math/big"

// meetSVI returns p ∩ q exactly: the common lattice of two progressions is a
// progression with stride lcm(p.S, q.S) (Chinese remainder theorem).
func meetSVI(p, q SVI) (SVI, bool) {
	lo, hi := max(p.Lo, q.Lo), min(p.Hi, q.Hi)
	if lo > hi {
		return SVI{}, false
	}
	if p.S == 1 {
		return q.Clip(lo, hi)
	}
	if q.S == 1 {
		return p.Clip(lo, hi)
	}
	// Solve v ≡ p.Lo (mod p.S), v ≡ q.Lo (mod q.S) with big integers: the
	// lcm and the intermediate products can exceed 64 bits.
	s, t := new(big.Int).SetUint64(p.S), new(big.Int).SetUint64(q.S)
	a, c := new(big.Int).SetUint64(p.Lo), new(big.Int).SetUint64(q.Lo)
	g, u := new(big.Int), new(big.Int)
	g.GCD(u, nil, s, t) // u*s ≡ g (mod t)
	diff := new(big.Int).Sub(c, a)
	if new(big.Int).Mod(diff, g).Sign() != 0 {
		return SVI{}, false
	}
	tg := new(big.Int).Quo(t, g)
	// v = a + s * ((diff/g) * u mod t/g)
	k := new(big.Int).Quo(diff, g)
	k.Mul(k, u).Mod(k, tg)
	v := new(big.Int).Mul(s, k)
	v.Add(v, a)
	l := new(big.Int).Mul(s, tg) // lcm
	// Smallest solution >= lo.
	lob := new(big.Int).SetUint64(lo)
	if v.Cmp(lob) < 0 {
		d := new(big.Int).Sub(lob, v)
		d.Add(d, l).Sub(d, big.NewInt(1)).Quo(d, l)
		v.Add(v, d.Mul(d, l))
	} else {
		d := new(big.Int).Sub(v, lob)
		d.Quo(d, l)
		v.Sub(v, d.Mul(d, l))
	}
	if !v.IsUint64() || v.Uint64() > hi {
		return SVI{}, false
	}
	first := v.Uint64()
	if !l.IsUint64() || l.Uint64() > hi-first {
		return mkSVI(first, first, 1), true
	}
	ls := l.Uint64()
	return mkSVI(first, first+(hi-first)/ls*ls, ls), true
}
