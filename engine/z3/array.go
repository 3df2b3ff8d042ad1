package z3

/*
#include <z3.h>
*/
import "C"

import (
	"math/big"
	"sort"
)

const (
	// maxEnumeratedIndexBits is the widest bit-vector index sort whose
	// arrays may be read index by index when their form is not understood.
	maxEnumeratedIndexBits = 8
	// maxStores bounds the stores written for one array; past it the array
	// stays a lambda.
	maxStores = 1024
)

// piece is a run lo..hi of consecutive indices on which an array is constant.
type piece struct {
	lo, hi *big.Int
	value  C.Z3_ast
}

func (p piece) size() *big.Int {
	n := new(big.Int).Sub(p.hi, p.lo)
	return n.Add(n, big.NewInt(1))
}

// arrayOfBody turns an array given as a term over (:var 0), the index, into
// an SMT-LIB array value: ((as const (Array I E)) d) followed by stores for
// the indices whose element differs from d.
//
// The index sort is cut into pieces on which body is constant (see cuts),
// body is read once per piece, d is the element covering most indices, and
// the other pieces are written out index by index. When no cut is known, or
// the other pieces hold more than maxStores indices, the array stays a
// lambda, Z3's own (non-standard) form.
func (r *modelReader) arrayOfBody(body C.Z3_ast, idx C.Z3_sort) C.Z3_ast {
	s := r.s
	lambda := func() C.Z3_ast {
		sym := s.symbol("x!0")
		return s.keep(C.Z3_mk_lambda(s.c, 1, &idx, &sym, body))
	}
	starts, ok := r.cuts(body, idx)
	if !ok {
		return lambda()
	}
	size := s.indexCount(idx)
	pieces := make([]piece, len(starts))
	total := map[uint]*big.Int{}
	best := C.Z3_ast(nil)
	for i, lo := range starts {
		hi := new(big.Int).Sub(size, big.NewInt(1))
		if i+1 < len(starts) {
			hi.Sub(starts[i+1], big.NewInt(1))
		}
		v := s.keep(C.Z3_simplify(s.c, s.substituteVars(body, []C.Z3_ast{s.index(lo, idx)})))
		pieces[i] = piece{lo: lo, hi: hi, value: r.normalize(v)}
		key := s.id(pieces[i].value)
		if total[key] == nil {
			total[key] = new(big.Int)
		}
		total[key].Add(total[key], pieces[i].size())
		if best == nil || total[key].Cmp(total[s.id(best)]) > 0 {
			best = pieces[i].value
		}
	}
	stores := new(big.Int).Sub(size, total[s.id(best)])
	if stores.Cmp(big.NewInt(maxStores)) > 0 {
		return lambda()
	}
	arr := s.keep(C.Z3_mk_const_array(s.c, idx, best))
	for _, p := range pieces {
		if s.id(p.value) == s.id(best) {
			continue
		}
		for i := new(big.Int).Set(p.lo); i.Cmp(p.hi) <= 0; i.Add(i, big.NewInt(1)) {
			arr = s.keep(C.Z3_mk_store(s.c, arr, s.index(i, idx), p.value))
		}
	}
	return arr
}

// cuts returns, in increasing order, the first indices of runs on which body
// is constant; the first is 0. It understands bodies whose index (:var 0)
// occurs only in comparisons (=, distinct, bvule, bvslt, …) with closed
// values c: the comparisons can only change value at c, at c+1 and, for the
// signed ones, at the sign boundary. Any other body over an index sort of at
// most maxEnumeratedIndexBits bits is cut at every index. Otherwise ok is false.
func (r *modelReader) cuts(body C.Z3_ast, idx C.Z3_sort) (starts []*big.Int, ok bool) {
	s := r.s
	var width uint
	switch C.Z3_get_sort_kind(s.c, idx) {
	case C.Z3_BOOL_SORT:
		width = 1
	case C.Z3_BV_SORT:
		width = uint(C.Z3_get_bv_sort_size(s.c, idx))
	default:
		return nil, false
	}
	size := s.indexCount(idx)
	set := map[string]*big.Int{}
	add := func(v *big.Int) {
		if v.Sign() >= 0 && v.Cmp(size) < 0 {
			set[v.String()] = v
		}
	}
	add(big.NewInt(0))
	add(new(big.Int).Lsh(big.NewInt(1), width-1))
	consts, understood := s.comparedValues(body)
	if !understood && width > maxEnumeratedIndexBits {
		return nil, false
	}
	if understood {
		for _, c := range consts {
			add(c)
			add(new(big.Int).Add(c, big.NewInt(1)))
		}
	} else {
		for i := int64(0); i < size.Int64(); i++ {
			add(big.NewInt(i))
		}
	}
	for _, v := range set {
		starts = append(starts, v)
	}
	sort.Slice(starts, func(i, j int) bool { return starts[i].Cmp(starts[j]) < 0 })
	return starts, true
}

// comparisons are the relations whose truth, for a fixed other side, changes
// only at the borders cuts adds.
var comparisons = map[C.Z3_decl_kind]bool{
	C.Z3_OP_EQ: true, C.Z3_OP_DISTINCT: true,
	C.Z3_OP_ULEQ: true, C.Z3_OP_ULT: true, C.Z3_OP_UGEQ: true, C.Z3_OP_UGT: true,
	C.Z3_OP_SLEQ: true, C.Z3_OP_SLT: true, C.Z3_OP_SGEQ: true, C.Z3_OP_SGT: true,
}

// comparedValues collects the values the index (:var 0) is compared with in
// body. It reports false when the index occurs anywhere else, when body has
// other free variables or binders, or when a compared side is not a closed
// value.
func (s *session) comparedValues(body C.Z3_ast) ([]*big.Int, bool) {
	var out []*big.Int
	seen := map[uint]bool{}
	stack := []C.Z3_ast{body}
	for len(stack) > 0 {
		a := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[s.id(a)] {
			continue
		}
		seen[s.id(a)] = true
		switch C.Z3_get_ast_kind(s.c, a) {
		case C.Z3_VAR_AST, C.Z3_QUANTIFIER_AST:
			return nil, false // the index outside a comparison, or a binder
		case C.Z3_APP_AST:
			app := C.Z3_to_app(s.c, a)
			n := int(C.Z3_get_app_num_args(s.c, app))
			args := make([]C.Z3_ast, n)
			for i := range n {
				args[i] = s.keep(C.Z3_get_app_arg(s.c, app, C.uint(i)))
			}
			kind := C.Z3_get_decl_kind(s.c, C.Z3_get_app_decl(s.c, app))
			if n == 2 && comparisons[kind] && (s.isIndexVar(args[0]) || s.isIndexVar(args[1])) {
				other := args[1]
				if s.isIndexVar(other) {
					other = args[0]
				}
				c, ok := s.closedValue(other)
				if !ok {
					return nil, false
				}
				out = append(out, c)
				continue
			}
			stack = append(stack, args...)
		}
		s.check()
	}
	return out, true
}

// closedValue simplifies a closed term to a numeral (or Boolean) value.
func (s *session) closedValue(a C.Z3_ast) (*big.Int, bool) {
	if !s.closed(a) {
		return nil, false
	}
	v := s.keep(C.Z3_simplify(s.c, a))
	if C.Z3_is_numeral_ast(s.c, v) {
		return s.numeral(v), true
	}
	switch C.Z3_get_bool_value(s.c, v) {
	case C.Z3_L_TRUE:
		return big.NewInt(1), true
	case C.Z3_L_FALSE:
		return big.NewInt(0), true
	}
	s.check()
	return nil, false
}

func (s *session) isIndexVar(a C.Z3_ast) bool {
	ok := C.Z3_get_ast_kind(s.c, a) == C.Z3_VAR_AST && C.Z3_get_index_value(s.c, a) == 0
	s.check()
	return ok
}

// indexCount is the number of values of a Bool or bit-vector sort.
func (s *session) indexCount(idx C.Z3_sort) *big.Int {
	if C.Z3_get_sort_kind(s.c, idx) == C.Z3_BOOL_SORT {
		return big.NewInt(2)
	}
	return new(big.Int).Lsh(big.NewInt(1), uint(C.Z3_get_bv_sort_size(s.c, idx)))
}

// index is the value number v of a Bool (false, true) or bit-vector sort.
func (s *session) index(v *big.Int, idx C.Z3_sort) C.Z3_ast {
	if C.Z3_get_sort_kind(s.c, idx) == C.Z3_BOOL_SORT {
		if v.Sign() == 0 {
			return s.keep(C.Z3_mk_false(s.c))
		}
		return s.keep(C.Z3_mk_true(s.c))
	}
	return s.mkNumeral(v, idx)
}
