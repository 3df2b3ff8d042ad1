package mergegen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Query is one generated script.
type Query struct {
	Name   string
	Family string
	Script string
}

// Options bound the generated sizes.
type Options struct {
	MaxBuffer int // largest buffer length n may reach (≤ 2^31)
	MaxK      int // largest constant bound on k
}

// Generate returns count queries from the seed, cycling through the families.
func Generate(seed uint64, count int, opts Options) []Query {
	if opts.MaxBuffer <= 0 {
		opts.MaxBuffer = 256
	}
	if opts.MaxK <= 0 {
		opts.MaxK = 200
	}
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	out := make([]Query, 0, count)
	for n := range count {
		fam := families[n%len(families)]
		g := &gen{r: r, opts: opts}
		fam.build(g)
		out = append(out, Query{Name: fmt.Sprintf("q%03d_%s", n, fam.name), Family: fam.name, Script: g.script()})
	}
	return out
}

type family struct {
	name  string
	build func(g *gen)
}

var families = []family{
	{"memspn-stop", memspnStop},
	{"memspn-end", memspnEnd},
	{"strlen", strlen},
	{"memcpy", memcpy},
	{"memset-off", memsetOffset},
	{"klee64", klee64},
}

// gen accumulates one script.
type gen struct {
	r     *rand.Rand
	opts  Options
	decls []string
	lines []string
}

func (g *gen) declare(name, sort string) {
	g.decls = append(g.decls, fmt.Sprintf("(declare-fun %s () %s)", name, sort))
}

func (g *gen) assert(format string, args ...any) {
	g.lines = append(g.lines, "(assert "+fmt.Sprintf(format, args...)+")")
}

func (g *gen) script() string {
	var b strings.Builder
	b.WriteString("(set-logic ABV)\n")
	for _, d := range g.decls {
		b.WriteString(d + "\n")
	}
	for _, l := range g.lines {
		b.WriteString(l + "\n")
	}
	b.WriteString("(check-sat)\n")
	return b.String()
}

func h32(x int) string { return fmt.Sprintf("#x%08x", uint32(x)) }
func h8(x int) string  { return fmt.Sprintf("#x%02x", uint8(x)) }

const byteArray = "(Array (_ BitVec 32) (_ BitVec 8))"

// between returns a uniform integer in [lo, hi].
func (g *gen) between(lo, hi int) int {
	if hi <= lo {
		return lo
	}
	return lo + g.r.IntN(hi-lo+1)
}

// krange asserts lo ≤ k ≤ hi in one of the executor's two encodings and
// returns the bounds.
func (g *gen) krange(k string, maxHi int) (int, int) {
	hi := g.between(1, maxHi)
	lo := g.between(0, hi)
	if g.r.IntN(3) == 0 {
		lo = 0
	}
	if lo == 0 {
		g.assert("(bvule %s %s)", k, h32(hi))
	} else {
		g.assert("(and (bvule %s %s) (bvule %s %s))", h32(lo), k, k, h32(hi))
	}
	return lo, hi
}

// guard returns the ∀ guard 1 ≤ i ≤ k in a random one of the shapes.
func (g *gen) guard(k, body string) string {
	switch g.r.IntN(3) {
	case 0:
		return fmt.Sprintf("(=> (and (bvule #x00000001 i) (bvule i %s)) %s)", k, body)
	case 1:
		return fmt.Sprintf("(or (not (and (bvule #x00000001 i) (bvule i %s))) %s)", k, body)
	}
	return fmt.Sprintf("(=> (and (bvuge i #x00000001) (bvuge %s i)) %s)", k, body)
}

func (g *gen) forall(k, body string) {
	g.assert("(forall ((i (_ BitVec 32))) %s)", g.guard(k, body))
}

// trap picks a fact position near v: v−1, v or v+1, or anywhere.
func (g *gen) trap(v, size int) int {
	switch g.r.IntN(4) {
	case 0:
		return max(v-1, 0)
	case 1:
		return v
	case 2:
		return v + 1
	}
	return g.between(0, size)
}

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

// pick returns c or other at random.
func (g *gen) pick(c, other int) int {
	if g.r.IntN(2) == 0 {
		return c
	}
	return other
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
