package bv

import (
	"math/big"
	"testing"
)

// binaryOp ties an operator to its oracle and to its math/big kernel (used
// by the fuzz target to compare the two paths at widths <= 64).
type binaryOp struct {
	name string
	impl func(a, b Value) Value
	ref  func(w uint32, a, b *big.Int) *big.Int
	wide func(w uint32, a, b *big.Int) *big.Int
}

var binaryOps = []binaryOp{
	{"bvand", And, func(w uint32, a, b *big.Int) *big.Int {
		return refBitwise(w, a, b, func(x, y uint) uint { return x & y })
	}, wideAnd},
	{"bvor", Or, func(w uint32, a, b *big.Int) *big.Int {
		return refBitwise(w, a, b, func(x, y uint) uint { return x | y })
	}, wideOr},
	{"bvxor", Xor, func(w uint32, a, b *big.Int) *big.Int {
		return refBitwise(w, a, b, func(x, y uint) uint { return x ^ y })
	}, wideXor},
	{"bvnand", Nand, func(w uint32, a, b *big.Int) *big.Int {
		return refBitwise(w, a, b, func(x, y uint) uint { return 1 - (x & y) })
	}, func(w uint32, a, b *big.Int) *big.Int { return wideNot(w, wideAnd(w, a, b)) }},
	{"bvnor", Nor, func(w uint32, a, b *big.Int) *big.Int {
		return refBitwise(w, a, b, func(x, y uint) uint { return 1 - (x | y) })
	}, func(w uint32, a, b *big.Int) *big.Int { return wideNot(w, wideOr(w, a, b)) }},
	{"bvxnor", Xnor, func(w uint32, a, b *big.Int) *big.Int {
		return refBitwise(w, a, b, func(x, y uint) uint { return 1 - (x ^ y) })
	}, func(w uint32, a, b *big.Int) *big.Int { return wideNot(w, wideXor(w, a, b)) }},
	{"bvadd", Add, refAdd, wideAdd},
	{"bvsub", Sub, refSub, wideSub},
	{"bvmul", Mul, refMul, wideMul},
	{"bvudiv", Udiv, refUdiv, wideUdiv},
	{"bvurem", Urem, refUrem, wideUrem},
	{"bvsdiv", Sdiv, refSdiv, wideSdiv},
	{"bvsrem", Srem, refSrem, wideSrem},
	{"bvsmod", Smod, refSmod, wideSmod},
	{"bvshl", Shl, refShl, wideShl},
	{"bvlshr", Lshr, refLshr, wideLshr},
	{"bvashr", Ashr, refAshr, wideAshr},
	{"bvcomp", Comp, func(w uint32, a, b *big.Int) *big.Int { return refBool(a.Cmp(b) == 0) }, nil},
}

// predicate is a Bool-valued binary operator.
type predicate struct {
	name string
	impl func(a, b Value) bool
	ref  func(w uint32, a, b *big.Int) bool
	wide func(w uint32, a, b *big.Int) bool // nil when the operator has no separate wide kernel
}

var predicates = []predicate{
	{"bvult", Ult, refUlt, nil},
	{"bvule", Ule, refUle, nil},
	{"bvslt", Slt, refSlt, func(w uint32, a, b *big.Int) bool { return wideScmp(w, a, b) < 0 }},
	{"bvsle", Sle, refSle, func(w uint32, a, b *big.Int) bool { return wideScmp(w, a, b) <= 0 }},
	{"bvuaddo", Uaddo, refUaddo, wideUaddo},
	{"bvsaddo", Saddo, refSaddo, nil},
	{"bvusubo", Usubo, refUsubo, nil},
	{"bvssubo", Ssubo, refSsubo, nil},
	{"bvumulo", Umulo, refUmulo, wideUmulo},
	{"bvsmulo", Smulo, refSmulo, wideSmulo},
	{"bvsdivo", Sdivo, refSdivo, nil},
}

// unaryOp is a Value-valued operator of one argument.
type unaryOp struct {
	name string
	impl func(a Value) Value
	ref  func(w uint32, a *big.Int) *big.Int
	wide func(w uint32, a *big.Int) *big.Int
}

var unaryOps = []unaryOp{
	{"bvnot", Not, refNot, wideNot},
	{"bvneg", Neg, refNeg, wideNeg},
}

// checkInvariant fails t unless v satisfies the representation invariant.
func checkInvariant(t testing.TB, v Value) {
	t.Helper()
	switch {
	case v.w == 0:
		t.Fatalf("invalid value produced")
	case v.w <= 64:
		if v.wide != nil || v.lo&^mask64(v.w) != 0 {
			t.Fatalf("width %d: bad narrow representation lo=%#x wide=%v", v.w, v.lo, v.wide)
		}
	default:
		if v.lo != 0 || v.wide == nil || v.wide.Sign() < 0 || v.wide.BitLen() > int(v.w) {
			t.Fatalf("width %d: bad wide representation lo=%#x wide=%v", v.w, v.lo, v.wide)
		}
	}
}

// checkValue fails t unless got is a valid width-w value equal to want.
func checkValue(t testing.TB, what string, got Value, w uint32, want *big.Int) {
	t.Helper()
	checkInvariant(t, got)
	if got.Width() != w || got.Big().Cmp(want) != 0 {
		t.Fatalf("%s: got %s (width %d), want %s (width %d)", what, got.Big(), got.Width(), want, w)
	}
}

// valueOf builds a test operand without going through the operator code.
func valueOf(w uint32, x *big.Int) Value { return FromBig(w, x) }
