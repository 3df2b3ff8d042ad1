package svi

import "fmt"

// Op names the operators that Forward and Backward dispatch on; the
// width-changing ones have their own functions (Extract, Concat, ...).
type Op uint8

const (
	OpAdd Op = iota
	OpSub
	OpMul
	OpUDiv
	OpURem
	OpSDiv
	OpSRem
	OpSMod
	OpShl
	OpLShr
	OpAShr
	OpAnd
	OpOr
	OpXor
	OpNeg // unary
	OpNot // unary
)

var opNames = [...]string{"bvadd", "bvsub", "bvmul", "bvudiv", "bvurem", "bvsdiv", "bvsrem", "bvsmod",
	"bvshl", "bvlshr", "bvashr", "bvand", "bvor", "bvxor", "bvneg", "bvnot"}

func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return fmt.Sprintf("Op(%d)", o)
}

// Arity is 1 for OpNeg and OpNot, 2 otherwise.
func (o Op) Arity() int {
	if o == OpNeg || o == OpNot {
		return 1
	}
	return 2
}

var binary = [...]func(x, y Set) Result{Add, Sub, Mul, UDiv, URem, SDiv, SRem, SMod, Shl, LShr, AShr, And, Or, Xor}

// Forward applies op to the operand sets (the transfer function).
func Forward(op Op, args ...Set) Result {
	if len(args) != op.Arity() {
		panic(fmt.Sprintf("svi: %v takes %d operands, got %d", op, op.Arity(), len(args)))
	}
	switch op {
	case OpNeg:
		return Neg(args[0])
	case OpNot:
		return Not(args[0])
	}
	return binary[op](args[0], args[1])
}

// Backward narrows operand i of op(args...) to the values for which the
// result can lie in target, the other operands ranging over their sets.
//
// The returned Set is a subset of args[i] and a superset of that projection
// (sound: no value with a solution is removed). Exact means more: every
// point of the narrowed product maps into target, so the constraint
// "op(args) ∈ target" is fully discharged by the narrowing. It is checked by
// running Forward on the narrowed operands.
//
// Operand-specific inverses follow the digest: ± and ~ and neg invert
// exactly (Table II), × by a constant maps lattice indices when (7) makes it
// injective, ÷ by a constant uses the block inverse with its truncation
// offset, and urem, like every other operator, narrows nothing ("mod
// inverse: not done") and is exact only if the whole operand already maps
// into target. Outside the digest, and and or with a constant filter a
// small operand (at most EnumLimit values) value by value.
func Backward(op Op, args []Set, i int, target Set) Result {
	args = args[:op.Arity()]
	x := args[i]
	if x.Wide() || target.Wide() {
		return overApprox(x, "width above 64")
	}
	if target.IsEmpty() || x.IsEmpty() {
		return exact(Empty(x.w))
	}
	cand := preimage(op, args, i, target)
	if cand.Wide() {
		cand = x
	}
	nx := Meet(x, cand).Set
	narrowed := append([]Set(nil), args...)
	narrowed[i] = nx
	if Forward(op, narrowed...).Set.SubsetOf(target) {
		return exact(nx)
	}
	return overApprox(nx, "backward through "+op.String()+" is not exact")
}

// preimage returns a superset of {x | ∃ other operands: op(...) ∈ t} for
// operand i (not necessarily within args[i]).
func preimage(op Op, args []Set, i int, t Set) Set {
	x := args[i]
	var other Set
	if op.Arity() == 2 {
		other = args[1-i]
	}
	k, otherConst := other.Singleton()
	switch op {
	case OpNeg:
		return Neg(t).Set
	case OpNot:
		return Not(t).Set
	case OpAdd: // x = t - other
		return Sub(t, other).Set
	case OpSub:
		if i == 0 { // x = t + y
			return Add(t, other).Set
		}
		return Sub(other, t).Set // y = x - t
	case OpXor:
		return Xor(t, other).Set
	case OpMul:
		if otherConst {
			return mulPreimage(x, k, t)
		}
	case OpShl:
		if i == 0 && otherConst && k < uint64(x.w) {
			return mulPreimage(x, 1<<k, t)
		}
	case OpUDiv:
		if i == 0 && otherConst {
			return udivPreimage(x.w, k, t)
		}
	case OpLShr:
		if i == 0 && otherConst && k < uint64(x.w) {
			return udivPreimage(x.w, 1<<k, t)
		}
	case OpAnd, OpOr:
		// The digest has no bitwise rules: masking a small operand by a
		// constant is filtered value by value.
		if !otherConst {
			break
		}
		if nx, ok := filterBack(x, func(a uint64) bool {
			v, ok := Forward(op, Const(x.w, a), other).Set.Singleton()
			return !ok || t.Contains(v) // not a point: keep a (commutative op)
		}); ok {
			return nx
		}
	}
	return x
}

// mulPreimage narrows x by x·k ∈ t. A part on which ×k is injective (the
// digest's (7)) is mapped to its image progression; the image's meet with t
// is mapped back index by index (a' = a + (c'-c)/k). Other parts stay.
func mulPreimage(x Set, k uint64, t Set) Set {
	w := x.w
	m := mask(w)
	k &= m
	if k == 0 {
		if t.Contains(0) {
			return x
		}
		return Empty(w)
	}
	var ps []SVI
	for _, p := range x.parts {
		if !mulFits(p.Hi-p.Lo, k, w) || !mulFits(p.S, k, w) {
			ps = append(ps, p)
			continue
		}
		start, stride := p.Lo*k&m, p.S*k&m
		// Each non-wrapping segment of the image keeps index order, so a
		// value v in it has index (v - start) mod 2^w / stride.
		for _, seg := range circ(w, start, stride, p.N()) {
			ps = appendIndexPreimage(ps, p, start, stride, Meet(Set{w: w, parts: []SVI{seg}}, t).Set, m)
		}
	}
	s, _ := normalize(w, ps)
	return s
}

// appendIndexPreimage maps the image pieces back to elements of p.
func appendIndexPreimage(ps []SVI, p SVI, start, stride uint64, pieces Set, m uint64) []SVI {
	for _, q := range pieces.parts {
		i0 := ((q.Lo - start) & m) / stride
		i1 := ((q.Hi - start) & m) / stride
		di := uint64(1)
		if !q.IsSingleton() {
			di = q.S / stride
		}
		ps = append(ps, mkSVI(p.Lo+i0*p.S, p.Lo+i1*p.S, di*p.S))
	}
	return ps
}

// udivPreimage is {x | x ÷ k ∈ t}, over-approximated by the hull of each
// part's blocks [c·k, d·k + k-1] (exact for stride-1 parts).
func udivPreimage(w uint, k uint64, t Set) Set {
	m := mask(w)
	if k == 0 {
		if t.Contains(m) {
			return Full(w)
		}
		return Empty(w)
	}
	var ps []SVI
	for _, q := range t.parts {
		if !mulFits(q.Lo, k, w) {
			continue
		}
		hi := m
		if mulFits(q.Hi, k, w) && addFits(q.Hi*k, k-1, w) {
			hi = q.Hi*k + k - 1
		}
		ps = append(ps, SVI{q.Lo * k, hi, 1})
	}
	s, _ := normalize(w, ps)
	return s
}

// Width-changing backward steps.

// BackZeroExtend narrows x by zext(x) ∈ t; always exact.
func BackZeroExtend(x Set, t Set) Result {
	if x.Wide() || t.Wide() {
		return overApprox(x, "width above 64")
	}
	return Meet(x, withWidth(t.clip(0, mask(x.w)), x.w))
}

// BackSignExtend narrows x by sext(x) ∈ t; always exact.
func BackSignExtend(x Set, t Set) Result {
	if x.Wide() || t.Wide() {
		return overApprox(x, "width above 64")
	}
	low := t.clip(0, signBit(x.w)-1)
	shift := mask(t.w) - mask(x.w)
	var ps []SVI
	ps = append(ps, low.parts...)
	for _, p := range t.clip(shift+signBit(x.w), mask(t.w)).parts {
		ps = append(ps, SVI{p.Lo - shift, p.Hi - shift, p.S})
	}
	c, _ := normalize(x.w, ps)
	return Meet(x, c)
}

// BackExtract narrows x by extract(x, hi, lo) ∈ t. A small x is filtered
// value by value; a larger one is not narrowed. It is exact when every
// element of the result extracts into t.
func BackExtract(x Set, hi, lo uint, t Set) Result {
	if t.IsEmpty() {
		return exact(Empty(x.w))
	}
	if pre, ok := topBitsPreimage(x.w, hi, lo, t); ok {
		x = Meet(x, pre).Set
	} else if nx, ok := filterBack(x, func(a uint64) bool { return t.Contains(a >> lo & mask(hi-lo+1)) }); ok {
		x = nx
	}
	if Extract(x, hi, lo).Set.SubsetOf(t) {
		return exact(x)
	}
	return overApprox(x, "backward through extract is not exact")
}

// topBitsPreimage is {a : a>>lo ∈ t} for w-bit a when the extract takes
// the top bits (hi = w-1) and every part of t is contiguous: each part [p, q] maps to the range [p<<lo, q<<lo | 2^lo-1],
// so the preimage is built without enumerating x (which costs EnumLimit
// membership tests per call).
func topBitsPreimage(w, hi, lo uint, t Set) (Set, bool) {
	if hi != w-1 || w > MaxWidth || t.Wide() {
		return Set{}, false
	}
	ps := make([]SVI, 0, len(t.parts))
	for _, p := range t.parts {
		if p.S != 1 {
			return Set{}, false
		}
		ps = append(ps, mkSVI(p.Lo<<lo, p.Hi<<lo|mask(lo), 1))
	}
	return Set{w: w, parts: ps}, true
}

// filterBack keeps the elements of x that keep accepts, when x has at most
// EnumLimit elements; the result may be a superset when its parts had to
// be merged (callers check exactness on it).
func filterBack(x Set, keep func(a uint64) bool) (Set, bool) {
	xs, ok := x.Elements(EnumLimit)
	if !ok {
		return Set{}, false
	}
	kept := xs[:0]
	for _, a := range xs {
		if keep(a) {
			kept = append(kept, a)
		}
	}
	return FromValues(x.w, kept).Set, true
}

// BackConcat narrows operand i (0 = high part) of concat(x, y) ∈ t: the
// high part must lie in t's high halves, the low part in t mod 2^wy.
func BackConcat(x, y Set, i int, t Set) Result {
	if t.IsEmpty() {
		return exact(Empty([]Set{x, y}[i].w))
	}
	if x.Wide() || y.Wide() || t.Wide() {
		return overApprox([]Set{x, y}[i], "width above 64")
	}
	var nx, ny Set
	if i == 0 {
		nx = Meet(x, withWidth(LShr(t, Const(t.w, uint64(y.w))).Set, x.w)).Set
		ny = y
	} else {
		nx = x
		ny = Meet(y, withWidth(uremConst(t, 1<<y.w).Set, y.w)).Set
	}
	r := []Set{nx, ny}[i]
	if Concat(nx, ny).Set.SubsetOf(t) {
		return exact(r)
	}
	return overApprox(r, "backward through concat is not exact")
}
