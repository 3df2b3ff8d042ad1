package sat

import (
	"context"
	"fmt"
)

// Edge points at an AIG node, possibly complemented: node index << 1 | sign.
// Node 0 is the constant false, so Edge 0 is false and Edge 1 is true.
type Edge uint32

const (
	False Edge = 0
	True  Edge = 1
)

// Not complements e (free: it flips the sign bit).
func (e Edge) Not() Edge { return e ^ 1 }

// Node is the index of the node e points at.
func (e Edge) Node() uint32 { return uint32(e >> 1) }

// IsComplement reports whether e is the negation of its node.
func (e Edge) IsComplement() bool { return e&1 == 1 }

// IsConst reports whether e is True or False.
func (e Edge) IsConst() bool { return e>>1 == 0 }

// positive strips the sign.
func (e Edge) positive() Edge { return e &^ 1 }

func (e Edge) String() string {
	switch e {
	case False:
		return "false"
	case True:
		return "true"
	}
	if e.IsComplement() {
		return fmt.Sprintf("~n%d", e.Node())
	}
	return fmt.Sprintf("n%d", e.Node())
}

// AIG is an and-inverter graph: constant false, inputs and two-input and-gates
// whose fan-ins are signed edges. And hashes structurally (the same gate over the
// same fan-ins is built once) and folds constants and a few two-level patterns,
// so equal edges mean equal functions for everything those rules catch.
type AIG struct {
	// left/right of node n; an input has both 0, which no gate can have
	// because And(false, false) folds.
	left, right []Edge
	strash      map[uint64]Edge
	inputs      int

	// ctx, when set, stops gate construction once it is done: a single
	// wide operator (a 1024-bit divider is millions of gates) must not
	// outlive its deadline. After that And builds nothing and err is set;
	// the circuits built since are garbage, and the caller discards them
	// (Err).
	ctx   context.Context
	calls int
	err   error
}

// ctxCheckCalls is how many calls of And pass between two looks at the
// context (folded and hashed calls count too: a wide operator over
// constants does quadratic work without building a gate).
const ctxCheckCalls = 1 << 14

// SetContext arms cancellation by ctx (nil disarms it) and clears a
// previous interruption.
func (g *AIG) SetContext(ctx context.Context) { g.ctx, g.err = ctx, nil }

// Err is the context's error once it stopped gate construction: every edge
// returned by And since then is meaningless. nil otherwise.
func (g *AIG) Err() error { return g.err }

// NewAIG returns a graph holding only the constant node.
func NewAIG() *AIG {
	return &AIG{left: []Edge{0}, right: []Edge{0}, strash: make(map[uint64]Edge)}
}

func (g *AIG) True() Edge  { return True }
func (g *AIG) False() Edge { return False }

// Const is True or False.
func (g *AIG) Const(b bool) Edge {
	if b {
		return True
	}
	return False
}

// Input adds a fresh primary input.
func (g *AIG) Input() Edge {
	n := len(g.left)
	g.left = append(g.left, 0)
	g.right = append(g.right, 0)
	g.inputs++
	return Edge(n << 1)
}

// NumNodes counts all nodes, the constant included.
func (g *AIG) NumNodes() int { return len(g.left) }

// NumInputs counts inputs; NumGates counts and-gates.
func (g *AIG) NumInputs() int { return g.inputs }
func (g *AIG) NumGates() int  { return len(g.left) - 1 - g.inputs }

// IsInput reports whether e points at an input.
func (g *AIG) IsInput(e Edge) bool {
	n := e.Node()
	return n != 0 && g.left[n] == 0
}

// Gate returns the fan-ins of the and-gate e points at (ignoring e's sign);
// ok is false for constants and inputs.
func (g *AIG) Gate(e Edge) (a, b Edge, ok bool) {
	n := e.Node()
	if n == 0 || g.left[n] == 0 {
		return 0, 0, false
	}
	return g.left[n], g.right[n], true
}

// gate is Gate for a positive (uncomplemented) edge only.
func (g *AIG) gate(e Edge) (a, b Edge, ok bool) {
	if e.IsComplement() {
		return 0, 0, false
	}
	return g.Gate(e)
}

// And returns a & b.
func (g *AIG) And(a, b Edge) Edge {
	if g.calls++; g.calls%ctxCheckCalls == 0 && g.ctx != nil && g.err == nil {
		g.err = g.ctx.Err()
	}
	if g.err != nil {
		return False // interrupted: finish the caller's loops fast
	}
	if a > b {
		a, b = b, a
	}
	// One-level rules; a <= b, so a constant is always a.
	switch {
	case a == False:
		return False
	case a == True:
		return b
	case a == b:
		return a
	case a == b.Not():
		return False
	}
	if r, ok := g.andTwoLevel(a, b); ok {
		return r
	}
	if r, ok := g.andTwoLevel(b, a); ok {
		return r
	}
	if r, ok := g.resolve(a, b); ok {
		return r
	}
	key := uint64(a)<<32 | uint64(b)
	if e, ok := g.strash[key]; ok {
		return e
	}
	n := len(g.left)
	g.left = append(g.left, a)
	g.right = append(g.right, b)
	e := Edge(n << 1)
	g.strash[key] = e
	return e
}

// andTwoLevel applies the rules where a is a gate (positive or negated)
// and b is any edge (Brummayer and Biere's local two-level optimisations).
func (g *AIG) andTwoLevel(a, b Edge) (Edge, bool) {
	x, y, ok := g.Gate(a)
	if !ok {
		return 0, false
	}
	if !a.IsComplement() {
		// (x&y) & b
		switch b {
		case x, y: // idempotence
			return a, true
		case x.Not(), y.Not(): // contradiction
			return False, true
		}
		if z, w, ok := g.gate(b); ok {
			// (x&y) & (z&w) with a complementary pair.
			if z == x.Not() || z == y.Not() || w == x.Not() || w == y.Not() {
				return False, true
			}
		}
		return 0, false
	}
	// ~(x&y) & b
	switch b {
	case x.Not(), y.Not(): // subsumption: ~x implies ~(x&y)
		return b, true
	case x: // substitution
		return g.And(x, y.Not()), true
	case y:
		return g.And(y, x.Not()), true
	}
	if z, w, ok := g.gate(b); ok {
		// b implies ~x or ~y, so it implies ~(x&y).
		if z == x.Not() || z == y.Not() || w == x.Not() || w == y.Not() {
			return b, true
		}
	}
	return 0, false
}

// resolve applies ~(x&y) & ~(x&~y) = ~x.
func (g *AIG) resolve(a, b Edge) (Edge, bool) {
	if !a.IsComplement() || !b.IsComplement() {
		return 0, false
	}
	x, y, ok1 := g.Gate(a)
	z, w, ok2 := g.Gate(b)
	if !ok1 || !ok2 {
		return 0, false
	}
	switch {
	case x == z && y == w.Not(), x == w && y == z.Not():
		return x.Not(), true
	case y == z && x == w.Not(), y == w && x == z.Not():
		return y.Not(), true
	}
	return 0, false
}

// Or returns a | b.
func (g *AIG) Or(a, b Edge) Edge { return g.And(a.Not(), b.Not()).Not() }

// Xor returns a ^ b, built canonically (signs pulled out, fan-ins ordered) so
// that every spelling of the same xor shares one structure, the shape the CNF
// encoder recognises: ~(a&b) & ~(~a&~b).
func (g *AIG) Xor(a, b Edge) Edge {
	sign := (a ^ b) & 1
	a, b = a.positive(), b.positive()
	if a > b {
		a, b = b, a
	}
	return g.And(g.And(a, b).Not(), g.And(a.Not(), b.Not()).Not()) ^ sign
}

// Xnor returns a == b.
func (g *AIG) Xnor(a, b Edge) Edge { return g.Xor(a, b).Not() }

// Iff is Xnor.
func (g *AIG) Iff(a, b Edge) Edge { return g.Xnor(a, b) }

// Implies returns a -> b.
func (g *AIG) Implies(a, b Edge) Edge { return g.Or(a.Not(), b) }

// Ite returns c ? t : e, as ~(~(c&t) & ~(~c&e)), the mux shape the CNF
// encoder recognises.
func (g *AIG) Ite(c, t, e Edge) Edge {
	if c.IsComplement() {
		c, t, e = c.Not(), e, t
	}
	switch {
	case c == True:
		return t
	case c == False:
		return e
	case t == e:
		return t
	case t == e.Not():
		return g.Xor(c, e)
	case t == c || t == True:
		return g.Or(c, e)
	case t == c.Not() || t == False:
		return g.And(c.Not(), e)
	case e == c || e == False:
		return g.And(c, t)
	case e == c.Not() || e == True:
		return g.Or(c.Not(), t)
	}
	return g.And(g.And(c, t).Not(), g.And(c.Not(), e).Not()).Not()
}

// AndN is the conjunction of es (True when empty).
func (g *AIG) AndN(es ...Edge) Edge {
	r := True
	for _, e := range es {
		r = g.And(r, e)
	}
	return r
}

// OrN is the disjunction of es (False when empty).
func (g *AIG) OrN(es ...Edge) Edge {
	r := False
	for _, e := range es {
		r = g.Or(r, e)
	}
	return r
}

// Eval computes the value of e given the values of inputs (by node index);
// inputs missing from the map are false. It is the reference semantics the
// tests compare the CNF against.
func (g *AIG) Eval(e Edge, inputs map[uint32]bool) bool {
	memo := make(map[uint32]bool)
	return g.evalNode(e.Node(), inputs, memo) != e.IsComplement()
}

func (g *AIG) evalNode(root uint32, inputs map[uint32]bool, memo map[uint32]bool) bool {
	// Iterative post-order: AIGs from wide dividers are deep.
	stack := []uint32{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		if _, done := memo[n]; done {
			stack = stack[:len(stack)-1]
			continue
		}
		if n == 0 {
			memo[n] = false
			continue
		}
		l, r := g.left[n], g.right[n]
		if l == 0 { // input
			memo[n] = inputs[n]
			continue
		}
		lv, lok := memo[l.Node()]
		rv, rok := memo[r.Node()]
		if !lok {
			stack = append(stack, l.Node())
		}
		if !rok {
			stack = append(stack, r.Node())
		}
		if lok && rok {
			memo[n] = (lv != l.IsComplement()) && (rv != r.IsComplement())
		}
	}
	return memo[root]
}
