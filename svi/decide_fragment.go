package svi

import (
	"fmt"
	"slices"

	"github.com/sift-solver/sift/term"
)

// This file recognises the fragment the decision stage handles (digest §5,
// widened to symbolic-execution memory queries): a conjunction of unsigned
// and signed comparisons and (dis)equalities between terms built from
// variables, constants and array reads (atoms, decide_select.go) of width
// <= 64 with bvadd, bvsub, bvneg, bvnot, bvmul, bvudiv, bvurem, bvand,
// bvor, bvxor, shifts by a constant (rewritten to × and ÷ by a power of
// two), extract, concat and the extensions (decide_resize.go). Anything
// else makes the whole problem out of fragment; the check stops at the
// first such term, so giving up is cheap.

// literal is one conjunct: pred(a, b).
type literal struct {
	src    term.Term // the Boolean term it came from, for traces
	origin int       // index of the assertion it came from, for cores
	pred   Pred
	a, b   term.Term
}

// nodeKind says what a compiled term is.
type nodeKind uint8

const (
	nodeConst nodeKind = iota
	nodeVar
	nodeOp
	nodeResize // extract, concat, zero_extend, sign_extend (decide_resize.go)
)

// operand is one argument of an operator node. A constant operand carries
// its value set; a symbolic one is evaluated from its term.
type operand struct {
	t   term.Term // term.NoTerm for a constant made up by a rewrite
	sym bool
	c   Set // the value when !sym
}

// node is a term of the fragment in the shape the domain works on.
type node struct {
	kind nodeKind
	w    uint
	val  Set // nodeConst
	op   Op  // nodeOp
	// rop, hi and lo describe a nodeResize: the term operator and its
	// indices (extract's hi and lo; the extension's k in hi).
	rop    term.Op
	hi, lo uint
	args   []operand
	// path is the index of the only symbolic operand, or -1 when the node
	// has two (x+y, x·y): backward narrowing stops at such a node, as in the
	// digest ("both operands are symbolic in backward_propagation").
	path int
}

// outOfFragment is the reason a problem is not handled.
type outOfFragment struct{ what string }

func (e *outOfFragment) Error() string { return "not in the svi fragment: " + e.what }

// compiler turns assertions into literals and their terms into nodes.
type compiler struct {
	st    *term.Store
	nodes map[term.Term]*node
	// varSets caches varsOf.
	varSets map[term.Term][]term.Term
	vars    []term.Term // in first-occurrence order
	// atoms are the selects among vars, in first-occurrence order
	// (decide_select.go).
	atoms []term.Term
	lits  []literal
	// contradiction is set when a conjunct is the constant false; its
	// assertion index is kept as the core.
	contradiction bool
	falseAt       int
	// origin is the index of the assertion being split into literals.
	origin int
}

func newCompiler(st *term.Store) *compiler {
	return &compiler{st: st, nodes: map[term.Term]*node{}, varSets: map[term.Term][]term.Term{}}
}

// conjunct adds the literals of t (negated when neg) to c.lits.
func (c *compiler) conjunct(t term.Term, neg bool) error {
	st := c.st
	switch op := st.Op(t); op {
	case term.OpTrue, term.OpFalse:
		if (op == term.OpFalse) != neg && !c.contradiction {
			c.contradiction, c.falseAt = true, c.origin
		}
		return nil
	case term.OpNot:
		return c.conjunct(st.Arg(t, 0), !neg)
	case term.OpAnd, term.OpOr:
		if (op == term.OpAnd) == neg {
			return &outOfFragment{"disjunction"}
		}
		for _, a := range st.Args(t) {
			if err := c.conjunct(a, neg); err != nil {
				return err
			}
		}
		return nil
	case term.OpBVUlt, term.OpBVUle, term.OpBVUgt, term.OpBVUge, term.OpBVSlt, term.OpBVSle, term.OpBVSgt, term.OpBVSge:
		p := comparisonPreds[op]
		if neg {
			p = p.Negate()
		}
		return c.addLit(t, p, st.Arg(t, 0), st.Arg(t, 1))
	case term.OpEq:
		args := st.Args(t)
		if len(args) != 2 || !st.IsBitVec(st.SortOf(args[0])) {
			return &outOfFragment{"equality that is not between two bit-vectors"}
		}
		p := Eq
		if neg {
			p = Ne
		}
		return c.addLit(t, p, args[0], args[1])
	case term.OpDistinct:
		args := append([]term.Term(nil), st.Args(t)...)
		if neg || !st.IsBitVec(st.SortOf(args[0])) {
			return &outOfFragment{"negated or non-bit-vector distinct"}
		}
		for i := range args {
			for j := i + 1; j < len(args); j++ {
				if err := c.addLit(t, Ne, args[i], args[j]); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return &outOfFragment{st.Op(t).String()}
}

func (c *compiler) addLit(src term.Term, p Pred, a, b term.Term) error {
	if _, err := c.compile(a); err != nil {
		return err
	}
	if _, err := c.compile(b); err != nil {
		return err
	}
	c.lits = append(c.lits, literal{src: src, origin: c.origin, pred: p, a: a, b: b})
	return nil
}

// comparisonPreds maps the comparison operators onto the domain's
// predicates; Narrow biases the signed ones onto the unsigned order.
var comparisonPreds = map[term.Op]Pred{
	term.OpBVUlt: Ult, term.OpBVUle: Ule, term.OpBVUgt: Ugt, term.OpBVUge: Uge,
	term.OpBVSlt: Slt, term.OpBVSle: Sle, term.OpBVSgt: Sgt, term.OpBVSge: Sge,
}

// fragmentOps maps the term operators the stage accepts onto the domain's.
var fragmentOps = map[term.Op]Op{
	term.OpBVAdd: OpAdd, term.OpBVSub: OpSub, term.OpBVMul: OpMul,
	term.OpBVUdiv: OpUDiv, term.OpBVUrem: OpURem,
	term.OpBVNeg: OpNeg, term.OpBVNot: OpNot,
	// Bitwise operators have sound transfer functions (exact on known bits
	// and small operands); backward they narrow only when already implied.
	term.OpBVAnd: OpAnd, term.OpBVOr: OpOr, term.OpBVXor: OpXor,
}

// compile returns the node of the bit-vector term t, memoised.
func (c *compiler) compile(t term.Term) (*node, error) {
	if n, ok := c.nodes[t]; ok {
		return n, nil
	}
	st := c.st
	w := st.Width(st.SortOf(t))
	if w == 0 || w > MaxWidth {
		return nil, &outOfFragment{fmt.Sprintf("bit-vector width %d", w)}
	}
	n := &node{w: uint(w), path: -1}
	switch op := st.Op(t); op {
	case term.OpBVConst:
		x, _ := st.Value(t).Uint64()
		n.kind, n.val = nodeConst, Const(uint(w), x)
	case term.OpVar:
		n.kind = nodeVar
		c.vars = append(c.vars, t)
	case term.OpSelect:
		if err := c.compileSelect(t); err != nil {
			return nil, err
		}
		n.kind = nodeVar
		c.vars = append(c.vars, t)
	case term.OpExtract, term.OpConcat, term.OpZeroExtend, term.OpSignExtend:
		if err := c.compileResize(t, n); err != nil {
			return nil, err
		}
	case term.OpBVShl, term.OpBVLshr:
		k := st.Arg(t, 1)
		if st.Op(k) != term.OpBVConst {
			return nil, &outOfFragment{"shift by a symbolic amount"}
		}
		// x << k is x·2^k and x >> k is x ÷ 2^k; a shift by w or more is 0.
		amount, ok := st.Value(k).Uint64()
		if !ok || amount >= uint64(w) {
			n.kind, n.val = nodeConst, Const(uint(w), 0)
			break
		}
		x, err := c.compile(st.Arg(t, 0))
		if err != nil {
			return nil, err
		}
		n.kind, n.op = nodeOp, OpMul
		if op == term.OpBVLshr {
			n.op = OpUDiv
		}
		n.args = []operand{
			{t: st.Arg(t, 0), sym: x.kind != nodeConst, c: x.val},
			{c: Const(uint(w), 1<<amount)},
		}
	default:
		sop, ok := fragmentOps[op]
		if !ok {
			return nil, &outOfFragment{op.String()}
		}
		n.kind, n.op = nodeOp, sop
		for _, a := range st.Args(t) {
			an, err := c.compile(a)
			if err != nil {
				return nil, err
			}
			n.args = append(n.args, operand{t: a, sym: an.kind != nodeConst, c: an.val})
		}
		if len(n.args) != sop.Arity() {
			return nil, &outOfFragment{fmt.Sprintf("%s with %d arguments", op, len(n.args))}
		}
	}
	if n.kind == nodeOp || n.kind == nodeResize {
		syms := 0
		for i, a := range n.args {
			if a.sym {
				syms++
				n.path = i
			}
		}
		if syms != 1 {
			n.path = -1
		}
	}
	c.nodes[t] = n
	return n, nil
}

// varsOf returns the variables under t, memoised in c.varSets.
func (c *compiler) varsOf(t term.Term) []term.Term {
	if vs, ok := c.varSets[t]; ok {
		return vs
	}
	n := c.nodes[t]
	var vs []term.Term
	switch n.kind {
	case nodeVar:
		vs = []term.Term{t}
	case nodeOp, nodeResize:
		for _, a := range n.args {
			if a.sym {
				for _, v := range c.varsOf(a.t) {
					if !slices.Contains(vs, v) {
						vs = append(vs, v)
					}
				}
			}
		}
	}
	c.varSets[t] = vs
	return vs
}
