package sat

import (
	"context"
	"testing"
)

// blastAndEncode builds op over two fresh w-bit words and encodes the result
// into a fresh CaDiCaL instance, reporting the CNF size.
func blastAndEncode(b *testing.B, w int, op func(bl *Blaster, x, y Word) []Word) {
	var vars, clauses, gates int
	for i := 0; i < b.N; i++ {
		bl := NewBlaster()
		x, y := bl.Input(w), bl.Input(w)
		s := NewCadical()
		c := NewCNF(bl.AIG(), s)
		for _, out := range op(bl, x, y) {
			c.Lits(out)
		}
		s.flush() // count the hand-over to C too
		vars, clauses, gates = c.NumVars(), c.NumClauses(), bl.AIG().NumGates()
		s.Close()
	}
	b.ReportMetric(float64(clauses), "clauses")
	b.ReportMetric(float64(vars), "vars")
	b.ReportMetric(float64(gates), "gates")
}

func BenchmarkBlastMul64(b *testing.B) {
	blastAndEncode(b, 64, func(bl *Blaster, x, y Word) []Word { return []Word{bl.Mul(x, y)} })
}

func BenchmarkBlastUdivUrem64(b *testing.B) {
	blastAndEncode(b, 64, func(bl *Blaster, x, y Word) []Word {
		return []Word{bl.Udiv(x, y), bl.Urem(x, y)}
	})
}

func BenchmarkBlastSdivSrem64(b *testing.B) {
	blastAndEncode(b, 64, func(bl *Blaster, x, y Word) []Word {
		return []Word{bl.Sdiv(x, y), bl.Srem(x, y), bl.Smod(x, y)}
	})
}

func BenchmarkBlastShifts64(b *testing.B) {
	blastAndEncode(b, 64, func(bl *Blaster, x, y Word) []Word {
		return []Word{bl.Shl(x, y), bl.Lshr(x, y), bl.Ashr(x, y)}
	})
}

// BenchmarkFactor32 solves x*y = c over 32 bits with x, y > 1 and no
// unsigned overflow (bvumulo false; without it bvmul's wrap-around admits
// easy non-factor solutions), where c = 65521 * 65519, the product of two
// 16-bit primes. The only models are the two orders of those primes.
func BenchmarkFactor32(b *testing.B) {
	const p, q = 65521, 65519
	for i := 0; i < b.N; i++ {
		bl := NewBlaster()
		x, y := bl.Input(32), bl.Input(32)
		s := NewCadical()
		c := NewCNF(bl.AIG(), s)
		one := bl.ConstUint64(32, 1)
		c.Assert(bl.Eq(bl.Mul(x, y), bl.ConstUint64(32, p*q)))
		c.Assert(bl.Umulo(x, y).Not())
		c.Assert(bl.Ult(one, x))
		c.Assert(bl.Ult(one, y))
		if r := s.Solve(context.Background()); r != Sat {
			b.Fatalf("factoring: %v", r)
		}
		xv, yv := c.word(x), c.word(y)
		if !(xv == p && yv == q || xv == q && yv == p) {
			b.Fatalf("bad factors %d * %d", xv, yv)
		}
		if i == 0 {
			b.ReportMetric(float64(c.NumClauses()), "clauses")
		}
		s.Close()
	}
}

// BenchmarkClauseHandover compares batched Add (one cgo call per 64K
// literals) with one cgo call per literal, on 100,000 ternary clauses.
func BenchmarkClauseHandover(b *testing.B) {
	const nClauses, nVars = 100000, 20000
	clauses := make([][]Lit, nClauses)
	for i := range clauses {
		clauses[i] = []Lit{Lit(i%nVars + 1), -Lit((i*7)%nVars + 1), Lit((i*13)%nVars + 1)}
	}
	for _, mode := range []string{"batched", "per-literal"} {
		b.Run(mode, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				s := NewCadical()
				for _, c := range clauses {
					if mode == "batched" {
						s.Add(c...)
					} else {
						s.addEach(c)
					}
				}
				s.flush()
				s.Close()
			}
		})
	}
}
