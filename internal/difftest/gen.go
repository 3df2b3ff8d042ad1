package difftest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// Width sets for the generator.
var (
	// SmallWidths are small enough that every formula solves at once, varied
	// enough to hit odd widths.
	SmallWidths = []int{1, 2, 3, 4, 8, 13}
	// WideWidths are every width from 1 to 8 and the boundaries of the 32-
	// and 64-bit fast paths up to 70.
	WideWidths = []int{1, 2, 3, 4, 5, 6, 7, 8, 16, 31, 32, 33, 63, 64, 65, 70}
	// ArrayWidths are the widths of the arrays-and-functions vocabulary:
	// indices of 4, 8 and 32 bits, bytes, and two- and four-byte reads.
	ArrayWidths = []int{1, 4, 8, 16, 32}
)

// Gen builds random formulas as SMT-LIB text over two declared variables per
// width and two Boolean variables, plus, with arrays, the array and function
// symbols of arrayDeclarations. Terms are shared through nested lets, so the
// formulas are DAGs, not trees.
type Gen struct {
	r      *rand.Rand
	widths []int
	arrays bool
	quant  bool    // quantifiers over Booleans and bit-vectors (quant.go)
	focus  []int   // widths of the bound variables in scope, which Width favours
	scope  []bound // let-bound names visible at the current point
	names  int     // let names made so far, for fresh names
}

// bound is a let-bound name; w is its width, 0 for Bool.
type bound struct {
	name string
	w    int
}

// NewGen returns a QF_BV generator over widths (ascending), from seed.
func NewGen(seed uint64, widths []int) *Gen {
	return &Gen{r: rand.New(rand.NewPCG(seed, 0x5eed)), widths: widths}
}

// NewArrayGen returns a generator of QF_AUFBV formulas (arrays, functions and
// bit-vectors over ArrayWidths), from seed.
func NewArrayGen(seed uint64) *Gen {
	g := NewGen(seed, ArrayWidths)
	g.arrays = true
	return g
}

// Widths returns the widths of the declared bit-vector variables.
func (g *Gen) Widths() []int { return g.widths }

// Declarations declares every symbol the formulas use.
func (g *Gen) Declarations() string {
	var b strings.Builder
	for _, w := range g.widths {
		fmt.Fprintf(&b, "(declare-const x%d (_ BitVec %d))(declare-const y%d (_ BitVec %d))", w, w, w, w)
	}
	b.WriteString("(declare-const p Bool)(declare-const q Bool)\n")
	if g.arrays {
		b.WriteString(arrayDeclarations)
	}
	return b.String()
}

// Width returns a random declared width.
func (g *Gen) Width() int {
	if len(g.focus) > 0 && g.r.IntN(3) > 0 {
		return g.focus[g.r.IntN(len(g.focus))]
	}
	return g.widths[g.r.IntN(len(g.widths))]
}

// Assertion returns a Boolean term of the given depth under up to two
// top-level lets.
func (g *Gen) Assertion(depth int) string {
	return g.lets(g.r.IntN(3), depth, func() string {
		if g.quant && g.r.IntN(2) == 0 {
			return g.quantified(depth - 1)
		}
		return g.BoolTerm(depth)
	})
}

// lets wraps body in n nested single-binding lets; each bound term may use
// the names bound before it, and body may use all of them.
func (g *Gen) lets(n, depth int, body func() string) string {
	if n == 0 {
		return body()
	}
	name := fmt.Sprintf("s%d", g.names)
	g.names++
	var val string
	w := 0
	if g.r.IntN(5) == 0 {
		val = g.BoolTerm(depth - 1)
	} else {
		w = g.Width()
		val = g.BVTerm(w, depth-1)
	}
	g.scope = append(g.scope, bound{name, w})
	rest := g.lets(n-1, depth, body)
	g.scope = g.scope[:len(g.scope)-1]
	return fmt.Sprintf("(let ((%s %s)) %s)", name, val, rest)
}

// boundName returns a let-bound name of width w (0: Bool) in scope, or "".
func (g *Gen) boundName(w int) string {
	var names []string
	for _, b := range g.scope {
		if b.w == w {
			names = append(names, b.name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return names[g.r.IntN(len(names))]
}

// BoolTerm returns a random Boolean term of at most the given depth.
func (g *Gen) BoolTerm(depth int) string {
	if depth <= 0 {
		if s := g.boundName(0); s != "" && g.r.IntN(2) == 0 {
			return s
		}
		return []string{"p", "q", "true"}[g.r.IntN(3)]
	}
	d := depth - 1
	cases := 14
	if g.quant {
		cases = 17
	}
	switch g.r.IntN(cases) {
	case 0:
		return "(not " + g.BoolTerm(d) + ")"
	case 1:
		op := []string{"and", "or", "xor", "=>", "="}[g.r.IntN(5)]
		return "(" + op + " " + g.BoolTerm(d) + " " + g.BoolTerm(d) + ")"
	case 2:
		return "(ite " + g.BoolTerm(d) + " " + g.BoolTerm(d) + " " + g.BoolTerm(d) + ")"
	case 3:
		w := g.Width()
		return "(distinct " + g.BVTerm(w, d) + " " + g.BVTerm(w, d) + " " + g.BVTerm(w, d) + ")"
	case 4, 5:
		w := g.Width()
		return "(= " + g.BVTerm(w, d) + " " + g.BVTerm(w, d) + ")"
	case 6, 7, 8:
		w := g.Width()
		op := []string{"bvult", "bvule", "bvugt", "bvuge", "bvslt", "bvsle", "bvsgt", "bvsge"}[g.r.IntN(8)]
		return "(" + op + " " + g.BVTerm(w, d) + " " + g.BVTerm(w, d) + ")"
	case 9:
		w := g.Width()
		op := []string{"bvuaddo", "bvsaddo", "bvusubo", "bvssubo", "bvumulo", "bvsmulo", "bvsdivo"}[g.r.IntN(7)]
		return overflowMark(op, w) + g.BVTerm(w, d) + " " + g.BVTerm(w, d) + ")"
	case 10:
		w := g.Width()
		return overflowMark("bvnego", w) + g.BVTerm(w, d) + ")"
	case 11:
		return g.lets(1, depth, func() string { return g.BoolTerm(d) })
	case 12, 13:
		if g.arrays {
			return g.arrayAtom(d)
		}
	case 14, 15, 16:
		return g.quantified(d)
	}
	return g.BoolTerm(0)
}

// BVTerm returns a random bit-vector term of width w and at most the given
// depth.
func (g *Gen) BVTerm(w, depth int) string {
	if depth <= 0 || g.r.IntN(6) == 0 {
		return g.bvLeaf(w)
	}
	d := depth - 1
	switch g.r.IntN(13) {
	case 0:
		op := []string{"bvnot", "bvneg"}[g.r.IntN(2)]
		return "(" + op + " " + g.BVTerm(w, d) + ")"
	case 1, 2, 3:
		op := []string{"bvadd", "bvsub", "bvmul", "bvudiv", "bvurem", "bvsdiv", "bvsrem", "bvsmod",
			"bvshl", "bvlshr", "bvashr", "bvand", "bvor", "bvxor", "bvnand", "bvnor", "bvxnor"}[g.r.IntN(17)]
		return "(" + op + " " + g.BVTerm(w, d) + " " + g.BVTerm(w, d) + ")"
	case 4:
		return "(ite " + g.BoolTerm(d) + " " + g.BVTerm(w, d) + " " + g.BVTerm(w, d) + ")"
	case 5:
		wide := max(g.Width(), w)
		lo := g.r.IntN(wide - w + 1)
		return fmt.Sprintf("((_ extract %d %d) %s)", lo+w-1, lo, g.BVTerm(wide, d))
	case 6:
		if w == 1 {
			u := g.Width()
			return "(bvcomp " + g.BVTerm(u, d) + " " + g.BVTerm(u, d) + ")"
		}
		hi := 1 + g.r.IntN(w-1)
		return "(concat " + g.BVTerm(hi, d) + " " + g.BVTerm(w-hi, d) + ")"
	case 7:
		if w == 1 {
			break
		}
		k := 1 + g.r.IntN(w-1)
		op := []string{"zero_extend", "sign_extend"}[g.r.IntN(2)]
		return fmt.Sprintf("((_ %s %d) %s)", op, k, g.BVTerm(w-k, d))
	case 8:
		op := []string{"rotate_left", "rotate_right"}[g.r.IntN(2)]
		return fmt.Sprintf("((_ %s %d) %s)", op, g.r.IntN(2*w), g.BVTerm(w, d))
	case 9:
		for _, n := range []int{4, 3, 2} {
			if w%n == 0 && w > n {
				return fmt.Sprintf("((_ repeat %d) %s)", n, g.BVTerm(w/n, d))
			}
		}
	case 10:
		return g.lets(1, depth, func() string { return g.BVTerm(w, d) })
	case 11, 12:
		if g.arrays {
			if t := g.arrayRead(w, d); t != "" {
				return t
			}
		}
	}
	return g.bvLeaf(w)
}

// bvLeaf returns a constant, a declared variable (extracted or extended to w)
// or a let-bound name of width w.
func (g *Gen) bvLeaf(w int) string {
	if s := g.boundName(w); s != "" && g.r.IntN(2) == 0 {
		return s
	}
	if g.r.IntN(3) == 0 {
		if w > 64 {
			return fmt.Sprintf("(concat (_ bv%d %d) (_ bv%d 64))", g.r.Uint64()&(1<<(w-64)-1), w-64, g.r.Uint64())
		}
		return fmt.Sprintf("(_ bv%d %d)", g.r.Uint64()&(1<<w-1), w)
	}
	v := []string{"x", "y"}[g.r.IntN(2)]
	if slices.Contains(g.widths, w) {
		return fmt.Sprintf("%s%d", v, w)
	}
	widest := g.widths[len(g.widths)-1]
	if w > widest {
		return fmt.Sprintf("((_ zero_extend %d) %s%d)", w-widest, v, widest)
	}
	return fmt.Sprintf("((_ extract %d 0) %s%d)", w-1, v, widest)
}
