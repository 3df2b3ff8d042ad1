package mergegen

import (
	"fmt"
	"math/rand/v2"
	"slices"
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
	MaxK      int // largest constant bound on a count
	// Families restricts generation to the named families (all when empty).
	Families []string
}

// Families returns the names of every family, in generation order.
func Families() []string {
	out := make([]string, len(families))
	for i, f := range families {
		out[i] = f.name
	}
	return out
}

// Generate returns count queries from the seed, cycling through the families.
func Generate(seed uint64, count int, opts Options) []Query {
	if opts.MaxBuffer <= 0 {
		opts.MaxBuffer = 256
	}
	if opts.MaxK <= 0 {
		opts.MaxK = 200
	}
	fams := families
	if len(opts.Families) > 0 {
		fams = nil
		for _, f := range families {
			if slices.Contains(opts.Families, f.name) {
				fams = append(fams, f)
			}
		}
		if len(fams) == 0 {
			return nil
		}
	}
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	out := make([]Query, 0, count)
	for n := range count {
		fam := fams[n%len(fams)]
		g := &gen{r: r, opts: opts, idxW: 32, cntW: 32}
		fam.build(g)
		out = append(out, Query{Name: fmt.Sprintf("q%03d_%s", n, fam.name), Family: fam.name, Script: g.script()})
	}
	return out
}

type family struct {
	name  string
	build func(g *gen)
}

// families: the paper's shapes (paper.go), then string scans (strings.go)
// and number parsers (numbers.go).
var families = []family{
	{"memspn-stop", memspnStop},
	{"memspn-end", memspnEnd},
	{"strlen", strlen},
	{"memcpy", memcpy},
	{"memset-off", memsetOffset},
	{"klee64", klee64},
	{"strlen-trim", strlenTrim},
	{"trimspace", trimSpace},
	{"tokenize", tokenize},
	{"indexbyte", indexByte},
	{"hexdigits", hexDigits},
	{"strtol", strtol},
}

// gen accumulates one script. Counts, the bound variable and lengths have
// cntW bits; the buffer is indexed by idxW bits.
type gen struct {
	r          *rand.Rand
	opts       Options
	idxW, cntW int
	decls      []string
	lines      []string
}

func (g *gen) declare(name, sort string) {
	g.decls = append(g.decls, fmt.Sprintf("(declare-fun %s () %s)", name, sort))
}

func (g *gen) assert(format string, args ...any) {
	g.lines = append(g.lines, "(assert "+fmt.Sprintf(format, args...)+")")
}

func (g *gen) script() string {
	var b strings.Builder
	logic := "ABV"
	if slices.ContainsFunc(g.lines, func(l string) bool { return strings.Contains(l, "(as const ") }) {
		logic = "ALL" // constant arrays are not in ABV
	}
	b.WriteString("(set-logic " + logic + ")\n")
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

// hw is x as a literal of w bits (a multiple of 4), two's complement.
func hw(w, x int) string {
	v := uint64(x)
	if w < 64 {
		v &= 1<<w - 1
	}
	return fmt.Sprintf("#x%0*x", w/4, v)
}

func bvSort(w int) string { return fmt.Sprintf("(_ BitVec %d)", w) }

// c is a count literal.
func (g *gen) c(x int) string { return hw(g.cntW, x) }

// widths picks the index and count widths of a script: 32 or 64 each.
func (g *gen) widths() {
	g.idxW = []int{32, 64}[g.r.IntN(2)]
	g.cntW = []int{32, 64}[g.r.IntN(2)]
}

// buffer declares the byte array name over the index sort.
func (g *gen) buffer(name string) {
	g.declare(name, fmt.Sprintf("(Array %s (_ BitVec 8))", bvSort(g.idxW)))
}

// at converts a count-width position to the index sort, as an executor does
// when a size_t count indexes an int-indexed buffer (extract) or the other
// way round (zero_extend).
func (g *gen) at(e string) string {
	switch {
	case g.cntW > g.idxW:
		return fmt.Sprintf("((_ extract %d 0) %s)", g.idxW-1, e)
	case g.cntW < g.idxW:
		return fmt.Sprintf("((_ zero_extend %d) %s)", g.idxW-g.cntW, e)
	}
	return e
}

// sel reads the buffer at a count-width position.
func (g *gen) sel(arr, pos string) string { return fmt.Sprintf("(select %s %s)", arr, g.at(pos)) }

// add and sub build count-width sums, leaving out a zero base.
func add(a, b string) string {
	if a == "" {
		return b
	}
	return fmt.Sprintf("(bvadd %s %s)", a, b)
}

func sub(a, b string) string { return fmt.Sprintf("(bvsub %s %s)", a, b) }

// between returns a uniform integer in [lo, hi].
func (g *gen) between(lo, hi int) int {
	if hi <= lo {
		return lo
	}
	return lo + g.r.IntN(hi-lo+1)
}

// pick returns c or other at random.
func (g *gen) pick(c, other int) int {
	if g.r.IntN(2) == 0 {
		return c
	}
	return other
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

// krange asserts lo ≤ k ≤ hi at 32 bits in one of the executor's two
// encodings and returns the bounds.
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

// guard returns the 32-bit ∀ guard 1 ≤ i ≤ k in a random one of the shapes.
func (g *gen) guard(k, body string) string {
	return g.guardW(32, k, body)
}

// guardW returns the guard 1 ≤ i ≤ k over w-bit i and k around body.
func (g *gen) guardW(w int, k, body string) string {
	one := hw(w, 1)
	switch g.r.IntN(3) {
	case 0:
		return fmt.Sprintf("(=> (and (bvule %s i) (bvule i %s)) %s)", one, k, body)
	case 1:
		return fmt.Sprintf("(or (not (and (bvule %s i) (bvule i %s))) %s)", one, k, body)
	}
	return fmt.Sprintf("(=> (and (bvuge i %s) (bvuge %s i)) %s)", one, k, body)
}

func (g *gen) forall(k, body string) {
	g.assert("(forall ((i (_ BitVec 32))) %s)", g.guard(k, body))
}

// loop asserts the merged iterations of a loop with count k (Def. 3.6):
// ∀i. 1 ≤ i ≤ k → tail(x−1), where tail is the loop's per-iteration path
// condition at the count-width position given to it. The position i−1 is
// written as an executor writes a·x+b with a = 1, b = −1: a subtraction or
// an addition of all ones.
func (g *gen) loop(k string, tail func(p string) string) {
	p := sub("i", g.c(1))
	if g.r.IntN(2) == 0 {
		p = add("i", g.c(-1))
	}
	g.assert("(forall ((i %s)) %s)", bvSort(g.cntW), g.guardW(g.cntW, k, tail(p)))
}

// count declares a count symbol k and asserts its range: a constant range
// (the executor's ⋁ k = k_j as lo ≤ k ≤ hi, with holes for counts no state
// had, as the reference implementation writes it) or, for unbounded shapes,
// only k ≤ limit when limit is not "" (no constant bound at all). It returns
// the largest value k may take, -1 when unbounded.
func (g *gen) count(k string, maxHi int, unbounded bool, limit string) int {
	g.declare(k, bvSort(g.cntW))
	if unbounded {
		if limit != "" {
			g.assert("(bvule %s %s)", k, limit)
		}
		return -1
	}
	hi := g.between(1, max(maxHi, 1))
	lo := 0
	if g.r.IntN(3) == 0 {
		lo = g.between(0, hi)
	}
	if lo == 0 {
		g.assert("(bvule %s %s)", k, g.c(hi))
	} else {
		g.assert("(and (bvuge %s %s) (bvule %s %s))", k, g.c(lo), k, g.c(hi))
	}
	if hi-lo >= 3 && g.r.IntN(4) == 0 {
		g.assert("(not (= %s %s))", k, g.c(g.between(lo+1, hi-1)))
	}
	return hi
}

// length declares a length n at count width, bounded by a constant (the
// executor's MaxLen) unless unbounded.
func (g *gen) length(n string, unbounded bool) {
	g.declare(n, bvSort(g.cntW))
	if !unbounded {
		g.assert("(bvule %s %s)", n, g.c(g.between(1, g.opts.MaxBuffer)))
	}
}

// unbounded decides whether a script's counts have no constant bound.
func (g *gen) unbounded() bool { return g.r.IntN(3) == 0 }
