package term

import "github.com/sift-solver/sift/bv"

// applyBV computes a bit-vector operator on constant operands. It is the one
// definition of bit-vector semantics that both constant folding and Eval use.
// Predicates return isBool with their truth value in b.
func applyBV(op Op, i0, i1 uint32, v []bv.Value) (r bv.Value, isBool, b bool) {
	switch op {
	case OpBVNot:
		return bv.Not(v[0]), false, false
	case OpBVNeg:
		return bv.Neg(v[0]), false, false
	case OpBVAnd:
		return bv.And(v[0], v[1]), false, false
	case OpBVOr:
		return bv.Or(v[0], v[1]), false, false
	case OpBVXor:
		return bv.Xor(v[0], v[1]), false, false
	case OpBVNand:
		return bv.Nand(v[0], v[1]), false, false
	case OpBVNor:
		return bv.Nor(v[0], v[1]), false, false
	case OpBVXnor:
		return bv.Xnor(v[0], v[1]), false, false
	case OpBVAdd:
		return bv.Add(v[0], v[1]), false, false
	case OpBVSub:
		return bv.Sub(v[0], v[1]), false, false
	case OpBVMul:
		return bv.Mul(v[0], v[1]), false, false
	case OpBVUdiv:
		return bv.Udiv(v[0], v[1]), false, false
	case OpBVUrem:
		return bv.Urem(v[0], v[1]), false, false
	case OpBVSdiv:
		return bv.Sdiv(v[0], v[1]), false, false
	case OpBVSrem:
		return bv.Srem(v[0], v[1]), false, false
	case OpBVSmod:
		return bv.Smod(v[0], v[1]), false, false
	case OpBVShl:
		return bv.Shl(v[0], v[1]), false, false
	case OpBVLshr:
		return bv.Lshr(v[0], v[1]), false, false
	case OpBVAshr:
		return bv.Ashr(v[0], v[1]), false, false
	case OpBVComp:
		return bv.Comp(v[0], v[1]), false, false
	case OpConcat:
		return bv.Concat(v[0], v[1]), false, false
	case OpExtract:
		return bv.Extract(v[0], i0, i1), false, false
	case OpZeroExtend:
		return bv.ZeroExtend(v[0], i0), false, false
	case OpSignExtend:
		return bv.SignExtend(v[0], i0), false, false
	case OpRepeat:
		return bv.Repeat(v[0], i0), false, false
	case OpRotateLeft:
		return bv.RotateLeft(v[0], i0), false, false
	case OpRotateRight:
		return bv.RotateRight(v[0], i0), false, false
	case OpBVUlt:
		return bv.Value{}, true, bv.Ult(v[0], v[1])
	case OpBVUle:
		return bv.Value{}, true, bv.Ule(v[0], v[1])
	case OpBVUgt:
		return bv.Value{}, true, bv.Ult(v[1], v[0])
	case OpBVUge:
		return bv.Value{}, true, bv.Ule(v[1], v[0])
	case OpBVSlt:
		return bv.Value{}, true, bv.Slt(v[0], v[1])
	case OpBVSle:
		return bv.Value{}, true, bv.Sle(v[0], v[1])
	case OpBVSgt:
		return bv.Value{}, true, bv.Slt(v[1], v[0])
	case OpBVSge:
		return bv.Value{}, true, bv.Sle(v[1], v[0])
	case OpBVNego:
		return bv.Value{}, true, bv.Nego(v[0])
	case OpBVUaddo:
		return bv.Value{}, true, bv.Uaddo(v[0], v[1])
	case OpBVSaddo:
		return bv.Value{}, true, bv.Saddo(v[0], v[1])
	case OpBVUsubo:
		return bv.Value{}, true, bv.Usubo(v[0], v[1])
	case OpBVSsubo:
		return bv.Value{}, true, bv.Ssubo(v[0], v[1])
	case OpBVUmulo:
		return bv.Value{}, true, bv.Umulo(v[0], v[1])
	case OpBVSmulo:
		return bv.Value{}, true, bv.Smulo(v[0], v[1])
	case OpBVSdivo:
		return bv.Value{}, true, bv.Sdivo(v[0], v[1])
	}
	panic("term: applyBV on " + op.String())
}
