package fp_test

import (
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/sift-solver/sift/bv"
	. "github.com/sift-solver/sift/fp"
)

// The Float32 and Float64 operations against Go's hardware results (IEEE
// 754 binary32/binary64 under roundNearestTiesToEven; amd64 fuses no
// multiply-add). SIFT_FP_N sets the number of cases per operation (default
// 20000; a long run takes millions).

func hardwareCases() int {
	if s := os.Getenv("SIFT_FP_N"); s != "" {
		if n, err := strconv.Atoi(s); err == nil {
			return n
		}
	}
	return 20000
}

// randBits64 draws float64 patterns that reach every class: specials,
// subnormals, neighbours of powers of two and of each other, and uniform
// bits.
func randBits64(r *rand.Rand) uint64 {
	switch r.IntN(8) {
	case 0:
		specials := []uint64{0, 1 << 63, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000,
			1, 0x000fffffffffffff, 0x0010000000000000, 0x7fefffffffffffff, 0x3ff0000000000000}
		return specials[r.IntN(len(specials))] ^ uint64(r.IntN(2))<<63
	case 1: // subnormal
		return r.Uint64()&0x800fffffffffffff | uint64(r.IntN(2))
	case 2: // few significand bits: exact or tie-prone
		return r.Uint64()&0xfff0000000000000 | r.Uint64()&0x000f000000000000
	case 3: // exponents near the middle: additions that cancel
		return uint64(r.IntN(2))<<63 | uint64(1023-8+r.IntN(16))<<52 | r.Uint64()&0x000fffffffffffff
	}
	return r.Uint64()
}

func randBits32(r *rand.Rand) uint32 {
	switch r.IntN(8) {
	case 0:
		specials := []uint32{0, 1 << 31, 0x7f800000, 0xff800000, 0x7fc00000, 1, 0x007fffff, 0x00800000, 0x7f7fffff, 0x3f800000}
		return specials[r.IntN(len(specials))] ^ uint32(r.IntN(2))<<31
	case 1:
		return r.Uint32()&0x807fffff | uint32(r.IntN(2))
	case 2:
		return r.Uint32()&0xfff00000 | r.Uint32()&0x000f0000
	case 3:
		return uint32(r.IntN(2))<<31 | uint32(127-6+r.IntN(12))<<23 | r.Uint32()&0x007fffff
	}
	return r.Uint32()
}

func of64(x float64) Value { return FromBits(Float64, bv.New(64, math.Float64bits(x))) }
func of32(x float32) Value { return FromBits(Float32, bv.New(32, uint64(math.Float32bits(x)))) }

func TestFloat64AgainstHardware(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 64))
	n := hardwareCases()
	checks := []struct {
		name string
		got  func(a, b, c Value) Value
		want func(a, b, c float64) float64
	}{
		{"add", func(a, b, _ Value) Value { return Add(RNE, a, b) }, func(a, b, _ float64) float64 { return a + b }},
		{"sub", func(a, b, _ Value) Value { return Sub(RNE, a, b) }, func(a, b, _ float64) float64 { return a - b }},
		{"mul", func(a, b, _ Value) Value { return Mul(RNE, a, b) }, func(a, b, _ float64) float64 { return a * b }},
		{"div", func(a, b, _ Value) Value { return Div(RNE, a, b) }, func(a, b, _ float64) float64 { return a / b }},
		{"fma", func(a, b, c Value) Value { return Fma(RNE, a, b, c) }, math.FMA},
		{"sqrt", func(a, _, _ Value) Value { return Sqrt(RNE, a) }, func(a, _, _ float64) float64 { return math.Sqrt(a) }},
		{"rem", func(a, b, _ Value) Value { return Rem(a, b) }, func(a, b, _ float64) float64 { return math.Remainder(a, b) }},
		{"rti-RNE", func(a, _, _ Value) Value { return RoundToIntegral(RNE, a) }, func(a, _, _ float64) float64 { return math.RoundToEven(a) }},
		{"rti-RNA", func(a, _, _ Value) Value { return RoundToIntegral(RNA, a) }, func(a, _, _ float64) float64 { return math.Round(a) }},
		{"rti-RTP", func(a, _, _ Value) Value { return RoundToIntegral(RTP, a) }, func(a, _, _ float64) float64 { return math.Ceil(a) }},
		{"rti-RTN", func(a, _, _ Value) Value { return RoundToIntegral(RTN, a) }, func(a, _, _ float64) float64 { return math.Floor(a) }},
		{"rti-RTZ", func(a, _, _ Value) Value { return RoundToIntegral(RTZ, a) }, func(a, _, _ float64) float64 { return math.Trunc(a) }},
		{"to32", func(a, _, _ Value) Value { return Convert(Float64, RNE, Convert(Float32, RNE, a)) },
			func(a, _, _ float64) float64 { return float64(float32(a)) }},
	}
	for _, c := range checks {
		bad := 0
		for i := 0; i < n && bad < 5; i++ {
			a, b, z := math.Float64frombits(randBits64(r)), math.Float64frombits(randBits64(r)), math.Float64frombits(randBits64(r))
			got, want := c.got(of64(a), of64(b), of64(z)), of64(c.want(a, b, z))
			if !got.Equal(want) {
				bad++
				t.Errorf("float64 %s(%v %v %v) = %v, hardware %v", c.name, of64(a), of64(b), of64(z), got, want)
			}
		}
	}
	for i := 0; i < n; i++ {
		a, b := math.Float64frombits(randBits64(r)), math.Float64frombits(randBits64(r))
		x, y := of64(a), of64(b)
		if Eq(x, y) != (a == b) || Lt(x, y) != (a < b) || Leq(x, y) != (a <= b) {
			t.Fatalf("float64 compare %v %v: eq %v lt %v leq %v", x, y, Eq(x, y), Lt(x, y), Leq(x, y))
		}
		k := int64(r.Uint64()) >> r.IntN(64)
		if got, want := FromSigned(Float64, RNE, bv.New(64, uint64(k))), of64(float64(k)); !got.Equal(want) {
			t.Fatalf("float64(%d) = %v, hardware %v", k, got, want)
		}
		u := r.Uint64() >> r.IntN(64)
		if got, want := FromUnsigned(Float64, RNE, bv.New(64, u)), of64(float64(u)); !got.Equal(want) {
			t.Fatalf("float64(uint64 %d) = %v, hardware %v", u, got, want)
		}
		if got, want := FromSigned(Float32, RNE, bv.New(64, uint64(k))), of32(float32(k)); !got.Equal(want) {
			t.Fatalf("float32(%d) = %v, hardware %v", k, got, want)
		}
		if !math.IsNaN(a) && math.Abs(a) < 9e18 {
			s, ok := ToSigned(RTZ, x, 64)
			if !ok || s.Signed().Int64() != int64(a) {
				t.Fatalf("int64(%v) = %v %v, hardware %d", x, s, ok, int64(a))
			}
		}
	}
}

func TestFloat32AgainstHardware(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 32))
	n := hardwareCases()
	checks := []struct {
		name string
		got  func(a, b, c Value) Value
		want func(a, b, c float32) float32
	}{
		{"add", func(a, b, _ Value) Value { return Add(RNE, a, b) }, func(a, b, _ float32) float32 { return a + b }},
		{"sub", func(a, b, _ Value) Value { return Sub(RNE, a, b) }, func(a, b, _ float32) float32 { return a - b }},
		{"mul", func(a, b, _ Value) Value { return Mul(RNE, a, b) }, func(a, b, _ float32) float32 { return a * b }},
		{"div", func(a, b, _ Value) Value { return Div(RNE, a, b) }, func(a, b, _ float32) float32 { return a / b }},
		// sqrt through binary64 rounds twice, harmlessly: 53 >= 2×24+2.
		// (binary32 fma has no such route; the exhaustive checks cover it.)
		{"sqrt", func(a, _, _ Value) Value { return Sqrt(RNE, a) }, func(a, _, _ float32) float32 { return float32(math.Sqrt(float64(a))) }},
		{"from64", func(a, b, _ Value) Value {
			return Convert(Float32, RNE, Mul(RNE, Convert(Float64, RNE, a), Convert(Float64, RNE, b)))
		},
			func(a, b, _ float32) float32 { return float32(float64(a) * float64(b)) }},
	}
	for _, c := range checks {
		bad := 0
		for i := 0; i < n && bad < 5; i++ {
			a, b, z := math.Float32frombits(randBits32(r)), math.Float32frombits(randBits32(r)), math.Float32frombits(randBits32(r))
			got, want := c.got(of32(a), of32(b), of32(z)), of32(c.want(a, b, z))
			if !got.Equal(want) {
				bad++
				t.Errorf("float32 %s(%v %v %v) = %v, hardware %v", c.name, of32(a), of32(b), of32(z), got, want)
			}
		}
	}
}
