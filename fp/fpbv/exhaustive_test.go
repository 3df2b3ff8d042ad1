package fpbv

import (
	"fmt"
	"math/big"
	"os"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/fp"
	ref "github.com/sift-solver/sift/internal/fpref"
	"github.com/sift-solver/sift/term"
)

// The lowered circuits of every operator, evaluated on every input of tiny
// formats (every encoding of every operand, NaN patterns included, every
// rounding mode), against the rational reference of internal/fpref.

var tinyFormats = []fp.Format{{EB: 2, SB: 2}, {EB: 2, SB: 3}, {EB: 2, SB: 4}, {EB: 3, SB: 2}, {EB: 3, SB: 3}, {EB: 3, SB: 4}}

func longRun() bool { return os.Getenv("SIFT_FP_LONG") != "" }

// circuit is a lowered term ready to evaluate: its inputs are the twins
// of the original operands, and the choice points of unspecified results
// are replaced by input variables too.
type circuit struct {
	st     *term.Store
	out    term.Term
	inputs []term.Term
}

// lowerCircuit lowers orig; operands are its floating-point and
// rounding-mode variables, in the order inputs are given. Applications of
// choice functions become the variable open (of their sort) and the
// min/max choices the variables first (+0,-0) and second (-0,+0).
func lowerCircuit(t *testing.T, st *term.Store, orig term.Term, operands []term.Term) (c circuit, open, pn, np term.Term) {
	t.Helper()
	l := New(st)
	out, err := l.Lower(orig)
	if err != nil {
		t.Fatal(err)
	}
	c = circuit{st: st}
	for _, x := range operands {
		if st.Features(x).Has(term.FeatFloat) {
			x = l.Symbol(x)
		}
		c.inputs = append(c.inputs, x)
	}
	sub := map[term.Term]term.Term{}
	st.PostOrder([]term.Term{out}, func(u term.Term) {
		if st.Op(u) == term.OpApply {
			open = st.Var("open", st.SortOf(u))
			sub[u] = open
		}
	})
	for _, ch := range l.minMax {
		pn, np = ch[0], ch[1]
	}
	c.out = st.Substitute(out, sub)
	return c, open, pn, np
}

const chunk = 4096

// eval runs the circuit on the input rows (one value per input each, and
// the extra variables' values appended) and returns the outputs.
func (c circuit) eval(t *testing.T, extra []term.Term, rows [][]uint64) []uint64 {
	t.Helper()
	inputs := append(append([]term.Term(nil), c.inputs...), extra...)
	out := make([]uint64, 0, len(rows))
	for start := 0; start < len(rows); start += chunk {
		end := min(start+chunk, len(rows))
		ln, err := newLanes(c.st, []term.Term{c.out}, end-start)
		if err != nil {
			t.Fatal(err)
		}
		vars := map[term.Term][]uint64{}
		for k, x := range inputs {
			if x == term.NoTerm {
				continue
			}
			col := make([]uint64, end-start)
			for j := range col {
				col[j] = rows[start+j][k]
			}
			vars[x] = col
		}
		if err := ln.run(vars); err != nil {
			t.Fatal(err)
		}
		out = append(out, ln.col(c.out)...)
	}
	return out
}

func patterns(f fp.Format) []uint64 {
	p := make([]uint64, 1<<f.Width())
	for i := range p {
		p[i] = uint64(i)
	}
	return p
}

func value(f fp.Format, p uint64) fp.Value { return fp.FromBits(f, bv.New(f.Width(), p)) }

func bitsOf(v fp.Value) uint64 { x, _ := v.Bits().Uint64(); return x }

var rms = []fp.RoundingMode{fp.RNE, fp.RNA, fp.RTP, fp.RTN, fp.RTZ}

// arith is an operator whose result is a float of the operands' format.
type arith struct {
	op    term.Op
	rm    bool
	nargs int
	ref   func(rm fp.RoundingMode, x []fp.Value) fp.Value
}

var ariths = []arith{
	{term.OpFPAdd, true, 2, func(rm fp.RoundingMode, x []fp.Value) fp.Value { return ref.Add(rm, x[0], x[1]) }},
	{term.OpFPSub, true, 2, func(rm fp.RoundingMode, x []fp.Value) fp.Value { return ref.Sub(rm, x[0], x[1]) }},
	{term.OpFPMul, true, 2, func(rm fp.RoundingMode, x []fp.Value) fp.Value { return ref.Mul(rm, x[0], x[1]) }},
	{term.OpFPDiv, true, 2, func(rm fp.RoundingMode, x []fp.Value) fp.Value { return ref.Div(rm, x[0], x[1]) }},
	{term.OpFPRem, false, 2, func(_ fp.RoundingMode, x []fp.Value) fp.Value { return ref.Rem(x[0], x[1]) }},
	{term.OpFPSqrt, true, 1, func(rm fp.RoundingMode, x []fp.Value) fp.Value { return ref.Sqrt(rm, x[0]) }},
	{term.OpFPRoundToIntegral, true, 1, func(rm fp.RoundingMode, x []fp.Value) fp.Value { return ref.RoundToIntegral(rm, x[0]) }},
	{term.OpFPNeg, false, 1, func(_ fp.RoundingMode, x []fp.Value) fp.Value { return ref.Neg(x[0]) }},
	{term.OpFPAbs, false, 1, func(_ fp.RoundingMode, x []fp.Value) fp.Value {
		if x[0].IsNegative() {
			return ref.Neg(x[0])
		}
		return x[0]
	}},
	{term.OpFPFma, true, 3, func(rm fp.RoundingMode, x []fp.Value) fp.Value { return ref.Fma(rm, x[0], x[1], x[2]) }},
}

// operandRows lists every combination of n operand patterns of f (and of a
// rounding mode when rm), as rows [rm?, x1, …, xn].
func operandRows(f fp.Format, n int, withRM bool) [][]uint64 {
	rows := [][]uint64{{}}
	if withRM {
		rows = nil
		for _, r := range rms {
			rows = append(rows, []uint64{uint64(r)})
		}
	}
	for k := 0; k < n; k++ {
		var next [][]uint64
		for _, row := range rows {
			for _, p := range patterns(f) {
				next = append(next, append(append([]uint64(nil), row...), p))
			}
		}
		rows = next
	}
	return rows
}

func TestCircuitsArithmetic(t *testing.T) {
	for _, f := range tinyFormats {
		for _, a := range ariths {
			if a.nargs == 3 && f.Width() > 5 && !longRun() {
				continue // fma at 6 and 7 bits: TestCircuitsFmaSampled, or SIFT_FP_LONG=1
			}
			t.Run(fmt.Sprintf("%s/%d,%d", a.op, f.EB, f.SB), func(t *testing.T) {
				checkArith(t, f, a, operandRows(f, a.nargs, a.rm))
			})
		}
	}
}

func checkArith(t *testing.T, f fp.Format, a arith, rows [][]uint64) {
	st := term.NewStore()
	s := st.FloatSort(f)
	vars := []term.Term{st.Var("x", s), st.Var("y", s), st.Var("z", s)}[:a.nargs]
	operands := vars
	args := vars
	if a.rm {
		r := st.Var("r", st.RoundingModeSort())
		operands = append([]term.Term{r}, vars...)
		args = operands
	}
	orig := st.MustMake(a.op, nil, args...)
	c, _, _, _ := lowerCircuit(t, st, orig, operands)
	got := c.eval(t, nil, rows)
	bad := 0
	for i, row := range rows {
		rm := fp.RNE
		vals := row
		if a.rm {
			rm, vals = fp.RoundingMode(row[0]), row[1:]
		}
		xs := make([]fp.Value, len(vals))
		for k, p := range vals {
			xs[k] = value(f, p)
		}
		want := bitsOf(a.ref(rm, xs))
		if got[i] != want && bad < 5 {
			bad++
			t.Errorf("%s %s %v = %v, want %v", a.op, rm, xs, value(f, got[i]), value(f, want))
		}
	}
}

// TestCircuitsFmaSampled runs fma at the 6- and 7-bit formats on every pair
// of the first two operands, the third running through a stride of all.
func TestCircuitsFmaSampled(t *testing.T) {
	if longRun() {
		t.Skip("SIFT_FP_LONG runs every triple")
	}
	for _, f := range tinyFormats {
		if f.Width() <= 5 {
			continue
		}
		var rows [][]uint64
		n := uint64(1) << f.Width()
		for _, r := range rms {
			for x := uint64(0); x < n; x++ {
				for y := uint64(0); y < n; y++ {
					rows = append(rows, []uint64{uint64(r), x, y, (x*7 + y*13) % n})
					rows = append(rows, []uint64{uint64(r), x, y, (x*x + y + 1) % n})
				}
			}
		}
		checkArith(t, f, ariths[len(ariths)-1], rows)
	}
}

func TestCircuitsCompareAndClassify(t *testing.T) {
	preds := []struct {
		op  term.Op
		ref func(x, y fp.Value) bool
	}{
		{term.OpFPEq, func(x, y fp.Value) bool { c, ok := ref.Cmp(x, y); return ok && c == 0 }},
		{term.OpFPLt, func(x, y fp.Value) bool { c, ok := ref.Cmp(x, y); return ok && c < 0 }},
		{term.OpFPLeq, func(x, y fp.Value) bool { c, ok := ref.Cmp(x, y); return ok && c <= 0 }},
		{term.OpFPGt, func(x, y fp.Value) bool { c, ok := ref.Cmp(x, y); return ok && c > 0 }},
		{term.OpFPGeq, func(x, y fp.Value) bool { c, ok := ref.Cmp(x, y); return ok && c >= 0 }},
		{term.OpEq, func(x, y fp.Value) bool { return x.Equal(y) }},
	}
	classes := []struct {
		op  term.Op
		ref func(x fp.Value) bool
	}{
		{term.OpFPIsNaN, fp.Value.IsNaN}, {term.OpFPIsInfinite, fp.Value.IsInf}, {term.OpFPIsZero, fp.Value.IsZero},
		{term.OpFPIsNormal, fp.Value.IsNormal}, {term.OpFPIsSubnormal, fp.Value.IsSubnormal},
		{term.OpFPIsNegative, fp.Value.IsNegative}, {term.OpFPIsPositive, fp.Value.IsPositive},
	}
	for _, f := range tinyFormats {
		st := term.NewStore()
		s := st.FloatSort(f)
		x, y := st.Var("x", s), st.Var("y", s)
		rows := operandRows(f, 2, false)
		for _, p := range preds {
			c, _, _, _ := lowerCircuit(t, st, st.MustMake(p.op, nil, x, y), []term.Term{x, y})
			got := c.eval(t, nil, rows)
			for i, row := range rows {
				a, b := value(f, row[0]), value(f, row[1])
				if want := p.ref(a, b); (got[i] == 1) != want {
					t.Fatalf("%s %s %v %v = %v, want %v", f, p.op, a, b, got[i], want)
				}
			}
		}
		rows = operandRows(f, 1, false)
		for _, cl := range classes {
			c, _, _, _ := lowerCircuit(t, st, st.MustMake(cl.op, nil, x), []term.Term{x})
			got := c.eval(t, nil, rows)
			for i, row := range rows {
				a := value(f, row[0])
				if want := cl.ref(a); (got[i] == 1) != want {
					t.Fatalf("%s %s %v = %v, want %v", f, cl.op, a, got[i], want)
				}
			}
		}
	}
}

func TestCircuitsMinMax(t *testing.T) {
	for _, f := range tinyFormats {
		for _, isMax := range []bool{false, true} {
			st := term.NewStore()
			s := st.FloatSort(f)
			x, y := st.Var("x", s), st.Var("y", s)
			op := term.OpFPMin
			if isMax {
				op = term.OpFPMax
			}
			c, _, pn, np := lowerCircuit(t, st, st.MustMake(op, nil, x, y), []term.Term{x, y})
			var rows [][]uint64
			for _, row := range operandRows(f, 2, false) {
				for ch := uint64(0); ch < 4; ch++ {
					rows = append(rows, append(row, ch&1, ch>>1))
				}
			}
			got := c.eval(t, []term.Term{pn, np}, rows)
			for i, row := range rows {
				a, b := value(f, row[0]), value(f, row[1])
				want, ok := ref.MinMax(a, b, isMax)
				if !ok { // opposite zeros: the choice for this order
					first := row[2] == 1
					if a.Neg() {
						first = row[3] == 1
					}
					want = b
					if first {
						want = a
					}
				}
				if got[i] != bitsOf(want) {
					t.Fatalf("%s %s %v %v (choices %d %d) = %v, want %v", f, op, a, b, row[2], row[3], value(f, got[i]), want)
				}
			}
		}
	}
}

func TestCircuitsConversions(t *testing.T) {
	for _, f := range tinyFormats {
		for _, g := range tinyFormats {
			st := term.NewStore()
			x, r := st.Var("x", st.FloatSort(g)), st.Var("r", st.RoundingModeSort())
			orig := st.MustMake(term.OpToFP, []uint32{f.EB, f.SB}, r, x)
			c, _, _, _ := lowerCircuit(t, st, orig, []term.Term{r, x})
			rows := operandRows(g, 1, true)
			got := c.eval(t, nil, rows)
			for i, row := range rows {
				a := value(g, row[1])
				if want := ref.Convert(f, fp.RoundingMode(row[0]), a); got[i] != bitsOf(want) {
					t.Fatalf("%s from %s %s %v = %v, want %v", f, g, fp.RoundingMode(row[0]), a, value(f, got[i]), want)
				}
			}
		}
		for m := uint32(1); m <= 7; m++ {
			for _, signed := range []bool{true, false} {
				st := term.NewStore()
				b, r := st.Var("b", st.BitVecSort(m)), st.Var("r", st.RoundingModeSort())
				op := term.OpToFP
				if !signed {
					op = term.OpToFPUnsigned
				}
				c, _, _, _ := lowerCircuit(t, st, st.MustMake(op, []uint32{f.EB, f.SB}, r, b), []term.Term{r, b})
				var rows [][]uint64
				for _, rm := range rms {
					for p := uint64(0); p < 1<<m; p++ {
						rows = append(rows, []uint64{uint64(rm), p})
					}
				}
				got := c.eval(t, nil, rows)
				for i, row := range rows {
					bits := bv.New(m, row[1])
					n := bits.Big()
					if signed {
						n = bits.Signed()
					}
					if want := ref.FromInt(f, fp.RoundingMode(row[0]), n); got[i] != bitsOf(want) {
						t.Fatalf("%s from %v (signed %v) %s = %v, want %v", f, bits, signed, fp.RoundingMode(row[0]), value(f, got[i]), want)
					}
				}
			}
			checkToInt(t, f, m)
		}
		// From bits and from components: every pattern reads as its value.
		st := term.NewStore()
		b := st.Var("b", st.BitVecSort(f.Width()))
		fromBits := st.MustMake(term.OpToFP, []uint32{f.EB, f.SB}, b)
		comps := st.MustMake(term.OpFP, nil, st.MustMake(term.OpExtract, []uint32{f.Width() - 1, f.Width() - 1}, b),
			st.MustMake(term.OpExtract, []uint32{f.Width() - 2, f.SB - 1}, b), st.MustMake(term.OpExtract, []uint32{f.SB - 2, 0}, b))
		for _, orig := range []term.Term{fromBits, comps} {
			l := New(st)
			out, err := l.Lower(orig)
			if err != nil {
				t.Fatal(err)
			}
			c := circuit{st: st, out: out, inputs: []term.Term{b}}
			rows := operandRows(f, 1, false)
			got := c.eval(t, nil, rows)
			for i, row := range rows {
				if want := bitsOf(value(f, row[0])); got[i] != want {
					t.Fatalf("%s to_fp of %#x = %#x, want %#x", f, row[0], got[i], want)
				}
			}
		}
	}
}

func checkToInt(t *testing.T, f fp.Format, m uint32) {
	one := big.NewInt(1)
	for _, signed := range []bool{false, true} {
		st := term.NewStore()
		x, r := st.Var("x", st.FloatSort(f)), st.Var("r", st.RoundingModeSort())
		op, lo, hi := term.OpFPToUBV, new(big.Int), new(big.Int).Sub(new(big.Int).Lsh(one, uint(m)), one)
		if signed {
			op = term.OpFPToSBV
			lo = new(big.Int).Neg(new(big.Int).Lsh(one, uint(m-1)))
			hi = new(big.Int).Sub(new(big.Int).Lsh(one, uint(m-1)), one)
		}
		c, open, _, _ := lowerCircuit(t, st, st.MustMake(op, []uint32{m}, r, x), []term.Term{r, x})
		const chosen = 0x55
		var rows [][]uint64
		for _, row := range operandRows(f, 1, true) {
			rows = append(rows, append(row, chosen&mask(m)))
		}
		got := c.eval(t, []term.Term{open}, rows)
		for i, row := range rows {
			rm, a := fp.RoundingMode(row[0]), value(f, row[1])
			n, ok := ref.ToInt(rm, a, lo, hi)
			want := chosen & mask(m)
			if ok {
				want = bv.FromBig(m, n).Big().Uint64()
			}
			if got[i] != want {
				t.Fatalf("%s %s %d %s %v = %#x, want %#x (specified %v)", f, op, m, rm, a, got[i], want, ok)
			}
		}
	}
}
