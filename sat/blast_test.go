package sat

import (
	"context"
	"math/rand"
	"testing"
)

// circuit is a blasted operator bound to a solver: fixed inputs are assumed
// bit by bit and the output is read from the model.
type circuit struct {
	b      *Blaster
	cnf    *CNF
	s      *Cadical
	inputs []Word
	out    Word
}

func newCircuit(widths []int, build func(b *Blaster, in []Word) Word) *circuit {
	c := &circuit{b: NewBlaster(), s: NewCadical()}
	for _, w := range widths {
		c.inputs = append(c.inputs, c.b.Input(w))
	}
	c.out = build(c.b, c.inputs)
	c.cnf = NewCNF(c.b.AIG(), c.s)
	for _, in := range c.inputs {
		c.cnf.Lits(in)
	}
	c.cnf.Lits(c.out)
	return c
}

func (c *circuit) assumeWord(w Word, v uint64) {
	for i, e := range w {
		l := c.cnf.Lit(e)
		if v>>uint(i)&1 == 0 {
			l = l.Not()
		}
		c.s.Assume(l)
	}
}

func (c *circuit) word(w Word) uint64 {
	var v uint64
	for i, bit := range c.cnf.Values(w) {
		if bit {
			v |= 1 << uint(i)
		}
	}
	return v
}

// eval runs the circuit on concrete inputs through the SAT solver.
func (c *circuit) eval(t *testing.T, vals ...uint64) uint64 {
	t.Helper()
	for i, in := range c.inputs {
		c.assumeWord(in, vals[i])
	}
	if r := c.s.Solve(context.Background()); r != Sat {
		t.Fatalf("inputs %v: solve = %v, want sat", vals, r)
	}
	return c.word(c.out)
}

// aigEval runs the circuit on the AIG alone, as a cross-check of the CNF.
func (c *circuit) aigEval(vals ...uint64) uint64 {
	in := make(map[uint32]bool)
	for i, w := range c.inputs {
		for j, e := range w {
			in[e.Node()] = vals[i]>>uint(j)&1 == 1
		}
	}
	var v uint64
	for i, e := range c.out {
		if c.b.AIG().Eval(e, in) {
			v |= 1 << uint(i)
		}
	}
	return v
}

// sample draws a w-bit value, often a corner case: random values almost never
// hit zero divisors, -1 or the minimum signed value.
func sample(rng *rand.Rand, w int) uint64 {
	switch rng.Intn(8) {
	case 0:
		return []uint64{0, 1, mask(w), 1 << uint(w-1), mask(w) >> 1, 2}[rng.Intn(6)] & mask(w)
	case 1:
		return uint64(rng.Intn(w+3)) & mask(w) // shift amounts around the width
	}
	return rng.Uint64() & mask(w)
}

var randomWidths = []struct{ w, samples int }{{8, 40}, {32, 25}, {64, 25}}

func TestBinaryOperators(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, op := range binOps {
		t.Run(op.name, func(t *testing.T) {
			for w := 1; w <= 4; w++ {
				c := newCircuit([]int{w, w}, func(b *Blaster, in []Word) Word { return op.blast(b, in[0], in[1]) })
				for x := uint64(0); x <= mask(w); x++ {
					for y := uint64(0); y <= mask(w); y++ {
						want := op.ref(x, y, w)
						if got := c.eval(t, x, y); got != want {
							t.Fatalf("w=%d %s(%#x, %#x) = %#x, want %#x", w, op.name, x, y, got, want)
						}
						if got := c.aigEval(x, y); got != want {
							t.Fatalf("w=%d AIG %s(%#x, %#x) = %#x, want %#x", w, op.name, x, y, got, want)
						}
					}
				}
				c.s.Close()
			}
			for _, rw := range randomWidths {
				c := newCircuit([]int{rw.w, rw.w}, func(b *Blaster, in []Word) Word { return op.blast(b, in[0], in[1]) })
				for i := 0; i < rw.samples; i++ {
					x, y := sample(rng, rw.w), sample(rng, rw.w)
					if got, want := c.eval(t, x, y), op.ref(x, y, rw.w); got != want {
						t.Fatalf("w=%d %s(%#x, %#x) = %#x, want %#x", rw.w, op.name, x, y, got, want)
					}
				}
				c.s.Close()
			}
		})
	}
}

func TestUnaryOperators(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for _, op := range unOps {
		t.Run(op.name, func(t *testing.T) {
			for w := 1; w <= 4; w++ {
				c := newCircuit([]int{w}, func(b *Blaster, in []Word) Word { return op.blast(b, in[0]) })
				if len(c.out) != op.outWidth(w) {
					t.Fatalf("w=%d: result width %d, want %d", w, len(c.out), op.outWidth(w))
				}
				for x := uint64(0); x <= mask(w); x++ {
					if got, want := c.eval(t, x), op.ref(x, w); got != want {
						t.Fatalf("w=%d %s(%#x) = %#x, want %#x", w, op.name, x, got, want)
					}
				}
				c.s.Close()
			}
			for _, rw := range randomWidths {
				if op.outWidth(rw.w) > 64 {
					continue // the reference works on uint64
				}
				c := newCircuit([]int{rw.w}, func(b *Blaster, in []Word) Word { return op.blast(b, in[0]) })
				for i := 0; i < rw.samples; i++ {
					x := sample(rng, rw.w)
					if got, want := c.eval(t, x), op.ref(x, rw.w); got != want {
						t.Fatalf("w=%d %s(%#x) = %#x, want %#x", rw.w, op.name, x, got, want)
					}
				}
				c.s.Close()
			}
		})
	}
}

// Shift amounts narrower or wider than the shifted word, and widths that are
// not powers of two (SMT-LIB needs equal widths; the blaster allows any).
func TestShiftAmountWidths(t *testing.T) {
	shifts := []struct {
		name  string
		blast func(b *Blaster, x, y Word) Word
		ref   func(x, y uint64, w int) uint64
	}{
		{"bvshl", (*Blaster).Shl, refShl},
		{"bvlshr", (*Blaster).Lshr, refLshr},
		{"bvashr", (*Blaster).Ashr, refAshr},
	}
	for _, sh := range shifts {
		for _, dims := range [][2]int{{3, 5}, {5, 2}, {5, 3}, {6, 7}, {7, 3}, {1, 3}} {
			w, aw := dims[0], dims[1]
			c := newCircuit([]int{w, aw}, func(b *Blaster, in []Word) Word { return sh.blast(b, in[0], in[1]) })
			for x := uint64(0); x <= mask(w); x++ {
				for y := uint64(0); y <= mask(aw); y++ {
					if got, want := c.eval(t, x, y), sh.ref(x, y, w); got != want {
						t.Fatalf("%s w=%d amount width %d (%#x, %#x) = %#x, want %#x", sh.name, w, aw, x, y, got, want)
					}
				}
			}
			c.s.Close()
		}
	}
}

// The inverse direction: fix the result, let the solver find operands, and
// check that the operands reproduce the result.
func TestSolveForOperands(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	names := map[string]bool{"bvadd": true, "bvsub": true, "bvmul": true, "bvudiv": true,
		"bvurem": true, "bvsdiv": true, "bvsrem": true, "bvsmod": true, "bvshl": true, "bvashr": true}
	for _, op := range binOps {
		if !names[op.name] {
			continue
		}
		t.Run(op.name, func(t *testing.T) {
			solved := 0
			for _, w := range []int{3, 8, 16} {
				c := newCircuit([]int{w, w}, func(b *Blaster, in []Word) Word { return op.blast(b, in[0], in[1]) })
				// Exclude the trivial identity operands, so the solver has to work.
				one := c.b.ConstUint64(w, 1)
				nontrivial := c.b.AIG().And(c.b.Ult(one, c.inputs[1]), c.b.Ult(one, c.inputs[0]))
				guard := c.cnf.Lit(nontrivial)
				for i := 0; i < 6; i++ {
					want := sample(rng, w)
					c.assumeWord(c.out, want)
					c.s.Assume(guard)
					r := c.s.Solve(context.Background())
					if r == Unknown {
						t.Fatalf("unknown")
					}
					if r == Unsat {
						continue // no non-trivial operands give this result
					}
					solved++
					x, y := c.word(c.inputs[0]), c.word(c.inputs[1])
					if x <= 1 || y <= 1 {
						t.Fatalf("model violates the guard: x=%#x y=%#x", x, y)
					}
					if got := op.ref(x, y, w); got != want {
						t.Fatalf("w=%d solver chose %s(%#x, %#x) for result %#x, reference gives %#x", w, op.name, x, y, want, got)
					}
				}
				c.s.Close()
			}
			if solved == 0 {
				t.Fatalf("no result had non-trivial operands: the test checked nothing")
			}
		})
	}
}
