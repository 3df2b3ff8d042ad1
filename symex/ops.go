package symex

import (
	"fmt"
	"go/token"
	"go/types"

	"github.com/sift-solver/sift/fp"
	"github.com/sift-solver/sift/term"
)

// Go's operators on scalars (integers, floats and booleans) as terms: pure
// functions of the term store, one definition of each, as x/tools'
// go/ssa/interp keeps its operators in ops.go. Every mode of the
// interpreter (forking, replaying, following) builds its values with them.
//
// An operator is total here. Where Go panics (an integer division by zero,
// a negative shift count), opCheck gives the condition under which the
// operation runs and the run-time error otherwise: the interpreter branches
// on it before it applies the operator, so every mode reports the panic.

// isSigned reports whether t is a signed integer type.
func isSigned(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0 && b.Info()&types.IsUnsigned == 0
}

// isInteger reports whether t is an integer type.
func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// opCheck is the run-time check of x op y on operands of types tx and ty:
// the condition ok under which Go computes the operation, and the panic's
// message otherwise. ok is term.NoTerm when the operation cannot panic.
func opCheck(st *term.Store, op token.Token, tx, ty types.Type, y term.Term) (ok term.Term, msg string) {
	switch op {
	case token.QUO, token.REM:
		if !isInteger(tx) {
			return term.NoTerm, ""
		}
		zero := st.ConstUint64(st.Width(st.SortOf(y)), 0)
		return st.Not(st.Eq(y, zero)), "runtime error: integer divide by zero"
	case token.SHL, token.SHR:
		if !isSigned(ty) {
			return term.NoTerm, ""
		}
		zero := st.ConstUint64(st.Width(st.SortOf(y)), 0)
		return st.MustMake(term.OpBVSge, nil, y, zero), "runtime error: negative shift amount"
	}
	return term.NoTerm, ""
}

// binop is x op y for operands of type t (the left operand's: a shift's
// count may have another). Comparisons give a Bool term. A shift's count
// must be non-negative (opCheck).
func binop(st *term.Store, op token.Token, t types.Type, x, y term.Term) (term.Term, error) {
	mk := func(o term.Op, a, b term.Term) term.Term { return st.MustMake(o, nil, a, b) }
	if st.IsBool(st.SortOf(x)) {
		switch op {
		case token.EQL:
			return st.Eq(x, y), nil
		case token.NEQ:
			return st.Not(st.Eq(x, y)), nil
		}
		return term.NoTerm, fmt.Errorf("boolean operator %s", op)
	}
	if st.IsFloat(st.SortOf(x)) {
		return floatBinop(st, op, x, y)
	}
	signed := isSigned(t)
	pick := func(sop, uop term.Op) term.Term {
		if signed {
			return mk(sop, x, y)
		}
		return mk(uop, x, y)
	}
	switch op {
	case token.ADD:
		return mk(term.OpBVAdd, x, y), nil
	case token.SUB:
		return mk(term.OpBVSub, x, y), nil
	case token.MUL:
		return mk(term.OpBVMul, x, y), nil
	case token.QUO:
		return pick(term.OpBVSdiv, term.OpBVUdiv), nil
	case token.REM:
		return pick(term.OpBVSrem, term.OpBVUrem), nil
	case token.AND:
		return mk(term.OpBVAnd, x, y), nil
	case token.OR:
		return mk(term.OpBVOr, x, y), nil
	case token.XOR:
		return mk(term.OpBVXor, x, y), nil
	case token.AND_NOT:
		return mk(term.OpBVAnd, x, st.MustMake(term.OpBVNot, nil, y)), nil
	case token.SHL, token.SHR:
		return shift(st, op, signed, x, y), nil
	case token.EQL:
		return st.Eq(x, y), nil
	case token.NEQ:
		return st.Not(st.Eq(x, y)), nil
	case token.LSS:
		return pick(term.OpBVSlt, term.OpBVUlt), nil
	case token.LEQ:
		return pick(term.OpBVSle, term.OpBVUle), nil
	case token.GTR:
		return pick(term.OpBVSgt, term.OpBVUgt), nil
	case token.GEQ:
		return pick(term.OpBVSge, term.OpBVUge), nil
	}
	return term.NoTerm, fmt.Errorf("operator %s", op)
}

// shift is Go's << and >> for a non-negative count y: counts at or past the
// width give 0 (or the sign fill of a signed >>). Both operands are widened
// to at least 64 bits, where SMT-LIB's shifts agree with Go's, and the
// result is cut back to x's width.
func shift(st *term.Store, op token.Token, signed bool, x, y term.Term) term.Term {
	wx := st.Width(st.SortOf(x))
	wy := st.Width(st.SortOf(y))
	w := max(wx, wy, 64)
	xe := resize(st, x, w, signed && op == token.SHR)
	ye := resize(st, y, w, false)
	var r term.Term
	switch {
	case op == token.SHL:
		r = st.MustMake(term.OpBVShl, nil, xe, ye)
	case signed:
		r = st.MustMake(term.OpBVAshr, nil, xe, ye)
	default:
		r = st.MustMake(term.OpBVLshr, nil, xe, ye)
	}
	return resize(st, r, wx, false)
}

// unop is op x for a scalar x: !, unary - and ^.
func unop(st *term.Store, op token.Token, x term.Term) (term.Term, error) {
	switch op {
	case token.NOT:
		return st.Not(x), nil
	case token.SUB:
		if st.IsFloat(st.SortOf(x)) {
			return st.MustMake(term.OpFPNeg, nil, x), nil
		}
		return st.MustMake(term.OpBVNeg, nil, x), nil
	case token.XOR:
		return st.MustMake(term.OpBVNot, nil, x), nil
	}
	return term.NoTerm, fmt.Errorf("unary %s", op)
}

// resize converts bit-vector x to width w the way a Go integer conversion
// does: truncation, or sign or zero extension by the source's signedness.
func resize(st *term.Store, x term.Term, w uint32, signed bool) term.Term {
	ws := st.Width(st.SortOf(x))
	switch {
	case w == ws:
		return x
	case w < ws:
		return st.MustMake(term.OpExtract, []uint32{w - 1, 0}, x)
	case signed:
		return st.MustMake(term.OpSignExtend, []uint32{w - ws}, x)
	}
	return st.MustMake(term.OpZeroExtend, []uint32{w - ws}, x)
}

// floatArith and floatCompare are the theory's operators of Go's float
// operators (!= is not ==).
var (
	floatArith   = map[token.Token]term.Op{token.ADD: term.OpFPAdd, token.SUB: term.OpFPSub, token.MUL: term.OpFPMul, token.QUO: term.OpFPDiv}
	floatCompare = map[token.Token]term.Op{token.EQL: term.OpFPEq, token.LSS: term.OpFPLt, token.LEQ: term.OpFPLeq, token.GTR: term.OpFPGt, token.GEQ: term.OpFPGeq}
)

// floatBinop is x op y on two floats of one format.
func floatBinop(st *term.Store, op token.Token, x, y term.Term) (term.Term, error) {
	if o, ok := floatArith[op]; ok {
		return st.MustMake(o, nil, st.RoundingModeConst(fp.RNE), x, y), nil
	}
	if o, ok := floatCompare[op]; ok {
		return st.MustMake(o, nil, x, y), nil
	}
	if op == token.NEQ {
		return st.Not(st.MustMake(term.OpFPEq, nil, x, y)), nil
	}
	return term.NoTerm, fmt.Errorf("operator %s on floats", op)
}

// floatFormat is the format of float type t (float32 or float64).
func floatFormat(t types.Type) (fp.Format, bool) {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return fp.Format{}, false
	}
	switch b.Kind() {
	case types.Float32:
		return fp.Float32, true
	case types.Float64, types.UntypedFloat:
		return fp.Float64, true
	}
	return fp.Format{}, false
}

// convertScalar is Go's conversion T(x) of an integer or float x of type
// from to the integer or float type to: integers resize (resize), integers
// and floats of another format round to nearest even, and a float becomes
// an integer as amd64 converts it (term.Store.GoFloatToInt).
func convertScalar(st *term.Store, x term.Term, from, to *types.Basic) (term.Term, error) {
	ff, fromFloat := floatFormat(from)
	tf, toFloat := floatFormat(to)
	rne := st.RoundingModeConst(fp.RNE)
	switch {
	case fromFloat && toFloat:
		if ff == tf {
			return x, nil
		}
		return st.MustMake(term.OpToFPFloat, []uint32{tf.EB, tf.SB}, rne, x), nil
	case toFloat:
		if isSigned(from) {
			return st.MustMake(term.OpToFPSigned, []uint32{tf.EB, tf.SB}, rne, x), nil
		}
		return st.MustMake(term.OpToFPUnsigned, []uint32{tf.EB, tf.SB}, rne, x), nil
	case fromFloat:
		return st.GoFloatToInt(x, IntBits(to), isSigned(to))
	}
	return resize(st, x, IntBits(to), isSigned(from)), nil
}

// IntBits is the width in bits of an integer basic type, as on amd64
// (int, uint and uintptr: 64).
func IntBits(b *types.Basic) uint32 {
	switch b.Kind() {
	case types.Int8, types.Uint8:
		return 8
	case types.Int16, types.Uint16:
		return 16
	case types.Int32, types.Uint32:
		return 32
	}
	return 64
}
