package difftest

import (
	"fmt"
	"strings"
)

// QuantWidths are the widths of the quantified vocabulary: narrow ones,
// where a quantifier can be enumerated, and 16 and 32 bits, where it cannot.
var QuantWidths = []int{1, 2, 3, 4, 6, 8, 16, 32}

// NewQuantGen returns a generator of quantified bit-vector formulas (BV):
// QF_BV terms over the free constants, with ∀ and ∃ over Boolean and
// bit-vector variables anywhere a Boolean term may stand, so alternations
// nest and quantifiers appear under every connective.
func NewQuantGen(seed uint64) *Gen {
	g := NewGen(seed, QuantWidths)
	g.quant = true
	return g
}

// Probe returns a quantifier-free bit-vector term whose value get-value asks
// after sat.
func (g *Gen) Probe() string {
	q := g.quant
	g.quant = false
	defer func() { g.quant = q }()
	return g.BVTerm(g.Width(), 2)
}

// quantified returns ∀ or ∃ over one to three fresh variables (Boolean,
// narrow, or 16 and 32 bits wide, so that both expansion and instantiation
// get their turn) around a body of the given depth in which the variables
// are in scope as leaves, like let names, and whose terms favour the
// variables' widths, so that the body depends on them.
func (g *Gen) quantified(depth int) string {
	binder := []string{"forall", "exists"}[g.r.IntN(2)]
	n := 1 + g.r.IntN(3)
	var decls []string
	focus := len(g.focus)
	for range n {
		name := fmt.Sprintf("v%d", g.names)
		g.names++
		w := 0 // Bool
		switch k := g.r.IntN(10); {
		case k < 2:
		case k < 5:
			w = g.widths[g.r.IntN(6)] // 1–8 bits
		default:
			w = g.widths[6+g.r.IntN(2)] // 16 or 32 bits
		}
		sort := "Bool"
		if w > 0 {
			sort = fmt.Sprintf("(_ BitVec %d)", w)
			g.focus = append(g.focus, w)
		}
		decls = append(decls, "("+name+" "+sort+")")
		g.scope = append(g.scope, bound{name, w})
	}
	body := g.BoolTerm(depth)
	g.scope = g.scope[:len(g.scope)-n]
	g.focus = g.focus[:focus]
	return "(" + binder + " (" + strings.Join(decls, " ") + ") " + body + ")"
}
