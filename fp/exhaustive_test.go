package fp_test

import (
	"math/big"
	"os"
	"testing"

	"github.com/sift-solver/sift/bv"
	. "github.com/sift-solver/sift/fp"
	ref "github.com/sift-solver/sift/internal/fpref"
)

// tinyFormats are the formats checked exhaustively: every value, every pair
// and every rounding mode.
var tinyFormats = []Format{{2, 2}, {2, 3}, {2, 4}, {3, 2}, {3, 3}, {3, 4}}

// allValues lists every encoding of f as a value (NaN patterns included,
// so that FromBits's canonicalisation is exercised).
func allValues(f Format) []Value {
	n := uint64(1) << f.Width()
	out := make([]Value, 0, n)
	for p := uint64(0); p < n; p++ {
		out = append(out, FromBits(f, bv.New(f.Width(), p)))
	}
	return out
}

// longRun reports whether SIFT_FP_LONG asks for the long versions of the
// exhaustive and random checks.
func longRun() bool { return os.Getenv("SIFT_FP_LONG") != "" }

var rms = []RoundingMode{RNE, RNA, RTP, RTN, RTZ}

func sameValue(a, b Value) bool { return a.Equal(b) }

func TestExhaustiveBinary(t *testing.T) {
	t.Parallel()
	ops := []struct {
		name string
		got  func(RoundingMode, Value, Value) Value
		want func(RoundingMode, Value, Value) Value
	}{
		{"fp.add", Add, ref.Add},
		{"fp.sub", Sub, ref.Sub},
		{"fp.mul", Mul, ref.Mul},
		{"fp.div", Div, ref.Div},
		{"fp.rem", func(_ RoundingMode, x, y Value) Value { return Rem(x, y) },
			func(_ RoundingMode, x, y Value) Value { return ref.Rem(x, y) }},
	}
	for _, f := range tinyFormats {
		vals := allValues(f)
		for _, op := range ops {
			bad := 0
			for _, rm := range rms {
				for _, x := range vals {
					for _, y := range vals {
						got, want := op.got(rm, x, y), op.want(rm, x, y)
						if !sameValue(got, want) && bad < 5 {
							bad++
							t.Errorf("%s %s %s %v %v = %v, want %v", f, op.name, rm, x, y, got, want)
						}
					}
				}
				if op.name == "fp.rem" {
					break // no rounding mode
				}
			}
		}
	}
}

func TestExhaustiveUnary(t *testing.T) {
	for _, f := range tinyFormats {
		for _, rm := range rms {
			for _, x := range allValues(f) {
				if got, want := Sqrt(rm, x), ref.Sqrt(rm, x); !sameValue(got, want) {
					t.Errorf("%s fp.sqrt %s %v = %v, want %v", f, rm, x, got, want)
				}
				if got, want := RoundToIntegral(rm, x), ref.RoundToIntegral(rm, x); !sameValue(got, want) {
					t.Errorf("%s fp.roundToIntegral %s %v = %v, want %v", f, rm, x, got, want)
				}
			}
		}
	}
}

// TestExhaustiveFma runs every triple of the formats of at most 5 bits;
// SIFT_FP_LONG=1 runs all tiny formats (minutes).
func TestExhaustiveFma(t *testing.T) {
	t.Parallel()
	for _, f := range tinyFormats {
		if f.Width() > 5 && !longRun() {
			continue
		}
		vals := allValues(f)
		bad := 0
		for _, rm := range rms {
			for _, x := range vals {
				for _, y := range vals {
					for _, z := range vals {
						got, want := Fma(rm, x, y, z), ref.Fma(rm, x, y, z)
						if !sameValue(got, want) && bad < 5 {
							bad++
							t.Errorf("%s fp.fma %s %v %v %v = %v, want %v", f, rm, x, y, z, got, want)
						}
					}
				}
			}
		}
	}
}

func TestExhaustiveCompare(t *testing.T) {
	for _, f := range tinyFormats {
		vals := allValues(f)
		for _, x := range vals {
			for _, y := range vals {
				c, ok := ref.Cmp(x, y)
				if Eq(x, y) != (ok && c == 0) || Lt(x, y) != (ok && c < 0) || Leq(x, y) != (ok && c <= 0) {
					t.Errorf("%s compare %v %v: eq %v lt %v leq %v, reference %d %v", f, x, y, Eq(x, y), Lt(x, y), Leq(x, y), c, ok)
				}
				for _, isMax := range []bool{false, true} {
					got, gok := Min(x, y)
					if isMax {
						got, gok = Max(x, y)
					}
					want, wok := ref.MinMax(x, y, isMax)
					if gok != wok || gok && !sameValue(got, want) {
						t.Errorf("%s min/max(%v) %v %v = %v %v, want %v %v", f, isMax, x, y, got, gok, want, wok)
					}
				}
			}
		}
	}
}

func TestExhaustiveConversions(t *testing.T) {
	for _, f := range tinyFormats {
		for _, g := range tinyFormats {
			for _, rm := range rms {
				for _, x := range allValues(g) {
					if got, want := Convert(f, rm, x), ref.Convert(f, rm, x); !sameValue(got, want) {
						t.Errorf("%s from %s %s %v = %v, want %v", f, g, rm, x, got, want)
					}
				}
			}
		}
		for _, rm := range rms {
			for m := uint32(1); m <= 6; m++ {
				for p := uint64(0); p < 1<<m; p++ {
					b := bv.New(m, p)
					if got, want := FromSigned(f, rm, b), ref.FromInt(f, rm, b.Signed()); !sameValue(got, want) {
						t.Errorf("%s from signed %s %v = %v, want %v", f, rm, b, got, want)
					}
					if got, want := FromUnsigned(f, rm, b), ref.FromInt(f, rm, b.Big()); !sameValue(got, want) {
						t.Errorf("%s from unsigned %s %v = %v, want %v", f, rm, b, got, want)
					}
				}
				for _, x := range allValues(f) {
					checkToInt(t, rm, x, m)
				}
			}
		}
	}
}

func checkToInt(t *testing.T, rm RoundingMode, x Value, m uint32) {
	t.Helper()
	one := big.NewInt(1)
	umax := new(big.Int).Sub(new(big.Int).Lsh(one, uint(m)), one)
	smin := new(big.Int).Neg(new(big.Int).Lsh(one, uint(m-1)))
	smax := new(big.Int).Sub(new(big.Int).Lsh(one, uint(m-1)), one)
	u, uok := ToUnsigned(rm, x, m)
	n, wok := ref.ToInt(rm, x, new(big.Int), umax)
	if uok != wok || uok && u.Big().Cmp(n) != 0 {
		t.Errorf("%s fp.to_ubv %d %s %v = %v %v, want %v %v", x.Format(), m, rm, x, u, uok, n, wok)
	}
	s, sok := ToSigned(rm, x, m)
	n, wok = ref.ToInt(rm, x, smin, smax)
	if sok != wok || sok && s.Signed().Cmp(n) != 0 {
		t.Errorf("%s fp.to_sbv %d %s %v = %v %v, want %v %v", x.Format(), m, rm, x, s, sok, n, wok)
	}
}

func TestFromRatAgainstReference(t *testing.T) {
	for _, f := range tinyFormats {
		for _, rm := range rms {
			for num := int64(-40); num <= 40; num++ {
				for den := int64(1); den <= 17; den++ {
					r := big.NewRat(num, den)
					if got, want := FromRat(f, rm, r), ref.RoundRatOrZero(f, rm, r); !sameValue(got, want) {
						t.Errorf("%s to_fp %s %v = %v, want %v", f, rm, r, got, want)
					}
				}
			}
		}
	}
}
