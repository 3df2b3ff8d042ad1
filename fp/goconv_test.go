package fp_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sift-solver/sift/bv"
	. "github.com/sift-solver/sift/fp"
)

// The conversions as compiled here; noinline keeps them from folding.

//go:noinline
func goInts64(f float64) [8]uint64 {
	return [8]uint64{uint64(int64(f)), uint64(uint32(int32(f))), uint64(uint16(int16(f))), uint64(uint8(int8(f))),
		uint64(f), uint64(uint32(f)), uint64(uint16(f)), uint64(uint8(f))}
}

//go:noinline
func goInts32(f float32) [8]uint64 {
	return [8]uint64{uint64(int64(f)), uint64(uint32(int32(f))), uint64(uint16(int16(f))), uint64(uint8(int8(f))),
		uint64(f), uint64(uint32(f)), uint64(uint16(f)), uint64(uint8(f))}
}

var goIntTypes = [8]struct {
	w      uint32
	signed bool
}{{64, true}, {32, true}, {16, true}, {8, true}, {64, false}, {32, false}, {16, false}, {8, false}}

func TestGoToIntAgainstCompiledConversions(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	edges := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), -0.5, 0.99, -1, 127.9, 128, -128.5, -129,
		255.5, 256, 32767.9, 32768, -32769, 65535.5, 65536, 2147483647.5, 2147483648, -2147483648.9, -2147483649,
		4294967295.5, 4294967296, 9223372036854775807, 9223372036854774784, -9223372036854775808, -9223372036854777856,
		18446744073709549568, 18446744073709551616, 1e300, -1e300}
	check := func(x Value, got [8]uint64) {
		for k, ty := range goIntTypes {
			want := bv.New(ty.w, got[k])
			if v := GoToInt(x, ty.w, ty.signed); !v.Equal(want) {
				t.Fatalf("%v to %d-bit (signed %v) = %v, compiled Go gives %v", x, ty.w, ty.signed, v, want)
			}
		}
	}
	for i := 0; i < 200000; i++ {
		var f float64
		switch {
		case i < len(edges):
			f = edges[i]
		case i%3 == 0:
			f = math.Float64frombits(r.Uint64())
		default: // magnitudes around the integer ranges
			f = math.Ldexp(r.Float64()*2-1, r.IntN(70))
		}
		check(FromBits(Float64, bv.New(64, math.Float64bits(f))), goInts64(f))
		g := float32(f)
		if i%3 == 0 {
			g = math.Float32frombits(r.Uint32())
		}
		check(FromBits(Float32, bv.New(32, uint64(math.Float32bits(g)))), goInts32(g))
	}
}

func TestTruncationBounds(t *testing.T) {
	for _, f := range []Format{Float16, Float32, Float64, {EB: 3, SB: 3}} {
		for _, n := range []uint32{8, 32, 64} {
			lo, hi := TruncationBounds(f, n)
			for _, v := range []Value{lo, hi} {
				if _, ok := ToSigned(RTZ, v, n); !ok {
					t.Errorf("%s %d: bound %v does not convert", f, n, v)
				}
			}
			below, above := Sub(RTN, lo, MinPositive(f)), Add(RTP, hi, MinPositive(f))
			if _, ok := ToSigned(RTZ, below, n); ok && !below.Equal(lo) {
				t.Errorf("%s %d: %v below the lower bound converts", f, n, below)
			}
			if _, ok := ToSigned(RTZ, above, n); ok && !above.Equal(hi) {
				t.Errorf("%s %d: %v above the upper bound converts", f, n, above)
			}
		}
	}
}
