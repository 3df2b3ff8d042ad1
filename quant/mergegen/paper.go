package mergegen

import "fmt"

// The paper's shapes (seed 000 §2, §6): memspn's two groups, Example 5,
// two chained copies, a memset window and the reference implementation's
// 64-bit form. They keep 32-bit buffers, counts and indices.

const byteArray = "(Array (_ BitVec 32) (_ BitVec 8))"

// memspnScan declares the scan both memspn rows share: a buffer s of size
// bytes and length n, a count k, and ∀i ≤ k the byte before i is c. It
// returns c, size and k's upper bound.
func memspnScan(g *gen) (c, size, hi int) {
	c = 0x61 + g.r.IntN(4)
	size = g.between(1, g.opts.MaxBuffer)
	g.declare("s", byteArray)
	g.declare("n", "(_ BitVec 32)")
	g.declare("k", "(_ BitVec 32)")
	g.assert("(bvule n %s)", h32(size))
	_, hi = g.krange("k", min(g.opts.MaxK, size))
	g.forall("k", fmt.Sprintf("(and (bvugt n (bvsub i #x00000001)) (= (select s (bvsub i #x00000001)) %s))", h8(c)))
	return c, size, hi
}

// memspnStop is Table 1 row 1: the scan stopped at a character not in the set.
func memspnStop(g *gen) {
	c, size, hi := memspnScan(g)
	g.assert("(and (bvugt n k) (not (= (select s k) %s)))", h8(c))
	v := g.between(0, hi+1)
	switch g.r.IntN(4) {
	case 0:
		g.assert("(= k %s)", h32(v))
	case 1:
		g.assert("(bvuge k %s)", h32(v))
		g.assert("(not (= (select s %s) %s))", h32(g.trap(v, size)), h8(c))
	case 2:
		g.assert("(= k %s)", h32(v))
		g.assert("(= (select s %s) %s)", h32(g.trap(v, size)), h8(g.pick(c, 0)))
	default:
		g.assert("(bvult n %s)", h32(g.trap(v, size)))
		g.assert("(bvuge k %s)", h32(v))
	}
}

// memspnEnd is Table 1 row 2: the scan ran out of size.
func memspnEnd(g *gen) {
	c, size, hi := memspnScan(g)
	g.assert("(not (bvugt n k))")
	v := g.between(0, hi+1)
	g.assert("(= k %s)", h32(v))
	if g.r.IntN(2) == 0 {
		g.assert("(not (= (select s %s) %s))", h32(g.trap(v, size)), h8(c))
	} else {
		g.assert("(bvuge n %s)", h32(g.trap(v, size)))
	}
}

// strlen is the paper's Example 5: a terminator after k non-zero bytes.
func strlen(g *gen) {
	size := g.between(2, g.opts.MaxBuffer)
	g.declare("s", byteArray)
	g.declare("n", "(_ BitVec 32)")
	g.declare("k", "(_ BitVec 32)")
	lo, hi := g.krange("k", min(g.opts.MaxK, size-1))
	if lo == 0 {
		g.assert("(bvule #x00000001 k)")
	}
	g.forall("k", "(not (= (select s (bvsub i #x00000001)) #x00))")
	g.assert("(= (select s n) #x00)")
	g.assert("(= (select s (bvsub k #x00000001)) %s)", h8(g.between(1, 255)))
	switch g.r.IntN(3) {
	case 0:
		g.assert("(bvult n k)")
	case 1:
		g.assert("(= n %s)", h32(g.trap(g.between(lo, hi), size)))
	default:
		g.assert("(bvult n %s)", h32(size))
	}
}

// memcpy chains two ∀s: a prefix of a is non-zero and copied to b.
func memcpy(g *gen) {
	size := g.between(2, g.opts.MaxBuffer)
	g.declare("a", byteArray)
	g.declare("b", byteArray)
	g.declare("k1", "(_ BitVec 32)")
	g.declare("k2", "(_ BitVec 32)")
	k1 := g.between(1, min(g.opts.MaxK, size))
	k2 := g.between(1, min(g.opts.MaxK, size))
	g.forall("k1", "(not (= (select a (bvsub i #x00000001)) #x00))")
	g.forall("k2", "(= (select b (bvsub i #x00000001)) (select a (bvsub i #x00000001)))")
	if g.r.IntN(2) == 0 {
		g.assert("(= k1 %s)", h32(k1))
		g.assert("(= k2 %s)", h32(k2))
	} else {
		g.krange("k1", k1)
		g.assert("(bvuge k1 %s)", h32(k1))
		g.krange("k2", k2)
		g.assert("(bvuge k2 %s)", h32(k2))
	}
	g.assert("(= (select b %s) #x00)", h32(g.trap(min(k1, k2), size)))
}

// memsetOffset writes a constant into a window of d at a symbolic offset.
func memsetOffset(g *gen) {
	size := g.between(2, g.opts.MaxBuffer)
	c := g.between(1, 255)
	g.declare("d", byteArray)
	g.declare("off", "(_ BitVec 32)")
	g.declare("k", "(_ BitVec 32)")
	g.assert("(bvult off %s)", h32(size))
	_, hi := g.krange("k", min(g.opts.MaxK, size))
	g.forall("k", fmt.Sprintf("(= (select d (bvadd off (bvsub i #x00000001))) %s)", h8(c)))
	o := g.between(0, size/2)
	v := g.between(0, hi)
	g.assert("(= off %s)", h32(o))
	g.assert("(= k %s)", h32(v))
	g.assert("(not (= (select d %s) %s))", h32(o+g.trap(v, size)), h8(c))
}

// klee64 is the reference implementation's shape: 64-bit i and k, or-not
// guard, a 32-bit index by extract.
func klee64(g *gen) {
	size := g.between(2, g.opts.MaxBuffer)
	c := 0x61 + g.r.IntN(4)
	g.declare("s", byteArray)
	g.declare("n", "(_ BitVec 32)")
	g.declare("k", "(_ BitVec 64)")
	hi := g.between(1, min(g.opts.MaxK, size))
	g.assert("(bvule n %s)", h32(size))
	g.assert("(bvule k #x%016x)", hi)
	g.assert("(forall ((i (_ BitVec 64))) (or (not (and (bvule #x0000000000000001 i) (bvule i k))) "+
		"(and (bvugt ((_ zero_extend 32) n) (bvsub i #x0000000000000001)) "+
		"(= (select s ((_ extract 31 0) (bvsub i #x0000000000000001))) %s))))", h8(c))
	v := g.between(0, hi)
	g.assert("(= k #x%016x)", v)
	g.assert("(= (select s %s) %s)", h32(g.trap(v, size)), h8(g.pick(c, 0)))
}
