package symex

import (
	"bytes"
	"context"
	"go/token"
	"go/types"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// floatKinds are the numeric types of the conversion table, with their
// values' encodings: an integer's bits (two's complement, low bits), a
// float's IEEE encoding.
var floatKinds = []types.BasicKind{types.Int8, types.Int16, types.Int32, types.Int64, types.Int,
	types.Uint8, types.Uint16, types.Uint32, types.Uint64, types.Uint, types.Uintptr, types.Float32, types.Float64}

type number interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~int | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uint | ~uintptr | ~float32 | ~float64
}

func decode[T number](u uint64) T {
	var z T
	switch any(z).(type) {
	case float32:
		return T(math.Float32frombits(uint32(u)))
	case float64:
		return T(math.Float64frombits(u))
	}
	return T(u) // integers: the low bits
}

func encode[T number](x T) uint64 {
	switch v := any(x).(type) {
	case float32:
		return uint64(math.Float32bits(v))
	case float64:
		return math.Float64bits(v)
	case int8:
		return uint64(uint8(v))
	case int16:
		return uint64(uint16(v))
	case int32:
		return uint64(uint32(v))
	}
	return uint64(x)
}

// hwConvert is T(x) for x of type F, compiled: the hardware's answer.
func hwConvert[F, T number](u uint64) uint64 { return encode(T(decode[F](u))) }

func convertFrom[F number](to types.BasicKind) func(uint64) uint64 {
	switch to {
	case types.Int8:
		return hwConvert[F, int8]
	case types.Int16:
		return hwConvert[F, int16]
	case types.Int32:
		return hwConvert[F, int32]
	case types.Int64:
		return hwConvert[F, int64]
	case types.Int:
		return hwConvert[F, int]
	case types.Uint8:
		return hwConvert[F, uint8]
	case types.Uint16:
		return hwConvert[F, uint16]
	case types.Uint32:
		return hwConvert[F, uint32]
	case types.Uint64:
		return hwConvert[F, uint64]
	case types.Uint:
		return hwConvert[F, uint]
	case types.Uintptr:
		return hwConvert[F, uintptr]
	case types.Float32:
		return hwConvert[F, float32]
	}
	return hwConvert[F, float64]
}

func hwConversion(from, to types.BasicKind) func(uint64) uint64 {
	switch from {
	case types.Int8:
		return convertFrom[int8](to)
	case types.Int16:
		return convertFrom[int16](to)
	case types.Int32:
		return convertFrom[int32](to)
	case types.Int64:
		return convertFrom[int64](to)
	case types.Int:
		return convertFrom[int](to)
	case types.Uint8:
		return convertFrom[uint8](to)
	case types.Uint16:
		return convertFrom[uint16](to)
	case types.Uint32:
		return convertFrom[uint32](to)
	case types.Uint64:
		return convertFrom[uint64](to)
	case types.Uint:
		return convertFrom[uint](to)
	case types.Uintptr:
		return convertFrom[uintptr](to)
	case types.Float32:
		return convertFrom[float32](to)
	}
	return convertFrom[float64](to)
}

// floatSamples are float64 values where conversions and operators change
// behaviour, and random encodings.
func floatSamples(rng *rand.Rand, n int) []float64 {
	xs := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 1.5, 2.5, -2.5, 0.1, 0.2, 3,
		math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64,
		math.MaxFloat32, math.SmallestNonzeroFloat32, 1 << 7, 1<<7 - 0.5, -(1 << 7) - 0.5, 255.9, 256, 300, -300.75,
		1 << 15, 1 << 16, 1<<31 - 1, 1 << 31, -(1 << 31), -(1 << 31) - 1, 1 << 32, 1<<32 + 0.5,
		1 << 53, 1<<53 + 2, 1 << 63, -(1 << 63), 1<<63 - 1024, 1 << 64, -(1 << 64), 1e300, -1e-300}
	for i := 0; i < n; i++ {
		switch i % 3 {
		case 0:
			xs = append(xs, math.Float64frombits(rng.Uint64()))
		case 1:
			xs = append(xs, float64(math.Float32frombits(rng.Uint32())))
		default:
			xs = append(xs, (rng.Float64()-0.5)*math.Pow(2, float64(rng.Intn(140)-10)))
		}
	}
	return xs
}

// inputOf is the encoding of sample x (a float) or sample i (an integer) as
// a value of kind k.
func inputOf(k types.BasicKind, x float64, i uint64) uint64 {
	switch k {
	case types.Float64:
		return math.Float64bits(x)
	case types.Float32:
		return uint64(math.Float32bits(float32(x)))
	}
	return i
}

// constOf is the constant of basic type b encoded by u.
func constOf(st *term.Store, b *types.Basic, u uint64) term.Term {
	if f, ok := floatFormat(b); ok {
		return floatFromBits(st, f, u)
	}
	w := map[types.BasicKind]uint32{types.Int8: 8, types.Uint8: 8, types.Int16: 16, types.Uint16: 16, types.Int32: 32, types.Uint32: 32}[b.Kind()]
	if w == 0 {
		w = 64
	}
	return st.ConstUint64(w, u&(^uint64(0)>>(64-w)))
}

// sameBits compares a folded constant with the hardware's encoding: any
// NaN matches any NaN (the theory has one).
func sameBits(st *term.Store, got term.Term, want uint64, b *types.Basic) bool {
	g, _ := st.Value(got).Uint64()
	switch b.Kind() {
	case types.Float64:
		return g == want || math.IsNaN(math.Float64frombits(g)) && math.IsNaN(math.Float64frombits(want))
	case types.Float32:
		x, y := math.Float32frombits(uint32(g)), math.Float32frombits(uint32(want))
		return g == want || x != x && y != y
	}
	return g == want
}

// TestFloatConversions checks convertScalar, folded on constants, against
// the compiled conversion for every pair of numeric types on special and
// random values: rounding to nearest even, and amd64's results out of
// range.
func TestFloatConversions(t *testing.T) {
	rng := rand.New(rand.NewSource(32))
	xs := floatSamples(rng, 1000)
	st := term.NewStore()
	for _, from := range floatKinds {
		for _, to := range floatKinds {
			hw := hwConversion(from, to)
			fb, tb := types.Typ[from], types.Typ[to]
			bad := 0
			for j, x := range xs {
				i := rng.Uint64() >> uint(rng.Intn(64))
				if j < 64 {
					i = uint64(1)<<uint(j) - uint64(j%3) // edges: powers of two and their neighbours
				}
				u := inputOf(from, x, i)
				got, err := convertScalar(st, constOf(st, fb, u), fb, tb)
				if err != nil {
					t.Fatalf("%s→%s: %v", fb, tb, err)
				}
				if !st.IsConst(got) {
					t.Fatalf("%s→%s of a constant did not fold", fb, tb)
				}
				if want := hw(u); !sameBits(st, got, want, tb) {
					if bad++; bad <= 3 {
						t.Errorf("%s(%s 0x%x) = 0x%x, hardware 0x%x", tb, fb, u, st.Value(got), want)
					}
				}
			}
		}
	}
}

// TestFloatOperators checks binop and unop on float32 and float64
// constants against the hardware.
func TestFloatOperators(t *testing.T) {
	rng := rand.New(rand.NewSource(64))
	xs := floatSamples(rng, 600)
	st := term.NewStore()
	ops := []token.Token{token.ADD, token.SUB, token.MUL, token.QUO, token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ}
	hw64 := func(op token.Token, x, y float64) (uint64, bool) {
		switch op {
		case token.ADD:
			return math.Float64bits(x + y), false
		case token.SUB:
			return math.Float64bits(x - y), false
		case token.MUL:
			return math.Float64bits(x * y), false
		case token.QUO:
			return math.Float64bits(x / y), false
		}
		return 0, hwCompare(op, x, y)
	}
	hw32 := func(op token.Token, x, y float32) (uint64, bool) {
		switch op {
		case token.ADD:
			return uint64(math.Float32bits(x + y)), false
		case token.SUB:
			return uint64(math.Float32bits(x - y)), false
		case token.MUL:
			return uint64(math.Float32bits(x * y)), false
		case token.QUO:
			return uint64(math.Float32bits(x / y)), false
		}
		return 0, hwCompare(op, float64(x), float64(y))
	}
	f64, f32 := types.Typ[types.Float64], types.Typ[types.Float32]
	check := func(b *types.Basic, op token.Token, ux, uy, want uint64, wantB bool) {
		got, err := binop(st, op, b, constOf(st, b, ux), constOf(st, b, uy))
		if err != nil {
			t.Fatal(err)
		}
		if op.Precedence() == token.EQL.Precedence() {
			if got != st.Bool(wantB) {
				t.Errorf("%s 0x%x %s 0x%x = %v, hardware %v", b, ux, op, uy, got == st.True(), wantB)
			}
			return
		}
		if !sameBits(st, got, want, b) {
			t.Errorf("%s 0x%x %s 0x%x = 0x%x, hardware 0x%x", b, ux, op, uy, st.Value(got), want)
		}
	}
	for n := 0; n < 20000; n++ {
		x, y := xs[rng.Intn(len(xs))], xs[rng.Intn(len(xs))]
		op := ops[n%len(ops)]
		w, wb := hw64(op, x, y)
		check(f64, op, math.Float64bits(x), math.Float64bits(y), w, wb)
		x32, y32 := float32(x), float32(y)
		w, wb = hw32(op, x32, y32)
		check(f32, op, uint64(math.Float32bits(x32)), uint64(math.Float32bits(y32)), w, wb)
	}
	for _, x := range xs {
		got, err := unop(st, token.SUB, constOf(st, f64, math.Float64bits(x)))
		if err != nil {
			t.Fatal(err)
		}
		if !sameBits(st, got, math.Float64bits(-x), f64) {
			t.Errorf("-%v = 0x%x", x, st.Value(got))
		}
	}
}

func hwCompare(op token.Token, x, y float64) bool {
	switch op {
	case token.EQL:
		return x == y
	case token.NEQ:
		return x != y
	case token.LSS:
		return x < y
	case token.LEQ:
		return x <= y
	case token.GTR:
		return x > y
	}
	return x >= y
}

// TestFloatLiteral checks that generated tests denote float inputs
// exactly: a decimal that reads back as the same bits, or the encoding.
func TestFloatLiteral(t *testing.T) {
	cases := []struct {
		kind types.BasicKind
		bits uint64
		want string
	}{
		{types.Float64, math.Float64bits(0.1), "0.1"},
		{types.Float64, math.Float64bits(2.5), "2.5"},
		{types.Float64, math.Float64bits(5e-324), "5e-324"},
		{types.Float64, 1 << 63, "math.Float64frombits(0x8000000000000000)"},
		{types.Float64, 0x7ff0000000000000, "math.Float64frombits(0x7ff0000000000000)"},
		{types.Float64, 0x7ff8000000000001, "math.Float64frombits(0x7ff8000000000001)"},
		{types.Float32, uint64(math.Float32bits(0.1)), "0.1"},
		{types.Float32, uint64(math.Float32bits(16777217)), "1.6777216e+07"},
		{types.Float32, 0xff800000, "math.Float32frombits(0xff800000)"},
	}
	for _, c := range cases {
		if got := floatLiteral(c.kind, c.bits); got != c.want {
			t.Errorf("floatLiteral(%s, 0x%x) = %s, want %s", types.Typ[c.kind], c.bits, got, c.want)
		}
	}
}

// floatCases are testdata/floats' functions and the panic each must
// reach (its comment says why; "" for none).
var floatCases = []struct {
	fn, panic string
	maxLen    int
}{
	{"ParseDecimal", "two and a half", 3},
	{"Clamp", "NaN input", 0},
	{"Ratio", "ratio is NaN", 0},
	{"RoundTrip", "lost precision", 0},
	{"Bits", "negative zero", 0},
	{"Floor32", "three", 0},
	{"Sqrt", "eleven", 0},
	{"ToUint8", "wrapped", 0},
	{"HalfBits", "", 0}, // math.Float64bits of a computed float: the path rows check the results
}

// TestFloatPanics explores testdata/floats: every run is exhausted with no
// unsupported path and finds its function's panic, and the generated
// tests reproduce every panic under go test (and every path's integer
// results).
func TestFloatPanics(t *testing.T) {
	files := map[string]string{}
	total := 0
	for _, c := range floatCases {
		p := loadTestFunc(t, "testdata/floats", "Clamp", c.fn)
		_, res := explore(t, p, Options{MaxLen: c.maxLen}, nil)
		if !res.Stats.Exhausted() || res.Stats.Unsupported > 0 {
			t.Errorf("%s: not exhausted, or unsupported paths: %+v", c.fn, res.Stats)
			for _, path := range res.Paths {
				if path.Kind == "unsupported" {
					t.Logf("%s: %s", c.fn, path.Message)
				}
			}
		}
		found := c.panic == ""
		for _, pn := range res.Panics {
			found = found || pn.Message == c.panic
		}
		if !found {
			t.Errorf("%s: panic %q not found: %+v", c.fn, c.panic, res.Panics)
		}
		total += len(res.Panics)
		files["symex_"+c.fn+"_test.go"] = res.TestFile(true)
	}
	rows, paths := runGeneratedTestsIn(t, "testdata/floats", files)
	if rows != total {
		t.Errorf("%d panic rows passed, want %d", rows, total)
	}
	if paths == 0 {
		t.Errorf("no path rows passed")
	}
}

// TestFloatsConcrete runs with --floats=concrete: floats take their model's
// values, no query holds a floating-point operation (only float inputs
// equal to constants), no path ends on a float, and the run does not claim
// to be exhausted.
func TestFloatsConcrete(t *testing.T) {
	for _, fn := range []string{"ParseDecimal", "Clamp", "Floor32", "ToUint8"} {
		dir := t.TempDir()
		p := loadTestFunc(t, "testdata/floats", "Clamp", fn)
		_, res := explore(t, p, Options{MaxLen: 3, ConcreteFloats: true, EmitSMT2: dir}, nil)
		if res.Stats.Concretized == 0 || res.Stats.Exhausted() || res.Stats.Unsupported > 0 || res.Stats.Paths == 0 {
			t.Errorf("%s: %+v", fn, res.Stats)
		}
		queries, _ := filepath.Glob(filepath.Join(dir, "*.smt2"))
		if len(queries) == 0 {
			t.Errorf("%s: %d queries", fn, len(queries))
		}
		for _, q := range queries {
			b, err := os.ReadFile(q)
			if err != nil {
				t.Fatal(err)
			}
			if q := string(b); strings.Contains(q, "fp.") || strings.Contains(q, "to_fp") {
				t.Errorf("%s: query %s holds a float", fn, filepath.Base(q))
			}
		}
	}
}

// TestFloatEmitSMT2 answers every query that explorations of float
// functions write (--emit-smt2) with sift and with z3: the files are valid
// SMT-LIB (the fresh words of math.Float64bits included), sift decides
// each, and z3 agrees wherever it decides within 5 s (z3 4.8.12 times out
// on some of these, docs/bench/fp).
func TestFloatEmitSMT2(t *testing.T) {
	z3, err := exec.LookPath("z3")
	if err != nil {
		t.Skip("z3 is not on PATH")
	}
	decided := 0
	for _, fn := range []string{"HalfBits", "Floor32", "ToUint8"} {
		dir := t.TempDir()
		_, res := explore(t, loadTestFunc(t, "testdata/floats", "Clamp", fn), Options{EmitSMT2: dir}, nil)
		files, _ := filepath.Glob(filepath.Join(dir, "*.smt2"))
		if len(files) != res.Stats.Queries || len(files) == 0 {
			t.Fatalf("%s: %d files for %d queries", fn, len(files), res.Stats.Queries)
		}
		for _, f := range files {
			text, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			in := smtlib.NewInterpreter(smtlib.Config{NewSolver: func(st *term.Store) smtlib.Solver {
				return engine.NewSession(st, engine.Options{})
			}}, &out)
			if err := in.Run(context.Background(), bytes.NewReader(text)); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			got := strings.TrimSpace(out.String())
			zout, _ := exec.Command(z3, "-T:5", f).CombinedOutput()
			lines := strings.Fields(string(zout))
			want := lines[len(lines)-1] // after z3's note on the logic
			switch {
			case got != "sat" && got != "unsat":
				t.Errorf("%s %s: sift %q", fn, filepath.Base(f), got)
			case want == "sat" || want == "unsat":
				decided++
				if got != want {
					t.Errorf("%s %s: sift %s, z3 %s", fn, filepath.Base(f), got, want)
				}
			}
		}
	}
	if decided == 0 {
		t.Errorf("z3 decided none of the queries")
	}
}
