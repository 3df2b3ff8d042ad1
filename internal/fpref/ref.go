package fpref

import (
	"math/big"
	"sort"
	"sync"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/fp"
)

type (
	Format       = fp.Format
	Value        = fp.Value
	RoundingMode = fp.RoundingMode
)

const (
	RNE = fp.RNE
	RNA = fp.RNA
	RTP = fp.RTP
	RTN = fp.RTN
	RTZ = fp.RTZ
)

// refKind is what a decoded pattern is.
type refKind int

const (
	refFinite refKind = iota
	refInf
	refNaN
)

// refVal is a decoded value: a sign, a kind, and for finite values the
// exact magnitude.
type refVal struct {
	neg  bool
	kind refKind
	mag  *big.Rat // >= 0 for finite values
}

func pow2(e int) *big.Rat {
	if e >= 0 {
		return new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(e)))
	}
	return new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(-e)))
}

var (
	decodedMu sync.Mutex
	decoded   = map[Format][]refVal{}
)

// refDecode reads the IEEE 754 encoding b of format f; formats of at most
// 16 bits read from a table, built once (callers never modify a refVal).
func refDecode(f Format, b bv.Value) refVal {
	if f.Width() > 16 {
		return decode(f, b)
	}
	decodedMu.Lock()
	t, ok := decoded[f]
	if !ok {
		t = make([]refVal, 1<<f.Width())
		for p := range t {
			t[p] = decode(f, bv.New(f.Width(), uint64(p)))
		}
		decoded[f] = t
	}
	decodedMu.Unlock()
	x, _ := b.Uint64()
	return t[x]
}

func decode(f Format, b bv.Value) refVal {
	x := b.Big()
	w := int(f.EB + f.SB)
	neg := x.Bit(w-1) == 1
	t := new(big.Int).And(x, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(f.SB-1)), big.NewInt(1)))
	e := new(big.Int).Rsh(x, uint(f.SB-1))
	e.SetBit(e, int(f.EB), 0)
	allOnes := int64(1)<<f.EB - 1
	bias := int(int64(1)<<(f.EB-1) - 1)
	switch {
	case e.Int64() == allOnes && t.Sign() == 0:
		return refVal{neg: neg, kind: refInf}
	case e.Int64() == allOnes:
		return refVal{kind: refNaN}
	case e.Sign() == 0:
		// 0.t × 2^(1-bias)
		m := new(big.Rat).SetInt(t)
		m.Mul(m, pow2(1-bias-int(f.SB-1)))
		return refVal{neg: neg, mag: m}
	}
	m := new(big.Rat).SetInt(new(big.Int).Add(t, new(big.Int).Lsh(big.NewInt(1), uint(f.SB-1))))
	m.Mul(m, pow2(int(e.Int64())-bias-int(f.SB-1)))
	return refVal{neg: neg, mag: m}
}

func (v refVal) rat() *big.Rat {
	r := new(big.Rat).Set(v.mag)
	if v.neg {
		r.Neg(r)
	}
	return r
}

func (v refVal) isZero() bool { return v.kind == refFinite && v.mag.Sign() == 0 }

// refTable lists the non-negative finite values of a format, ascending,
// with their encodings.
type refTable struct {
	f    Format
	mags []*big.Rat
	pats []*big.Int
}

var (
	refTablesMu sync.Mutex
	refTables   = map[Format]*refTable{}
)

func refTableOf(f Format) *refTable {
	refTablesMu.Lock()
	defer refTablesMu.Unlock()
	if t, ok := refTables[f]; ok {
		return t
	}
	t := &refTable{f: f}
	n := int64(1) << (f.EB + f.SB - 1) // patterns with sign 0
	for p := int64(0); p < n; p++ {
		v := refDecode(f, bv.New(f.EB+f.SB, uint64(p)))
		if v.kind == refFinite {
			t.mags = append(t.mags, v.mag)
			t.pats = append(t.pats, big.NewInt(p))
		}
	}
	sort.SliceStable(t.mags, func(i, j int) bool { return t.mags[i].Cmp(t.mags[j]) < 0 })
	refTables[f] = t
	return t
}

func (t *refTable) value(neg bool, i int) Value {
	p := new(big.Int).Set(t.pats[i])
	if neg {
		p.SetBit(p, int(t.f.EB+t.f.SB-1), 1)
	}
	return fp.FromBits(t.f, bv.FromBig(t.f.EB+t.f.SB, p))
}

// refRound rounds an exact nonzero-or-zero magnitude of sign neg, known
// only through cmp (the sign of magnitude - v for v >= 0), to f under rm.
// An exact zero gets the sign neg.
func refRound(f Format, rm RoundingMode, neg bool, cmp func(v *big.Rat) int) Value {
	t := refTableOf(f)
	// i: the first value >= the magnitude.
	i := sort.Search(len(t.mags), func(i int) bool { return cmp(t.mags[i]) <= 0 })
	if i < len(t.mags) && cmp(t.mags[i]) == 0 {
		return t.value(neg, i)
	}
	up := func() Value { // the neighbour away from zero
		if i == len(t.mags) {
			return fp.Inf(f, neg)
		}
		return t.value(neg, i)
	}
	down := func() Value { return t.value(neg, i-1) }
	toward := func(positive bool) Value { // toward +oo (positive) or -oo
		if positive != neg {
			return up()
		}
		return down()
	}
	switch rm {
	case RTZ:
		return down()
	case RTP:
		return toward(true)
	case RTN:
		return toward(false)
	}
	// Nearest: past the largest finite value the next candidate is
	// 2^(emax+1), so the midpoint is max + ulp/2.
	lo := t.mags[i-1]
	var hi *big.Rat
	if i == len(t.mags) {
		hi = pow2(f.Emax() + 1)
	} else {
		hi = t.mags[i]
	}
	mid := new(big.Rat).Add(lo, hi)
	mid.Quo(mid, big.NewRat(2, 1))
	switch c := cmp(mid); {
	case c < 0:
		return down()
	case c > 0:
		return up()
	}
	if rm == RNA || i == len(t.mags) {
		return up()
	}
	// Ties to even: the neighbour whose encoding ends in 0.
	if t.pats[i-1].Bit(0) == 0 {
		return down()
	}
	return up()
}

func RoundRat(f Format, rm RoundingMode, r *big.Rat) Value {
	a := new(big.Rat).Abs(r)
	return refRound(f, rm, r.Sign() < 0, func(v *big.Rat) int { return a.Cmp(v) })
}

func refNaNOf(f Format) fp.Value { return fp.NaN(f) }

func refInfOf(f Format, neg bool) Value { return fp.Inf(f, neg) }

func Add(rm RoundingMode, x, y Value) Value {
	f := x.Format()
	a, b := refDecode(f, x.Bits()), refDecode(f, y.Bits())
	switch {
	case a.kind == refNaN || b.kind == refNaN:
		return refNaNOf(f)
	case a.kind == refInf && b.kind == refInf:
		if a.neg != b.neg {
			return refNaNOf(f)
		}
		return refInfOf(f, a.neg)
	case a.kind == refInf:
		return refInfOf(f, a.neg)
	case b.kind == refInf:
		return refInfOf(f, b.neg)
	}
	s := new(big.Rat).Add(a.rat(), b.rat())
	if s.Sign() == 0 {
		// IEEE 754 §6.3: x + x = x - (-x) keeps x's sign for zeros; an exact
		// zero sum of opposite signs is +0, or -0 under roundTowardNegative.
		if a.isZero() && b.isZero() && a.neg == b.neg {
			return fp.Zero(f, a.neg)
		}
		return fp.Zero(f, rm == RTN)
	}
	return RoundRat(f, rm, s)
}

func Mul(rm RoundingMode, x, y Value) Value {
	f := x.Format()
	a, b := refDecode(f, x.Bits()), refDecode(f, y.Bits())
	neg := a.neg != b.neg
	switch {
	case a.kind == refNaN || b.kind == refNaN:
		return refNaNOf(f)
	case a.kind == refInf || b.kind == refInf:
		if a.isZero() || b.isZero() {
			return refNaNOf(f)
		}
		return refInfOf(f, neg)
	}
	p := new(big.Rat).Mul(a.mag, b.mag)
	if p.Sign() == 0 {
		return fp.Zero(f, neg)
	}
	return refRound(f, rm, neg, func(v *big.Rat) int { return p.Cmp(v) })
}

func Div(rm RoundingMode, x, y Value) Value {
	f := x.Format()
	a, b := refDecode(f, x.Bits()), refDecode(f, y.Bits())
	neg := a.neg != b.neg
	switch {
	case a.kind == refNaN || b.kind == refNaN:
		return refNaNOf(f)
	case a.kind == refInf && b.kind == refInf:
		return refNaNOf(f)
	case a.kind == refInf:
		return refInfOf(f, neg)
	case b.kind == refInf:
		return fp.Zero(f, neg)
	case b.isZero():
		if a.isZero() {
			return refNaNOf(f)
		}
		return refInfOf(f, neg)
	case a.isZero():
		return fp.Zero(f, neg)
	}
	q := new(big.Rat).Quo(a.mag, b.mag)
	return refRound(f, rm, neg, func(v *big.Rat) int { return q.Cmp(v) })
}

func Fma(rm RoundingMode, x, y, z Value) Value {
	f := x.Format()
	a, b, c := refDecode(f, x.Bits()), refDecode(f, y.Bits()), refDecode(f, z.Bits())
	pneg := a.neg != b.neg
	switch {
	case a.kind == refNaN || b.kind == refNaN || c.kind == refNaN:
		return refNaNOf(f)
	case a.kind == refInf || b.kind == refInf:
		if a.isZero() || b.isZero() {
			return refNaNOf(f)
		}
		if c.kind == refInf && c.neg != pneg {
			return refNaNOf(f)
		}
		return refInfOf(f, pneg)
	case c.kind == refInf:
		return refInfOf(f, c.neg)
	}
	p := new(big.Rat).Mul(a.rat(), b.rat())
	s := new(big.Rat).Add(p, c.rat())
	if s.Sign() == 0 {
		pzero := a.isZero() || b.isZero()
		if pzero && c.isZero() && pneg == c.neg {
			return fp.Zero(f, pneg)
		}
		return fp.Zero(f, rm == RTN)
	}
	return RoundRat(f, rm, s)
}

func Sqrt(rm RoundingMode, x Value) Value {
	f := x.Format()
	a := refDecode(f, x.Bits())
	switch {
	case a.kind == refNaN:
		return refNaNOf(f)
	case a.isZero():
		return fp.Zero(f, a.neg)
	case a.neg:
		return refNaNOf(f)
	case a.kind == refInf:
		return refInfOf(f, false)
	}
	// sqrt(m) compared with v >= 0 is m compared with v².
	return refRound(f, rm, false, func(v *big.Rat) int { return a.mag.Cmp(new(big.Rat).Mul(v, v)) })
}

// refRoundInt rounds r to an integer under rm.
func refRoundInt(rm RoundingMode, r *big.Rat) *big.Int {
	fl := new(big.Int).Div(r.Num(), r.Denom()) // floor (Euclidean, denominator > 0)
	frac := new(big.Rat).Sub(r, new(big.Rat).SetInt(fl))
	if frac.Sign() == 0 {
		return fl
	}
	ce := new(big.Int).Add(fl, big.NewInt(1))
	half := big.NewRat(1, 2)
	switch rm {
	case RTP:
		return ce
	case RTN:
		return fl
	case RTZ:
		if r.Sign() < 0 {
			return ce
		}
		return fl
	}
	switch frac.Cmp(half) {
	case -1:
		return fl
	case 1:
		return ce
	}
	if rm == RNA {
		if r.Sign() < 0 {
			return fl
		}
		return ce
	}
	if fl.Bit(0) == 0 {
		return fl
	}
	return ce
}

func RoundToIntegral(rm RoundingMode, x Value) Value {
	f := x.Format()
	a := refDecode(f, x.Bits())
	if a.kind != refFinite {
		return fp.FromBits(f, x.Bits())
	}
	n := refRoundInt(rm, a.rat())
	if n.Sign() == 0 {
		return fp.Zero(f, a.neg)
	}
	return RoundRat(f, rm, new(big.Rat).SetInt(n))
}

func Rem(x, y Value) Value {
	f := x.Format()
	a, b := refDecode(f, x.Bits()), refDecode(f, y.Bits())
	switch {
	case a.kind != refFinite || b.kind == refNaN || b.isZero():
		return refNaNOf(f)
	case b.kind == refInf:
		return fp.FromBits(f, x.Bits())
	}
	q := new(big.Rat).Quo(a.rat(), b.rat())
	n := refRoundInt(RNE, q)
	r := new(big.Rat).Sub(a.rat(), new(big.Rat).Mul(b.rat(), new(big.Rat).SetInt(n)))
	if r.Sign() == 0 {
		return fp.Zero(f, a.neg)
	}
	return RoundRat(f, RNE, r)
}

// Cmp orders two values: ok false when either is NaN.
func Cmp(x, y Value) (int, bool) {
	f := x.Format()
	a, b := refDecode(f, x.Bits()), refDecode(f, y.Bits())
	if a.kind == refNaN || b.kind == refNaN {
		return 0, false
	}
	key := func(v refVal) (int, *big.Rat) { // infinities as ±1 at a higher level
		if v.kind == refInf {
			if v.neg {
				return -1, nil
			}
			return 1, nil
		}
		return 0, v.rat()
	}
	ka, ra := key(a)
	kb, rb := key(b)
	if ka != kb || ka != 0 {
		switch {
		case ka < kb:
			return -1, true
		case ka > kb:
			return 1, true
		}
		return 0, true
	}
	return ra.Cmp(rb), true
}

// MinMax: ok false for zeros of opposite sign.
func MinMax(x, y Value, isMax bool) (Value, bool) {
	f := x.Format()
	a, b := refDecode(f, x.Bits()), refDecode(f, y.Bits())
	switch {
	case a.kind == refNaN:
		return fp.FromBits(f, y.Bits()), true
	case b.kind == refNaN:
		return fp.FromBits(f, x.Bits()), true
	case a.isZero() && b.isZero() && a.neg != b.neg:
		return Value{}, false
	}
	c, _ := Cmp(x, y)
	if (c < 0) != isMax {
		return fp.FromBits(f, x.Bits()), true
	}
	if c == 0 {
		return fp.FromBits(f, x.Bits()), true
	}
	return fp.FromBits(f, y.Bits()), true
}

// ToInt: the integer and whether it lies in [lo, hi].
func ToInt(rm RoundingMode, x Value, lo, hi *big.Int) (*big.Int, bool) {
	a := refDecode(x.Format(), x.Bits())
	if a.kind != refFinite {
		return nil, false
	}
	n := refRoundInt(rm, a.rat())
	return n, n.Cmp(lo) >= 0 && n.Cmp(hi) <= 0
}

func Convert(f Format, rm RoundingMode, x Value) Value {
	a := refDecode(x.Format(), x.Bits())
	switch {
	case a.kind == refNaN:
		return refNaNOf(f)
	case a.kind == refInf:
		return refInfOf(f, a.neg)
	case a.isZero():
		return fp.Zero(f, a.neg)
	}
	return RoundRat(f, rm, a.rat())
}

func FromInt(f Format, rm RoundingMode, n *big.Int) Value {
	if n.Sign() == 0 {
		return fp.Zero(f, false)
	}
	return RoundRat(f, rm, new(big.Rat).SetInt(n))
}

// Neg flips the sign of a value that is not NaN.
func Neg(x Value) Value {
	f := x.Format()
	if refDecode(f, x.Bits()).kind == refNaN {
		return fp.NaN(f)
	}
	b := x.Bits().Big()
	b.SetBit(b, int(f.EB+f.SB-1), 1-b.Bit(int(f.EB+f.SB-1)))
	return fp.FromBits(f, bv.FromBig(f.EB+f.SB, b))
}

// Sub is x + (-y).
func Sub(rm RoundingMode, x, y Value) Value { return Add(rm, x, Neg(y)) }

// RoundRatOrZero is RoundRat with 0 read as +0 (to_fp of a real).
func RoundRatOrZero(f Format, rm RoundingMode, r *big.Rat) Value {
	if r.Sign() == 0 {
		return fp.Zero(f, false)
	}
	return RoundRat(f, rm, r)
}
