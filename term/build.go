package term

import (
	"fmt"
)

// Make builds op over args with the given indices (nil when the operator has
// none), checking sorts and arity. Ill-sorted input is an error that names the
// operator and the sorts it got: the front-end shows it to the user.
//
// Make also does the builder's cheap local rewrites (see rewrite.go): the
// result may be a different, equivalent term.
func (st *Store) Make(op Op, indices []uint32, args ...Term) (Term, error) {
	if op.NumIndices() != len(indices) {
		return NoTerm, fmt.Errorf("%s expects %d indices, got %d", op, op.NumIndices(), len(indices))
	}
	for _, a := range args {
		if a == NoTerm || int(a) >= len(st.nodes) {
			return NoTerm, fmt.Errorf("%s: invalid argument", op)
		}
	}
	switch op {
	case OpNot:
		if err := st.wantBools(op, args, 1, 1); err != nil {
			return NoTerm, err
		}
		return st.mkNot(args[0]), nil
	case OpAnd, OpOr:
		if err := st.wantBools(op, args, 0, -1); err != nil {
			return NoTerm, err
		}
		return st.mkAndOr(op, args), nil
	case OpXor:
		if err := st.wantBools(op, args, 1, -1); err != nil {
			return NoTerm, err
		}
		r := args[0]
		for _, a := range args[1:] {
			r = st.mkXor(r, a)
		}
		return r, nil
	case OpImplies:
		if err := st.wantBools(op, args, 1, -1); err != nil {
			return NoTerm, err
		}
		// Right associative: (=> a b c) is (=> a (=> b c)).
		r := args[len(args)-1]
		for i := len(args) - 2; i >= 0; i-- {
			r = st.mkImplies(args[i], r)
		}
		return r, nil
	case OpEq, OpDistinct:
		if len(args) < 2 {
			return NoTerm, fmt.Errorf("%s expects at least 2 arguments, got %d", op, len(args))
		}
		if err := st.wantSameSort(op, args); err != nil {
			return NoTerm, err
		}
		if st.Kind(st.SortOf(args[0])) == KindFun {
			return NoTerm, fmt.Errorf("%s: functions cannot be compared", op)
		}
		if op == OpDistinct {
			return st.mkDistinct(args), nil
		}
		// Chainable: (= a b c) is (and (= a b) (= b c)).
		if len(args) == 2 {
			return st.mkEq(args[0], args[1]), nil
		}
		conj := make([]Term, 0, len(args)-1)
		for i := 0; i+1 < len(args); i++ {
			conj = append(conj, st.mkEq(args[i], args[i+1]))
		}
		return st.mkAndOr(OpAnd, conj), nil
	case OpIte:
		if len(args) != 3 {
			return NoTerm, fmt.Errorf("ite expects 3 arguments, got %d", len(args))
		}
		if !st.IsBool(st.SortOf(args[0])) {
			return NoTerm, fmt.Errorf("ite expects a Bool condition, got %s", st.SortString(st.SortOf(args[0])))
		}
		if st.SortOf(args[1]) != st.SortOf(args[2]) {
			return NoTerm, fmt.Errorf("ite branches have different sorts: %s and %s",
				st.SortString(st.SortOf(args[1])), st.SortString(st.SortOf(args[2])))
		}
		return st.mkIte(args[0], args[1], args[2]), nil
	case OpSelect:
		if len(args) != 2 {
			return NoTerm, fmt.Errorf("select expects 2 arguments, got %d", len(args))
		}
		as := st.SortOf(args[0])
		if !st.IsArray(as) {
			return NoTerm, fmt.Errorf("select expects an array, got %s", st.SortString(as))
		}
		if st.IndexSort(as) != st.SortOf(args[1]) {
			return NoTerm, fmt.Errorf("select index has sort %s, the array is indexed by %s",
				st.SortString(st.SortOf(args[1])), st.SortString(st.IndexSort(as)))
		}
		return st.mkSelect(args[0], args[1]), nil
	case OpStore:
		if len(args) != 3 {
			return NoTerm, fmt.Errorf("store expects 3 arguments, got %d", len(args))
		}
		as := st.SortOf(args[0])
		if !st.IsArray(as) {
			return NoTerm, fmt.Errorf("store expects an array, got %s", st.SortString(as))
		}
		if st.IndexSort(as) != st.SortOf(args[1]) {
			return NoTerm, fmt.Errorf("store index has sort %s, the array is indexed by %s",
				st.SortString(st.SortOf(args[1])), st.SortString(st.IndexSort(as)))
		}
		if st.ElemSort(as) != st.SortOf(args[2]) {
			return NoTerm, fmt.Errorf("store value has sort %s, the array holds %s",
				st.SortString(st.SortOf(args[2])), st.SortString(st.ElemSort(as)))
		}
		return st.mkStore(args[0], args[1], args[2]), nil
	case OpApply:
		if len(args) == 0 || st.Kind(st.SortOf(args[0])) != KindFun {
			return NoTerm, fmt.Errorf("application of something that is not a function")
		}
		fs := st.SortOf(args[0])
		dom := st.Domain(fs)
		if len(args)-1 != len(dom) {
			return NoTerm, fmt.Errorf("%s expects %d arguments, got %d", st.Name(args[0]), len(dom), len(args)-1)
		}
		for i, d := range dom {
			if st.SortOf(args[i+1]) != d {
				return NoTerm, fmt.Errorf("argument %d of %s has sort %s, expected %s", i+1, st.Name(args[0]),
					st.SortString(st.SortOf(args[i+1])), st.SortString(d))
			}
		}
		return st.intern(node{op: OpApply, sort: st.Range(fs)}, args), nil
	case OpForall, OpExists:
		if len(args) < 2 {
			return NoTerm, fmt.Errorf("%s expects bound variables and a body", op)
		}
		for _, v := range args[:len(args)-1] {
			if st.Op(v) != OpBound {
				return NoTerm, fmt.Errorf("%s binds something that is not a variable", op)
			}
		}
		body := args[len(args)-1]
		if !st.IsBool(st.SortOf(body)) {
			return NoTerm, fmt.Errorf("%s body must be Bool, got %s", op, st.SortString(st.SortOf(body)))
		}
		if st.IsConst(body) {
			return body, nil
		}
		return st.intern(node{op: op, sort: BoolSortID}, args), nil
	case OpTrue, OpFalse, OpBVConst, OpVar, OpBound, OpConstArray, OpInvalid, OpFPConst, OpRMConst:
		return NoTerm, fmt.Errorf("%s cannot be built with Make", op)
	}
	if op.IsFloat() {
		return st.makeFP(op, indices, args)
	}
	return st.makeBV(op, indices, args)
}

// MustMake is Make for callers that build well-sorted terms by construction;
// an error is a bug, so it panics.
func (st *Store) MustMake(op Op, indices []uint32, args ...Term) Term {
	t, err := st.Make(op, indices, args...)
	if err != nil {
		panic("term: " + err.Error())
	}
	return t
}

// ConstArray returns ((as const sort) v); sort must be an array sort whose
// element sort is v's sort.
func (st *Store) ConstArray(sort Sort, v Term) (Term, error) {
	if !st.IsArray(sort) {
		return NoTerm, fmt.Errorf("as const expects an array sort, got %s", st.SortString(sort))
	}
	if st.ElemSort(sort) != st.SortOf(v) {
		return NoTerm, fmt.Errorf("constant array of %s cannot hold a value of sort %s",
			st.SortString(st.ElemSort(sort)), st.SortString(st.SortOf(v)))
	}
	return st.intern(node{op: OpConstArray, sort: sort}, []Term{v}), nil
}

// Convenience builders for well-sorted input.

func (st *Store) Not(a Term) Term        { return st.MustMake(OpNot, nil, a) }
func (st *Store) And(a ...Term) Term     { return st.MustMake(OpAnd, nil, a...) }
func (st *Store) Or(a ...Term) Term      { return st.MustMake(OpOr, nil, a...) }
func (st *Store) Eq(a, b Term) Term      { return st.MustMake(OpEq, nil, a, b) }
func (st *Store) Ite(c, a, b Term) Term  { return st.MustMake(OpIte, nil, c, a, b) }
func (st *Store) Implies(a, b Term) Term { return st.MustMake(OpImplies, nil, a, b) }

// EachConjunct calls f on every top-level conjunct of t that is not itself
// a conjunction (nested and-s flattened, last argument first).
func (st *Store) EachConjunct(t Term, f func(Term)) {
	stack := []Term{t}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if st.Op(c) == OpAnd {
			stack = append(stack, st.Args(c)...)
			continue
		}
		f(c)
	}
}

func (st *Store) wantBools(op Op, args []Term, min, max int) error {
	if len(args) < min || (max >= 0 && len(args) > max) {
		if min == max {
			return fmt.Errorf("%s expects %d argument(s), got %d", op, min, len(args))
		}
		return fmt.Errorf("%s expects at least %d argument(s), got %d", op, min, len(args))
	}
	for i, a := range args {
		if !st.IsBool(st.SortOf(a)) {
			return fmt.Errorf("argument %d of %s must be Bool, got %s", i+1, op, st.SortString(st.SortOf(a)))
		}
	}
	return nil
}

func (st *Store) wantSameSort(op Op, args []Term) error {
	s := st.SortOf(args[0])
	for _, a := range args[1:] {
		if st.SortOf(a) != s {
			return fmt.Errorf("%s expects arguments of one sort, got %s and %s", op,
				st.SortString(s), st.SortString(st.SortOf(a)))
		}
	}
	return nil
}

// makeBV checks and builds the bit-vector operators.
func (st *Store) makeBV(op Op, idx []uint32, args []Term) (Term, error) {
	for i, a := range args {
		if !st.IsBitVec(st.SortOf(a)) {
			return NoTerm, fmt.Errorf("argument %d of %s must be a bit-vector, got %s", i+1, op, st.SortString(st.SortOf(a)))
		}
	}
	switch op {
	case OpBVNot, OpBVNeg, OpBVNego:
		if len(args) != 1 {
			return NoTerm, fmt.Errorf("%s expects 1 argument, got %d", op, len(args))
		}
		return st.mkBV(op, nil, args), nil
	case OpExtract, OpZeroExtend, OpSignExtend, OpRepeat, OpRotateLeft, OpRotateRight:
		if len(args) != 1 {
			return NoTerm, fmt.Errorf("%s expects 1 argument, got %d", op, len(args))
		}
		w := st.Width(st.SortOf(args[0]))
		switch op {
		case OpExtract:
			if idx[0] >= w || idx[1] > idx[0] {
				return NoTerm, fmt.Errorf("(_ extract %d %d) out of range for a bit-vector of width %d", idx[0], idx[1], w)
			}
		case OpRepeat:
			if idx[0] == 0 {
				return NoTerm, fmt.Errorf("(_ repeat 0) is not allowed")
			}
			if uint64(w)*uint64(idx[0]) > MaxWidth {
				return NoTerm, fmt.Errorf("(_ repeat %d) makes a bit-vector wider than %d", idx[0], MaxWidth)
			}
		case OpZeroExtend, OpSignExtend:
			if uint64(w)+uint64(idx[0]) > MaxWidth {
				return NoTerm, fmt.Errorf("(_ %s %d) makes a bit-vector wider than %d", op, idx[0], MaxWidth)
			}
		}
		return st.mkBV(op, idx, args), nil
	case OpConcat:
		if len(args) < 1 {
			return NoTerm, fmt.Errorf("concat expects at least 1 argument")
		}
		r := args[0]
		for _, a := range args[1:] {
			if uint64(st.Width(st.SortOf(r)))+uint64(st.Width(st.SortOf(a))) > MaxWidth {
				return NoTerm, fmt.Errorf("concat makes a bit-vector wider than %d", MaxWidth)
			}
			r = st.mkBV(OpConcat, nil, []Term{r, a})
		}
		return r, nil
	}
	if len(args) < 2 {
		return NoTerm, fmt.Errorf("%s expects 2 arguments, got %d", op, len(args))
	}
	if err := st.wantSameSort(op, args); err != nil {
		return NoTerm, err
	}
	switch op {
	case OpBVAnd, OpBVOr, OpBVXor, OpBVAdd, OpBVMul, OpBVSub:
		// Left associative in QF_BV: (bvadd a b c) is (bvadd (bvadd a b) c).
		r := args[0]
		for _, a := range args[1:] {
			r = st.mkBV(op, nil, []Term{r, a})
		}
		return r, nil
	}
	if len(args) != 2 {
		return NoTerm, fmt.Errorf("%s expects 2 arguments, got %d", op, len(args))
	}
	return st.mkBV(op, nil, args), nil
}

// MaxWidth bounds bit-vector widths so that a hostile script cannot ask for a
// sort that no memory can hold.
const MaxWidth = 1 << 24
