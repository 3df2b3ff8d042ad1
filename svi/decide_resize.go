package svi

import (
	"fmt"

	"github.com/sift-solver/sift/term"
)

// The width-changing operators in the decision stage: extract, concat,
// zero_extend and sign_extend, with the transfer functions of resize.go and
// the backward steps of backward.go. Symbolic-execution queries read memory
// as concats of bytes and compare sign- or zero-extended bytes, so the
// stage needs them to see those queries at all.

// compileResize fills n for the width-changing term t.
func (c *compiler) compileResize(t term.Term, n *node) error {
	st := c.st
	n.kind, n.rop = nodeResize, st.Op(t)
	i0, i1 := st.Indices(t)
	n.hi, n.lo = uint(i0), uint(i1)
	for _, a := range st.Args(t) {
		an, err := c.compile(a)
		if err != nil {
			return err
		}
		n.args = append(n.args, operand{t: a, sym: an.kind != nodeConst, c: an.val})
	}
	if want := map[term.Op]int{term.OpConcat: 2}[n.rop]; len(n.args) != max(want, 1) {
		return &outOfFragment{fmt.Sprintf("%s with %d arguments", n.rop, len(n.args))}
	}
	return nil
}

// forward is the transfer function of an operator node.
func (n *node) forward(args []Set) Result {
	if n.kind == nodeOp {
		return Forward(n.op, args...)
	}
	switch n.rop {
	case term.OpExtract:
		return Extract(args[0], n.hi, n.lo)
	case term.OpConcat:
		return Concat(args[0], args[1])
	case term.OpZeroExtend:
		return ZeroExtend(args[0], n.hi)
	default:
		return SignExtend(args[0], n.hi)
	}
}

// backward narrows operand i of an operator node so that the node lies in
// target (Backward's contract: sound, and exact when every point of the
// narrowed operand maps into target).
func (n *node) backward(args []Set, i int, target Set) Result {
	if n.kind == nodeOp {
		return Backward(n.op, args, i, target)
	}
	switch n.rop {
	case term.OpExtract:
		return BackExtract(args[0], n.hi, n.lo, target)
	case term.OpConcat:
		return BackConcat(args[0], args[1], i, target)
	case term.OpZeroExtend:
		return BackZeroExtend(args[0], target)
	default:
		return BackSignExtend(args[0], target)
	}
}

// backwardBoth narrows both symbolic operands of a concat: the two parts
// occupy disjoint bits, so each is narrowed on its own and the pair is exact
// when every point of the narrowed product lies in target. Other operators
// with two symbolic operands stop the backward walk (digest §2.4).
func (n *node) backwardBoth(args []Set, target Set) (x, y Set, exact, ok bool) {
	if n.kind != nodeResize || n.rop != term.OpConcat {
		return Set{}, Set{}, false, false
	}
	x = BackConcat(args[0], args[1], 0, target).Set
	y = BackConcat(x, args[1], 1, target).Set
	if x.IsEmpty() || y.IsEmpty() {
		return x, y, true, true
	}
	return x, y, Concat(x, y).Set.SubsetOf(target), true
}
