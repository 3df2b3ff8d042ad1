package sat

import "context"

// CNF turns AIG edges into solver literals with the Tseitin encoding,
// incrementally: it encodes only the cone of the edges it is asked for and
// remembers every node it has encoded, so a later call adds clauses for new
// gates only. Inputs and gates get one SAT variable each; the constants share
// one variable fixed true by a unit clause.
//
// Two AIG shapes get a shorter encoding: the mux ~(~(c&t) & ~(~c&e)) and, as
// its special case, the xor. Such a node is encoded directly over c, t and e
// (4 or 6 clauses, one variable) instead of three and-gates (9 clauses, three
// variables). The inner gates are encoded separately only if something else
// needs them.
type CNF struct {
	g       *AIG
	s       Solver
	scope   modelScope // s, when its model can lag behind the clauses
	lits    []Lit      // per AIG node; 0 = not encoded yet
	trueLit Lit

	vars, clauses int
	stack         []uint32
}

// NewCNF binds g to s. Several CNFs must not share one solver unless they
// never share variables.
func NewCNF(g *AIG, s Solver) *CNF {
	scope, _ := s.(modelScope)
	return &CNF{g: g, s: s, scope: scope}
}

// Solver is the backend the clauses go to.
func (c *CNF) Solver() Solver { return c.s }

// NumVars and NumClauses count what this encoder created.
func (c *CNF) NumVars() int    { return c.vars }
func (c *CNF) NumClauses() int { return c.clauses }

// Encoded reports whether e's node already has a variable.
func (c *CNF) Encoded(e Edge) bool {
	n := e.Node()
	if n == 0 {
		return c.trueLit != 0
	}
	return int(n) < len(c.lits) && c.lits[n] != 0
}

func (c *CNF) add(lits ...Lit) {
	c.s.Add(lits...)
	c.clauses++
}

func (c *CNF) newVar() Lit {
	c.vars++
	return c.s.NewVar()
}

// Lit returns a literal equivalent to e, encoding e's cone first if needed.
func (c *CNF) Lit(e Edge) Lit {
	n := e.Node()
	var l Lit
	if n == 0 {
		if c.trueLit == 0 {
			c.trueLit = c.newVar()
			c.add(c.trueLit)
		}
		l = c.trueLit.Not() // node 0 is false
	} else {
		l = c.encode(n)
	}
	if e.IsComplement() {
		return l.Not()
	}
	return l
}

// Lits maps Lit over es.
func (c *CNF) Lits(es []Edge) []Lit {
	out := make([]Lit, len(es))
	for i, e := range es {
		out[i] = c.Lit(e)
	}
	return out
}

// Assert adds e as a unit clause (False makes the solver unsatisfiable;
// True adds nothing).
func (c *CNF) Assert(e Edge) {
	if e == True {
		return
	}
	c.add(c.Lit(e))
}

// edgeLit is the literal of an edge whose node is already encoded.
func (c *CNF) edgeLit(e Edge) Lit {
	if e.Node() == 0 {
		return c.Lit(e)
	}
	l := c.lits[e.Node()]
	if e.IsComplement() {
		return l.Not()
	}
	return l
}

// mux recognises n = ~ite(cond, t, e), i.e. n = ~(cond&t) & ~(~cond&e).
func (c *CNF) mux(n uint32) (cond, t, e Edge, ok bool) {
	l, r := c.g.left[n], c.g.right[n]
	if !l.IsComplement() || !r.IsComplement() {
		return 0, 0, 0, false
	}
	p, q, ok1 := c.g.Gate(l)
	u, v, ok2 := c.g.Gate(r)
	if !ok1 || !ok2 {
		return 0, 0, 0, false
	}
	switch {
	case p == u.Not():
		return p, q, v, true
	case p == v.Not():
		return p, q, u, true
	case q == u.Not():
		return q, p, v, true
	case q == v.Not():
		return q, p, u, true
	}
	return 0, 0, 0, false
}

// fanins are the edges the encoding of gate n refers to.
func (c *CNF) fanins(n uint32, buf []Edge) []Edge {
	if cond, t, e, ok := c.mux(n); ok {
		return append(buf, cond, t, e)
	}
	return append(buf, c.g.left[n], c.g.right[n])
}

// Encode encodes e's cone, looking at ctx every few thousand gates: a cone
// of millions of gates takes seconds. It stops early with ctx's error; the
// gates encoded so far keep their complete clauses, so a later call goes on
// where this one stopped. After a nil return, Lit(e) is immediate.
func (c *CNF) Encode(ctx context.Context, e Edge) error {
	if e.Node() == 0 {
		c.Lit(e)
		return nil
	}
	c.encodeWith(e.Node(), ctx)
	return ctx.Err()
}

// encodeCheckGates is how many gates Encode encodes between two looks at
// its context.
const encodeCheckGates = 1 << 12

func (c *CNF) encode(root uint32) Lit { return c.encodeWith(root, nil) }

// encodeWith encodes root's cone; with a context, it returns 0 when the
// context ends first.
func (c *CNF) encodeWith(root uint32, ctx context.Context) Lit {
	if int(root) < len(c.lits) && c.lits[root] != 0 {
		return c.lits[root]
	}
	if need := c.g.NumNodes(); len(c.lits) < need {
		c.lits = append(c.lits, make([]Lit, need-len(c.lits))...)
	}
	var buf [3]Edge
	stack := append(c.stack[:0], root)
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		if c.lits[n] != 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		if c.g.left[n] == 0 { // input
			c.lits[n] = c.newVar()
			stack = stack[:len(stack)-1]
			continue
		}
		ready := true
		for _, f := range c.fanins(n, buf[:0]) {
			if m := f.Node(); m != 0 && c.lits[m] == 0 {
				stack = append(stack, m)
				ready = false
			}
		}
		if !ready {
			continue
		}
		stack = stack[:len(stack)-1]
		c.lits[n] = c.newVar()
		c.emit(n)
		if ctx != nil && c.vars%encodeCheckGates == 0 && ctx.Err() != nil {
			c.stack = stack[:0]
			return 0
		}
	}
	c.stack = stack
	return c.lits[root]
}

// emit writes the defining clauses of gate n, whose fan-ins are encoded.
func (c *CNF) emit(n uint32) {
	g := c.lits[n]
	if cond, t, e, ok := c.mux(n); ok {
		m := g.Not() // m <-> ite(cond, t, e)
		cl, tl, el := c.edgeLit(cond), c.edgeLit(t), c.edgeLit(e)
		c.add(cl.Not(), tl.Not(), m)
		c.add(cl.Not(), tl, m.Not())
		c.add(cl, el.Not(), m)
		c.add(cl, el, m.Not())
		if t != e.Not() {
			// Redundant for a mux, but they let propagation see t = e.
			c.add(tl.Not(), el.Not(), m)
			c.add(tl, el, m.Not())
		}
		return
	}
	a, b := c.edgeLit(c.g.left[n]), c.edgeLit(c.g.right[n])
	c.add(g.Not(), a)
	c.add(g.Not(), b)
	c.add(g, a.Not(), b.Not())
}

// Value reads e in the solver's current model (call only after Sat).
// Encoded edges read the solver; constants are what they are; inputs that
// were never encoded are false; gates that were never encoded are evaluated
// from their fan-ins, so the values of all edges stay consistent.
func (c *CNF) Value(e Edge) bool {
	return c.value(e, nil) != e.IsComplement()
}

// Values reads a slice of edges, sharing the evaluation of un-encoded gates.
func (c *CNF) Values(es []Edge) []bool {
	memo := make(map[uint32]bool)
	out := make([]bool, len(es))
	for i, e := range es {
		out[i] = c.value(e, memo) != e.IsComplement()
	}
	return out
}

// value returns the value of e's node (sign ignored).
func (c *CNF) value(e Edge, memo map[uint32]bool) bool {
	n := e.Node()
	if n == 0 {
		return false
	}
	if c.inModel(n) {
		return c.s.Value(c.lits[n])
	}
	if c.g.left[n] == 0 {
		return false
	}
	if memo == nil {
		memo = make(map[uint32]bool)
	}
	// Iterative post-order over the un-encoded part of the cone.
	stack := []uint32{n}
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		if _, ok := memo[m]; ok {
			stack = stack[:len(stack)-1]
			continue
		}
		l, r := c.g.left[m], c.g.right[m]
		lv, lok := c.known(l.Node(), memo)
		rv, rok := c.known(r.Node(), memo)
		if !lok {
			stack = append(stack, l.Node())
		}
		if !rok {
			stack = append(stack, r.Node())
		}
		if lok && rok {
			memo[m] = (lv != l.IsComplement()) && (rv != r.IsComplement())
			stack = stack[:len(stack)-1]
		}
	}
	return memo[n]
}

// known gives the value of node n if it needs no evaluation of fan-ins.
func (c *CNF) known(n uint32, memo map[uint32]bool) (bool, bool) {
	if n == 0 {
		return false, true
	}
	if v, ok := memo[n]; ok {
		return v, true
	}
	if c.inModel(n) {
		return c.s.Value(c.lits[n]), true
	}
	if c.g.left[n] == 0 {
		return false, true
	}
	return false, false
}

// modelScope is implemented by solvers whose model may lag behind the
// clauses: variables added since the last Sat answer are not in it.
type modelScope interface {
	InModel(l Lit) bool
}

// inModel reports whether node n has a literal the solver's model covers; a
// gate encoded after the model was found is evaluated from its fan-ins
// instead, which gives the value its clauses will force.
func (c *CNF) inModel(n uint32) bool {
	if int(n) >= len(c.lits) || c.lits[n] == 0 {
		return false
	}
	return c.scope == nil || c.scope.InModel(c.lits[n])
}
