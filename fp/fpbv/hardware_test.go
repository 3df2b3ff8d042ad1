package fpbv

import (
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/fp"
	"github.com/sift-solver/sift/term"
)

// The Float32 and Float64 circuits, evaluated by term.Eval (their words
// pass 64 bits), against Go's hardware results under
// roundNearestTiesToEven. SIFT_FP_N sets the cases per operation (default
// 150; a long run takes as many as patience allows).

func hardwareCases() int {
	if s := os.Getenv("SIFT_FP_N"); s != "" {
		if n, err := strconv.Atoi(s); err == nil {
			return n
		}
	}
	return 150
}

// interesting draws patterns of every class (see package fp's tests).
func interesting(r *rand.Rand, f fp.Format) uint64 {
	w := f.Width()
	sign := uint64(r.IntN(2)) << (w - 1)
	frac := r.Uint64() & (1<<(f.SB-1) - 1)
	expOnes := uint64(1)<<f.EB - 1
	switch r.IntN(8) {
	case 0: // special
		return sign | []uint64{0, expOnes << (f.SB - 1), expOnes<<(f.SB-1) | 1, 1, (expOnes - 1) << (f.SB - 1)}[r.IntN(5)]
	case 1: // subnormal
		return sign | frac
	case 2: // near 1
		return sign | uint64(f.Bias()-4+r.IntN(8))<<(f.SB-1) | frac
	case 3: // short significand
		return sign | uint64(r.IntN(int(expOnes)))<<(f.SB-1) | frac&(0xf<<(f.SB-5))
	}
	return r.Uint64() & (1<<w - 1)
}

type hwCase struct {
	name  string
	op    term.Op
	rm    fp.RoundingMode
	nargs int
	f64   func(x []float64) float64
	f32   func(x []float32) float32
}

var hwCases = []hwCase{
	{"add", term.OpFPAdd, fp.RNE, 2, func(x []float64) float64 { return x[0] + x[1] }, func(x []float32) float32 { return x[0] + x[1] }},
	{"sub", term.OpFPSub, fp.RNE, 2, func(x []float64) float64 { return x[0] - x[1] }, func(x []float32) float32 { return x[0] - x[1] }},
	{"mul", term.OpFPMul, fp.RNE, 2, func(x []float64) float64 { return x[0] * x[1] }, func(x []float32) float32 { return x[0] * x[1] }},
	{"div", term.OpFPDiv, fp.RNE, 2, func(x []float64) float64 { return x[0] / x[1] }, func(x []float32) float32 { return x[0] / x[1] }},
	{"fma", term.OpFPFma, fp.RNE, 3, func(x []float64) float64 { return math.FMA(x[0], x[1], x[2]) }, nil},
	{"sqrt", term.OpFPSqrt, fp.RNE, 1, func(x []float64) float64 { return math.Sqrt(x[0]) },
		func(x []float32) float32 { return float32(math.Sqrt(float64(x[0]))) }},
	{"rem", term.OpFPRem, fp.RNE, 2, func(x []float64) float64 { return math.Remainder(x[0], x[1]) },
		func(x []float32) float32 { return float32(math.Remainder(float64(x[0]), float64(x[1]))) }},
	{"floor", term.OpFPRoundToIntegral, fp.RTN, 1, func(x []float64) float64 { return math.Floor(x[0]) },
		func(x []float32) float32 { return float32(math.Floor(float64(x[0]))) }},
	{"round", term.OpFPRoundToIntegral, fp.RNA, 1, func(x []float64) float64 { return math.Round(x[0]) },
		func(x []float32) float32 { return float32(math.Round(float64(x[0]))) }},
}

func TestCircuitsAgainstHardware(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	n := hardwareCases()
	for _, f := range []fp.Format{fp.Float32, fp.Float64} {
		st := term.NewStore()
		s := st.FloatSort(f)
		xs := []term.Term{st.Var("x", s), st.Var("y", s), st.Var("z", s)}
		for _, c := range hwCases {
			if f == fp.Float32 && c.f32 == nil {
				continue
			}
			cases := n
			if c.op == term.OpFPRem && f == fp.Float64 {
				cases = max(1, n/20) // 2098 division steps per evaluation
			}
			args := xs[:c.nargs]
			if c.op != term.OpFPRem {
				args = append([]term.Term{st.RoundingModeConst(c.rm)}, args...)
			}
			orig := st.MustMake(c.op, nil, args...)
			l := New(st)
			low, err := l.Lower(orig)
			if err != nil {
				t.Fatal(err)
			}
			ev := term.NewEvaluator(st, term.NewModel())
			for i := 0; i < cases; i++ {
				m := term.NewModel()
				pats := make([]uint64, c.nargs)
				for k := range pats {
					pats[k] = interesting(r, f)
					m.Set(l.Symbol(xs[k]), st.BVValue(bv.New(f.Width(), pats[k])))
				}
				var want uint64
				if f == fp.Float64 {
					fs := make([]float64, c.nargs)
					for k, p := range pats {
						fs[k] = math.Float64frombits(p)
					}
					want = math.Float64bits(c.f64(fs))
				} else {
					fs := make([]float32, c.nargs)
					for k, p := range pats {
						fs[k] = math.Float32frombits(uint32(p))
					}
					want = uint64(math.Float32bits(c.f32(fs)))
				}
				want = bitsOf(value(f, want)) // canonical NaN
				ev.Reset(m)
				got, err := ev.Eval(low)
				if err != nil {
					t.Fatal(err)
				}
				if g, _ := got.BV.Uint64(); g != want {
					t.Fatalf("%s %s %x = %x, hardware %x", f, c.name, pats, g, want)
				}
			}
		}
	}
}

// TestLanesAgreeWithEval checks the lane evaluator of the exhaustive tests
// against term.Eval on the circuits of every operator, at random inputs.
func TestLanesAgreeWithEval(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	f := fp.Format{EB: 3, SB: 4}
	for _, a := range ariths {
		st := term.NewStore()
		s := st.FloatSort(f)
		vars := []term.Term{st.Var("x", s), st.Var("y", s), st.Var("z", s)}[:a.nargs]
		operands := vars
		if a.rm {
			operands = append([]term.Term{st.Var("r", st.RoundingModeSort())}, vars...)
		}
		c, _, _, _ := lowerCircuit(t, st, st.MustMake(a.op, nil, operands...), operands)
		var rows [][]uint64
		for i := 0; i < 200; i++ {
			row := make([]uint64, len(operands))
			for k := range row {
				row[k] = r.Uint64() & mask(f.Width())
			}
			if a.rm {
				row[0] = uint64(r.IntN(8)) // rounding-mode words 5..7 too
			}
			rows = append(rows, row)
		}
		got := c.eval(t, nil, rows)
		for i, row := range rows {
			m := term.NewModel()
			for k, x := range c.inputs {
				w := st.Width(st.SortOf(x))
				m.Set(x, st.BVValue(bv.New(w, row[k])))
			}
			v, err := st.Eval(c.out, m)
			if err != nil {
				t.Fatal(err)
			}
			if e, _ := v.BV.Uint64(); e != got[i] {
				t.Fatalf("%s on %x: lanes %x, term.Eval %x", a.op, row, got[i], e)
			}
		}
	}
}
