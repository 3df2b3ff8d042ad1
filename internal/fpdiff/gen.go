package fpdiff

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/fp"
)

// kind is the sort family of a node.
type kind uint8

const (
	kBool kind = iota
	kFloat
	kRM
	kBV
)

// node is a term of the generated formulas: printed as SMT-LIB for the
// solvers and evaluated by the reference (eval.go).
type node struct {
	op   string // SMT-LIB head, "var" or "const"
	kind kind
	f    fp.Format // of a float node; of the operands for predicates
	w    uint32    // of a bit-vector node
	idx  []uint32
	args []*node
	name string // of a variable
	val  value  // of a constant
}

// value is what a node evaluates to.
type value struct {
	b  bool
	f  fp.Value
	bv bv.Value
	rm fp.RoundingMode
}

// Formula is one generated query over the variables of Vars.
type Formula struct {
	Vars  []*node
	Roots []*node // asserted
}

// formats are the formats formulas use: small enough for the reference
// (every value enumerated), Float16 the largest.
var formats = []fp.Format{{EB: 2, SB: 3}, {EB: 3, SB: 3}, {EB: 3, SB: 4}, {EB: 4, SB: 3}, {EB: 4, SB: 5},
	{EB: 5, SB: 4}, {EB: 3, SB: 6}, {EB: 5, SB: 11}}

// gen draws formulas.
type gen struct {
	r    *rand.Rand
	f, g fp.Format
	vars map[string]*node
	list []*node
}

// Generate returns formula number i of the seed's sequence.
func Generate(seed uint64, i int) Formula {
	g := &gen{r: rand.New(rand.NewPCG(seed, uint64(i))), vars: map[string]*node{}}
	g.f = formats[g.r.IntN(len(formats))]
	g.g = formats[g.r.IntN(len(formats))]
	n := 1 + g.r.IntN(3)
	var roots []*node
	for k := 0; k < n; k++ {
		roots = append(roots, g.boolean(2+g.r.IntN(3)))
	}
	return Formula{Vars: g.list, Roots: roots}
}

func (g *gen) variable(name string, k kind, f fp.Format, w uint32) *node {
	if v, ok := g.vars[name]; ok {
		return v
	}
	v := &node{op: "var", kind: k, f: f, w: w, name: name}
	g.vars[name] = v
	g.list = append(g.list, v)
	return v
}

func (g *gen) pick(n int) int { return g.r.IntN(n) }

func app(op string, k kind, f fp.Format, w uint32, idx []uint32, args ...*node) *node {
	return &node{op: op, kind: k, f: f, w: w, idx: idx, args: args}
}

func (g *gen) boolean(d int) *node {
	f := g.f
	if g.pick(4) == 0 {
		f = g.g
	}
	if d <= 0 {
		return app("fp.isNaN", kBool, f, 0, nil, g.float(f, 0))
	}
	switch g.pick(12) {
	case 0, 1:
		op := []string{"fp.leq", "fp.lt", "fp.geq", "fp.gt", "fp.eq"}[g.pick(5)]
		return app(op, kBool, f, 0, nil, g.float(f, d-1), g.float(f, d-1))
	case 2, 3:
		return app("=", kBool, f, 0, nil, g.float(f, d-1), g.float(f, d-1))
	case 4, 5:
		op := []string{"fp.isNormal", "fp.isSubnormal", "fp.isZero", "fp.isInfinite", "fp.isNaN", "fp.isNegative", "fp.isPositive"}[g.pick(7)]
		return app(op, kBool, f, 0, nil, g.float(f, d-1))
	case 6:
		return app("not", kBool, f, 0, nil, g.boolean(d-1))
	case 7:
		return app([]string{"and", "or"}[g.pick(2)], kBool, f, 0, nil, g.boolean(d-1), g.boolean(d-1))
	case 8:
		w := uint32(4 + 4*g.pick(2))
		return app([]string{"=", "bvult", "bvslt"}[g.pick(3)], kBool, f, w, nil, g.bitvec(w, d-1), g.bitvec(w, d-1))
	case 9:
		return app("=", kBool, f, 0, nil, g.rounding(), g.rounding())
	}
	return app("ite", kBool, f, 0, nil, g.boolean(d-1), g.boolean(d-1), g.boolean(d-1))
}

func (g *gen) rounding() *node {
	if g.pick(2) == 0 {
		return g.variable("r", kRM, fp.Format{}, 0)
	}
	return &node{op: "const", kind: kRM, val: value{rm: fp.RoundingMode(g.pick(5))}}
}

func (g *gen) floatLeaf(f fp.Format) *node {
	if g.pick(3) > 0 {
		name := fmt.Sprintf("x%d", g.pick(3))
		if f != g.f {
			name = "y0"
		}
		return g.variable(name, kFloat, f, 0)
	}
	var v fp.Value
	switch g.pick(4) {
	case 0:
		v = []fp.Value{fp.Zero(f, false), fp.Zero(f, true), fp.Inf(f, false), fp.Inf(f, true), fp.NaN(f)}[g.pick(5)]
	default:
		v = fp.FromBits(f, bv.New(f.Width(), g.r.Uint64()))
	}
	return &node{op: "const", kind: kFloat, f: f, val: value{f: v}}
}

func (g *gen) float(f fp.Format, d int) *node {
	if d <= 0 {
		return g.floatLeaf(f)
	}
	other := g.g
	if f == g.g {
		other = g.f
	}
	switch g.pick(18) {
	case 0, 1, 2:
		op := []string{"fp.add", "fp.sub", "fp.mul", "fp.div"}[g.pick(4)]
		return app(op, kFloat, f, 0, nil, g.rounding(), g.float(f, d-1), g.float(f, d-1))
	case 3:
		return app("fp.fma", kFloat, f, 0, nil, g.rounding(), g.float(f, d-1), g.float(f, d-1), g.float(f, d-1))
	case 4:
		return app([]string{"fp.sqrt", "fp.roundToIntegral"}[g.pick(2)], kFloat, f, 0, nil, g.rounding(), g.float(f, d-1))
	case 5:
		return app([]string{"fp.rem", "fp.min", "fp.max"}[g.pick(3)], kFloat, f, 0, nil, g.float(f, d-1), g.float(f, d-1))
	case 6:
		return app([]string{"fp.abs", "fp.neg"}[g.pick(2)], kFloat, f, 0, nil, g.float(f, d-1))
	case 7:
		return app("ite", kFloat, f, 0, nil, g.boolean(d-1), g.float(f, d-1), g.float(f, d-1))
	case 8:
		return app("to_fp", kFloat, f, 0, []uint32{f.EB, f.SB}, g.rounding(), g.float(other, d-1))
	case 9:
		w := uint32(4 + 4*g.pick(2))
		op := []string{"to_fp", "to_fp_unsigned"}[g.pick(2)]
		return app(op, kFloat, f, 0, []uint32{f.EB, f.SB}, g.rounding(), g.bitvec(w, d-1))
	case 10:
		return app("to_fp", kFloat, f, 0, []uint32{f.EB, f.SB}, g.bitvec(f.Width(), d-1))
	case 11:
		b := g.bitvec(f.Width(), d-1)
		w := f.Width()
		return app("fp", kFloat, f, 0, nil, app("extract", kBV, f, 1, []uint32{w - 1, w - 1}, b),
			app("extract", kBV, f, f.EB, []uint32{w - 2, f.SB - 1}, b), app("extract", kBV, f, f.SB-1, []uint32{f.SB - 2, 0}, b))
	}
	return g.floatLeaf(f)
}

func (g *gen) bitvec(w uint32, d int) *node {
	if d <= 0 || g.pick(3) == 0 {
		if g.pick(2) == 0 {
			return g.variable(fmt.Sprintf("b%d", w), kBV, fp.Format{}, w)
		}
		return &node{op: "const", kind: kBV, w: w, val: value{bv: bv.New(w, g.r.Uint64())}}
	}
	f := g.f
	if g.pick(3) == 0 {
		f = g.g
	}
	switch g.pick(4) {
	case 0, 1:
		op := []string{"fp.to_ubv", "fp.to_sbv"}[g.pick(2)]
		return app(op, kBV, f, w, []uint32{w}, g.rounding(), g.float(f, d-1))
	case 2:
		return app("bvadd", kBV, f, w, nil, g.bitvec(w, d-1), g.bitvec(w, d-1))
	}
	return app("ite", kBV, f, w, nil, g.boolean(d-1), g.bitvec(w, d-1), g.bitvec(w, d-1))
}

func sortText(n *node) string {
	switch n.kind {
	case kBool:
		return "Bool"
	case kFloat:
		return fmt.Sprintf("(_ FloatingPoint %d %d)", n.f.EB, n.f.SB)
	case kRM:
		return "RoundingMode"
	}
	return fmt.Sprintf("(_ BitVec %d)", n.w)
}

func (n *node) text(b *strings.Builder) {
	switch n.op {
	case "var":
		b.WriteString(n.name)
		return
	case "const":
		switch n.kind {
		case kRM:
			b.WriteString(n.val.rm.String())
		case kFloat:
			// The encoding as written, NaN patterns included.
			s, e, m := n.val.f.SignBit(), n.val.f.ExponentField(), n.val.f.TrailingField()
			fmt.Fprintf(b, "(fp %s %s %s)", s.BinaryString(), e.BinaryString(), m.BinaryString())
		case kBV:
			b.WriteString(n.val.bv.BinaryString())
		}
		return
	}
	b.WriteByte('(')
	if len(n.idx) > 0 {
		b.WriteString("(_ " + n.op)
		for _, i := range n.idx {
			fmt.Fprintf(b, " %d", i)
		}
		b.WriteByte(')')
	} else {
		b.WriteString(n.op)
	}
	for _, a := range n.args {
		b.WriteByte(' ')
		a.text(b)
	}
	b.WriteByte(')')
}

// Declarations returns the declare-fun commands of the formula's variables.
func (fo Formula) Declarations() string {
	var b strings.Builder
	for _, v := range fo.Vars {
		fmt.Fprintf(&b, "(declare-fun %s () %s)\n", v.name, sortText(v))
	}
	return b.String()
}

// Assertions returns the assert commands.
func (fo Formula) Assertions() string {
	var b strings.Builder
	for _, r := range fo.Roots {
		b.WriteString("(assert ")
		r.text(&b)
		b.WriteString(")\n")
	}
	return b.String()
}

// Script returns the whole query: logic, declarations, assertions, check.
func (fo Formula) Script(status string) string {
	s := "(set-logic QF_BVFP)\n"
	if status != "" {
		s += "(set-info :status " + status + ")\n"
	}
	return s + fo.Declarations() + fo.Assertions() + "(check-sat)\n"
}
