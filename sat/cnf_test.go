package sat

import (
	"context"
	"math/rand"
	"testing"
)

// The CNF of random formulas (muxes and xors included, with shared inner
// gates) agrees with the formula under every input assignment, both when the
// root is encoded alone and when the inner gates were encoded first.
func TestCNFMatchesFormula(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for trial := 0; trial < 200; trial++ {
		g := NewAIG()
		in := []Edge{g.Input(), g.Input(), g.Input(), g.Input()}
		seed := rng.Int63()
		s := NewCadical()
		c := NewCNF(g, s)
		if trial%2 == 1 {
			// Encode every gate first, so the mux shape meets encoded inner gates.
			for n := 1; n < g.NumNodes(); n++ {
				c.Lit(Edge(n << 1))
			}
		}
		for m := 0; m < 16; m++ {
			vals := []bool{m&1 == 1, m&2 == 2, m&4 == 4, m&8 == 8}
			e, want := randomFormula(g, rand.New(rand.NewSource(seed)), in, vals, 6)
			root := c.Lit(e)
			for i, x := range in {
				l := c.Lit(x)
				if !vals[i] {
					l = l.Not()
				}
				s.Assume(l)
			}
			if r := s.Solve(context.Background()); r != Sat {
				t.Fatalf("trial %d: %v with fixed inputs", trial, r)
			}
			if got := s.Value(root); got != want {
				t.Fatalf("trial %d assignment %04b: CNF gives %v, formula %v", trial, m, got, want)
			}
			if got := c.Value(e); got != want {
				t.Fatalf("trial %d assignment %04b: CNF.Value gives %v, formula %v", trial, m, got, want)
			}
		}
		s.Close()
	}
}

func TestCNFIncremental(t *testing.T) {
	b := NewBlaster()
	s := NewCadical()
	defer s.Close()
	c := NewCNF(b.AIG(), s)
	x, y := b.Input(16), b.Input(16)

	sum := b.Add(x, y)
	c.Assert(b.Eq(sum, b.ConstUint64(16, 1000)))
	first := c.NumClauses()
	if first == 0 || s.NumClauses() != int64(first) {
		t.Fatalf("clauses: encoder %d, solver %d", first, s.NumClauses())
	}
	if r := s.Solve(context.Background()); r != Sat {
		t.Fatalf("x+y=1000: %v", r)
	}
	if got := (c.word(sum)); got != 1000 {
		t.Fatalf("model sum = %d", got)
	}

	// Re-asking for encoded edges adds nothing.
	c.Lits(sum)
	c.Lits(x)
	if c.NumClauses() != first {
		t.Errorf("re-encoding added %d clauses", c.NumClauses()-first)
	}

	// A new constraint over the same sum adds only the new gates: the
	// comparator, not the adder again.
	lt := b.Ult(x, b.ConstUint64(16, 10))
	c.Assert(lt)
	added := c.NumClauses() - first
	// Encoding both constraints from scratch gives exactly the clauses the
	// two incremental steps gave, and the second step is the small one.
	fresh := NewCNF(b.AIG(), NewCadical())
	fresh.Assert(b.Eq(sum, b.ConstUint64(16, 1000)))
	fresh.Assert(lt)
	if c.NumClauses() != fresh.NumClauses() || added == 0 || added >= first {
		t.Errorf("incremental %d+%d clauses, from scratch %d", first, added, fresh.NumClauses())
	}
	fresh.Solver().Close()
	if r := s.Solve(context.Background()); r != Sat {
		t.Fatalf("with x<10: %v", r)
	}
	xv, yv := c.word(x), c.word(y)
	if xv >= 10 || (xv+yv)&0xffff != 1000 {
		t.Errorf("model x=%d y=%d violates x<10, x+y=1000", xv, yv)
	}
	c.Assert(b.Eq(y, b.ConstUint64(16, 5)))
	if r := s.Solve(context.Background()); r != Unsat {
		t.Errorf("with y=5: %v, want unsat", r)
	}
}

// word reads a word in the current model.
func (c *CNF) word(w Word) uint64 {
	var v uint64
	for i, bit := range c.Values(w) {
		if bit {
			v |= 1 << uint(i)
		}
	}
	return v
}

func TestCNFConstantsAndUnencoded(t *testing.T) {
	g := NewAIG()
	s := NewCadical()
	defer s.Close()
	c := NewCNF(g, s)
	a, b := g.Input(), g.Input()
	later := g.And(a, b) // never encoded
	c.Assert(True)
	if c.NumClauses() != 0 {
		t.Errorf("asserting true added clauses")
	}
	tl, fl := c.Lit(True), c.Lit(False)
	if tl != fl.Not() {
		t.Errorf("true and false literals are not complements")
	}
	c.Assert(a)
	if r := s.Solve(context.Background()); r != Sat {
		t.Fatalf("%v", r)
	}
	if !c.Value(True) || c.Value(False) || !s.Value(tl) {
		t.Errorf("constants read wrong")
	}
	if !c.Value(a) || c.Value(b) || c.Value(later) || !c.Value(later.Not()) {
		t.Errorf("unencoded input b must read false and a&b follow from it")
	}
	c.Assert(False)
	if r := s.Solve(context.Background()); r != Unsat {
		t.Errorf("after asserting false: %v", r)
	}
}
