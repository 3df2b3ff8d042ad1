package term

import (
	"github.com/sift-solver/sift/bv"
)

// The builder's local rewrites. Each looks only at the operator and its direct
// arguments, so construction stays O(arity); anything deeper belongs to the
// preprocess package.

func (st *Store) mkNot(a Term) Term {
	switch st.Op(a) {
	case OpTrue:
		return st.falseT
	case OpFalse:
		return st.trueT
	case OpNot:
		return st.Arg(a, 0)
	}
	return st.intern(node{op: OpNot, sort: BoolSortID}, []Term{a})
}

// mkAndOr drops neutral elements and duplicates, and answers the absorbing
// constant when it or a complementary pair is present.
func (st *Store) mkAndOr(op Op, args []Term) Term {
	neutral, absorbing := st.trueT, st.falseT
	if op == OpOr {
		neutral, absorbing = st.falseT, st.trueT
	}
	kept := make([]Term, 0, len(args))
	var seen map[Term]struct{}
	if len(args) > 8 {
		seen = make(map[Term]struct{}, len(args))
	}
	for _, a := range args {
		if a == absorbing {
			return absorbing
		}
		if a == neutral {
			continue
		}
		if seen != nil {
			if _, dup := seen[a]; dup {
				continue
			}
			if _, comp := seen[st.mkNotPeek(a)]; comp {
				return absorbing
			}
			seen[a] = struct{}{}
		} else if dup, comp := st.scanFor(kept, a); dup {
			continue
		} else if comp {
			return absorbing
		}
		kept = append(kept, a)
	}
	switch len(kept) {
	case 0:
		return neutral
	case 1:
		return kept[0]
	}
	return st.intern(node{op: op, sort: BoolSortID}, kept)
}

// mkNotPeek returns the complement of a if it already exists, without
// building it, and NoTerm otherwise.
func (st *Store) mkNotPeek(a Term) Term {
	if st.Op(a) == OpNot {
		return st.Arg(a, 0)
	}
	h := hashNode(OpNot, BoolSortID, 0, 0, []Term{a})
	mask := uint64(len(st.table) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		t := st.table[i]
		if t == NoTerm {
			return NoTerm
		}
		n := &st.nodes[t]
		if n.op == OpNot && n.nargs == 1 && st.args[n.argOff] == a {
			return t
		}
	}
}

func (st *Store) scanFor(kept []Term, a Term) (dup, comp bool) {
	for _, k := range kept {
		if k == a {
			return true, false
		}
		if (st.Op(k) == OpNot && st.Arg(k, 0) == a) || (st.Op(a) == OpNot && st.Arg(a, 0) == k) {
			return false, true
		}
	}
	return false, false
}

func (st *Store) mkXor(a, b Term) Term {
	switch {
	case a == b:
		return st.falseT
	case a == st.falseT:
		return b
	case b == st.falseT:
		return a
	case a == st.trueT:
		return st.mkNot(b)
	case b == st.trueT:
		return st.mkNot(a)
	}
	return st.intern(node{op: OpXor, sort: BoolSortID}, []Term{a, b})
}

func (st *Store) mkImplies(a, b Term) Term {
	switch {
	case a == st.falseT, b == st.trueT, a == b:
		return st.trueT
	case a == st.trueT:
		return b
	case b == st.falseT:
		return st.mkNot(a)
	}
	return st.intern(node{op: OpImplies, sort: BoolSortID}, []Term{a, b})
}

func (st *Store) mkEq(a, b Term) Term {
	if a == b {
		return st.trueT
	}
	if st.IsConst(a) && st.IsConst(b) {
		return st.falseT // distinct interned constants of one sort differ
	}
	if st.IsBool(st.SortOf(a)) {
		switch {
		case a == st.trueT:
			return b
		case b == st.trueT:
			return a
		case a == st.falseT:
			return st.mkNot(b)
		case b == st.falseT:
			return st.mkNot(a)
		}
	}
	return st.intern(node{op: OpEq, sort: BoolSortID}, []Term{a, b})
}

func (st *Store) mkDistinct(args []Term) Term {
	if len(args) == 2 {
		return st.mkNot(st.mkEq(args[0], args[1]))
	}
	allConst := true
	for i, a := range args {
		for _, b := range args[:i] {
			if a == b {
				return st.falseT
			}
		}
		allConst = allConst && st.IsConst(a)
	}
	if allConst {
		return st.trueT
	}
	return st.intern(node{op: OpDistinct, sort: BoolSortID}, args)
}

func (st *Store) mkIte(c, a, b Term) Term {
	switch {
	case c == st.trueT || a == b:
		return a
	case c == st.falseT:
		return b
	case st.Op(c) == OpNot:
		return st.mkIte(st.Arg(c, 0), b, a)
	}
	if st.IsBool(st.SortOf(a)) {
		switch {
		case a == st.trueT && b == st.falseT:
			return c
		case a == st.falseT && b == st.trueT:
			return st.mkNot(c)
		case a == st.trueT:
			return st.mkAndOr(OpOr, []Term{c, b})
		case b == st.falseT:
			return st.mkAndOr(OpAnd, []Term{c, a})
		}
	}
	return st.intern(node{op: OpIte, sort: st.SortOf(a)}, []Term{c, a, b})
}

func (st *Store) mkSelect(a, i Term) Term {
	// Read over write, only where the indices are syntactically decided.
	if st.IsConst(i) {
		v, ok := st.readConstIndex(a, i)
		if ok {
			return v
		}
		a = v
	}
	switch st.Op(a) {
	case OpConstArray:
		return st.Arg(a, 0)
	case OpStore:
		if st.Arg(a, 1) == i {
			return st.Arg(a, 2)
		}
	}
	return st.intern(node{op: OpSelect, sort: st.ElemSort(st.SortOf(a))}, []Term{a, i})
}

func (st *Store) mkStore(a, i, v Term) Term {
	if st.Op(a) == OpStore && st.Arg(a, 1) == i {
		a = st.Arg(a, 0) // the inner write is overwritten
	}
	return st.intern(node{op: OpStore, sort: st.SortOf(a)}, []Term{a, i, v})
}

// bvResultSort returns the sort of a well-sorted bit-vector application.
func (st *Store) bvResultSort(op Op, idx []uint32, args []Term) Sort {
	w := st.Width(st.SortOf(args[0]))
	switch op {
	case OpBVUlt, OpBVUle, OpBVUgt, OpBVUge, OpBVSlt, OpBVSle, OpBVSgt, OpBVSge,
		OpBVNego, OpBVUaddo, OpBVSaddo, OpBVUsubo, OpBVSsubo, OpBVUmulo, OpBVSmulo, OpBVSdivo:
		return BoolSortID
	case OpBVComp:
		return st.BitVecSort(1)
	case OpConcat:
		return st.BitVecSort(w + st.Width(st.SortOf(args[1])))
	case OpExtract:
		return st.BitVecSort(idx[0] - idx[1] + 1)
	case OpZeroExtend, OpSignExtend:
		return st.BitVecSort(w + idx[0])
	case OpRepeat:
		return st.BitVecSort(w * idx[0])
	}
	return st.SortOf(args[0])
}

// mkBV folds constants, removes neutral elements and normalises the
// greater-than comparisons to less-than ones with swapped arguments.
func (st *Store) mkBV(op Op, idx []uint32, args []Term) Term {
	allConst := true
	for _, a := range args {
		allConst = allConst && st.Op(a) == OpBVConst
	}
	if allConst {
		vals := make([]bv.Value, len(args))
		for i, a := range args {
			vals[i] = st.Value(a)
		}
		var i0, i1 uint32
		if len(idx) > 0 {
			i0 = idx[0]
		}
		if len(idx) > 1 {
			i1 = idx[1]
		}
		r, isBool, b := applyBV(op, i0, i1, vals)
		if isBool {
			return st.Bool(b)
		}
		return st.Const(r)
	}
	switch op {
	case OpBVUgt:
		return st.mkBV(OpBVUlt, nil, []Term{args[1], args[0]})
	case OpBVUge:
		return st.mkBV(OpBVUle, nil, []Term{args[1], args[0]})
	case OpBVSgt:
		return st.mkBV(OpBVSlt, nil, []Term{args[1], args[0]})
	case OpBVSge:
		return st.mkBV(OpBVSle, nil, []Term{args[1], args[0]})
	}
	if t, ok := st.simplifyBV(op, idx, args); ok {
		return t
	}
	n := node{op: op, sort: st.bvResultSort(op, idx, args)}
	if len(idx) > 0 {
		n.i0 = idx[0]
	}
	if len(idx) > 1 {
		n.i1 = idx[1]
	}
	return st.intern(n, args)
}

func (st *Store) isZero(t Term) bool { return st.Op(t) == OpBVConst && st.Value(t).IsZero() }
func (st *Store) isOnes(t Term) bool { return st.Op(t) == OpBVConst && st.Value(t).IsOnes() }
func (st *Store) isOne(t Term) bool {
	if st.Op(t) != OpBVConst {
		return false
	}
	x, ok := st.Value(t).Uint64()
	return ok && x == 1
}

// simplifyBV applies neutral-element and identity rules.
func (st *Store) simplifyBV(op Op, idx []uint32, args []Term) (Term, bool) {
	w := st.Width(st.SortOf(args[0]))
	zero := func() Term { return st.Const(bv.Zero(w)) }
	switch op {
	case OpBVNot:
		if st.Op(args[0]) == OpBVNot {
			return st.Arg(args[0], 0), true
		}
	case OpBVNeg:
		if st.Op(args[0]) == OpBVNeg {
			return st.Arg(args[0], 0), true
		}
	case OpBVAdd, OpBVOr, OpBVXor:
		a, b := args[0], args[1]
		if st.isZero(a) {
			return b, true
		}
		if st.isZero(b) {
			return a, true
		}
		if a == b && op == OpBVOr {
			return a, true
		}
		if a == b && op == OpBVXor {
			return zero(), true
		}
		if op == OpBVOr && (st.isOnes(a) || st.isOnes(b)) {
			return st.Const(bv.Ones(w)), true
		}
	case OpBVAnd:
		a, b := args[0], args[1]
		if st.isZero(a) || st.isZero(b) {
			return zero(), true
		}
		if st.isOnes(a) || a == b {
			return b, true
		}
		if st.isOnes(b) {
			return a, true
		}
	case OpBVMul:
		a, b := args[0], args[1]
		if st.isZero(a) || st.isZero(b) {
			return zero(), true
		}
		if st.isOne(a) {
			return b, true
		}
		if st.isOne(b) {
			return a, true
		}
	case OpBVSub:
		if args[0] == args[1] {
			return zero(), true
		}
		if st.isZero(args[1]) {
			return args[0], true
		}
	case OpBVShl, OpBVLshr, OpBVAshr:
		if st.isZero(args[1]) {
			return args[0], true
		}
		if st.isZero(args[0]) {
			return args[0], true
		}
	case OpBVUdiv:
		if st.isOne(args[1]) {
			return args[0], true
		}
	case OpBVUlt, OpBVSlt:
		if args[0] == args[1] {
			return st.falseT, true
		}
	case OpBVUle, OpBVSle:
		if args[0] == args[1] {
			return st.trueT, true
		}
	case OpBVComp:
		if args[0] == args[1] {
			return st.Const(bv.New(1, 1)), true
		}
	case OpExtract:
		return st.simplifyExtract(args[0], idx[0], idx[1])
	case OpZeroExtend, OpSignExtend:
		if idx[0] == 0 {
			return args[0], true
		}
	case OpRepeat:
		if idx[0] == 1 {
			return args[0], true
		}
	case OpRotateLeft, OpRotateRight:
		if idx[0]%w == 0 {
			return args[0], true
		}
	}
	return NoTerm, false
}

// simplifyExtract removes full-width extracts, composes nested ones, and
// reaches through a concat when the slice lies in one of its halves.
func (st *Store) simplifyExtract(a Term, hi, lo uint32) (Term, bool) {
	for {
		w := st.Width(st.SortOf(a))
		if lo == 0 && hi == w-1 {
			return a, true
		}
		switch st.Op(a) {
		case OpBVConst:
			return st.Const(bv.Extract(st.Value(a), hi, lo)), true
		case OpExtract:
			_, innerLo := st.Indices(a)
			a, hi, lo = st.Arg(a, 0), hi+innerLo, lo+innerLo
			continue
		case OpConcat:
			low := st.Arg(a, 1)
			lw := st.Width(st.SortOf(low))
			if hi < lw {
				a = low
				continue
			}
			if lo >= lw {
				a, hi, lo = st.Arg(a, 0), hi-lw, lo-lw
				continue
			}
		case OpZeroExtend:
			inner := st.Arg(a, 0)
			if hi < st.Width(st.SortOf(inner)) {
				a = inner
				continue
			}
		}
		return st.intern(node{op: OpExtract, sort: st.BitVecSort(hi - lo + 1), i0: hi, i1: lo}, []Term{a}), true
	}
}
