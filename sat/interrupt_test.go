package sat

import (
	"context"
	"testing"
)

// An AIG armed with an ended context stops building gates: a wide
// multiplier returns at once with Err set and adds (almost) no nodes, and
// after SetContext with a live context the same blaster builds a correct
// circuit again, with no cached divider from the interrupted attempt.
func TestAIGInterrupt(t *testing.T) {
	b := NewBlaster()
	g := b.AIG()
	x, y := b.Input(512), b.Input(512)
	done, cancel := context.WithCancel(context.Background())
	cancel()
	g.SetContext(done)
	before := g.NumNodes()
	b.Mul(x, y)
	b.Udiv(x, y)
	if g.Err() == nil {
		t.Fatal("Err is nil after building under an ended context")
	}
	if grown := g.NumNodes() - before; grown > ctxCheckCalls {
		t.Errorf("%d nodes built after the context ended", grown)
	}

	g.SetContext(context.Background())
	if g.Err() != nil {
		t.Fatal("SetContext did not clear the interruption")
	}
	// 8-bit check that the divider is rebuilt, not taken from the cache.
	u, v := b.Input(8), b.Input(8)
	g.SetContext(done)
	b.Udiv(u, v)
	g.SetContext(context.Background())
	q := b.Udiv(u, v)
	s := NewCadical()
	defer s.Close()
	c := NewCNF(g, s)
	c.Assert(b.Eq(u, b.ConstUint64(8, 200)))
	c.Assert(b.Eq(v, b.ConstUint64(8, 7)))
	if s.Solve(context.Background()) != Sat {
		t.Fatal("not sat")
	}
	got := 0
	for i, e := range q {
		if c.Value(e) {
			got |= 1 << i
		}
	}
	if got != 200/7 {
		t.Errorf("200/7 = %d after an interrupted divider, want %d", got, 200/7)
	}
}

// Encode under an ended context stops early; a later Encode finishes the
// cone and the clauses are those of a complete encoding.
func TestCNFEncodeInterrupt(t *testing.T) {
	b := NewBlaster()
	x, y := b.Input(64), b.Input(64)
	prod := b.Mul(x, y)
	eq := b.Eq(prod, b.ConstUint64(64, 35))
	s := NewCadical()
	defer s.Close()
	c := NewCNF(b.AIG(), s)
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if err := c.Encode(done, eq); err == nil {
		t.Fatal("Encode under an ended context returned nil")
	}
	if c.Encoded(eq) {
		t.Fatal("the root was encoded although the context had ended")
	}
	if err := c.Encode(context.Background(), eq); err != nil {
		t.Fatal(err)
	}
	c.Assert(eq)
	c.Assert(b.Eq(x, b.ConstUint64(64, 5)))
	if s.Solve(context.Background()) != Sat {
		t.Fatal("x*y = 35 with x = 5: not sat")
	}
	got := uint64(0)
	for i, e := range y {
		if c.Value(e) {
			got |= 1 << i
		}
	}
	if got*5 != 35 {
		t.Errorf("y = %d, 5y != 35", got)
	}
}
