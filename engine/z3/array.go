package z3

/*
#include <z3.h>
*/
import "C"

import (
	"math/big"
	"sort"
)

// maxEnumeratedIndexBits is the widest bit-vector index sort whose arrays are
// written out point by point when their interpretation is not a finite map.
const maxEnumeratedIndexBits = 8

// arrayOfBody turns an array given as a term over (:var 0), the index, into
// an SMT-LIB array value: ((as const (Array I E)) d) followed by one store per
// index whose element differs from d.
//
// This is exact when the index occurs only in tests (= (:var 0) c) with
// closed c: the array is then constant outside those c, and its default is
// read at an index no test names. Otherwise, small index sorts are
// enumerated. Anything else stays a lambda, Z3's own (non-standard) form.
func (r *modelReader) arrayOfBody(body C.Z3_ast, idx C.Z3_sort) C.Z3_ast {
	s := r.s
	points, finite := r.indexTests(body, idx)
	var def C.Z3_ast // where to read the default; nil when points cover the sort
	switch {
	case finite:
		def = s.unusedIndex(points, idx)
	case s.enumerable(idx):
		points, def = s.allIndices(idx), nil
	default:
		sym := s.symbol("x!0")
		return s.keep(C.Z3_mk_lambda(s.c, 1, &idx, &sym, body))
	}
	if def == nil {
		def = points[0]
	}
	at := func(i C.Z3_ast) C.Z3_ast {
		v := s.keep(C.Z3_simplify(s.c, s.substituteVars(body, []C.Z3_ast{i})))
		return r.normalize(v)
	}
	defVal := at(def)
	arr := s.keep(C.Z3_mk_const_array(s.c, idx, defVal))
	for _, p := range points {
		if v := at(p); s.id(v) != s.id(defVal) {
			arr = s.keep(C.Z3_mk_store(s.c, arr, p, v))
		}
	}
	return arr
}

// indexTests collects, in increasing order, the values c of the tests
// (= (:var 0) c) in body. It reports false when the index is used in any other
// way, when body has other free variables or binders, or when some c does not
// simplify to a value, that is whenever the tests may not tell the whole story.
func (r *modelReader) indexTests(body C.Z3_ast, idx C.Z3_sort) ([]C.Z3_ast, bool) {
	s := r.s
	if !s.enumerable(idx) && C.Z3_get_sort_kind(s.c, idx) != C.Z3_BV_SORT {
		return nil, false
	}
	points := map[uint]C.Z3_ast{}
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
			return nil, false // a use of the index outside a test, or a binder
		case C.Z3_APP_AST:
			app := C.Z3_to_app(s.c, a)
			n := int(C.Z3_get_app_num_args(s.c, app))
			args := make([]C.Z3_ast, n)
			for i := range n {
				args[i] = s.keep(C.Z3_get_app_arg(s.c, app, C.uint(i)))
			}
			d := C.Z3_get_app_decl(s.c, app)
			if n == 2 && C.Z3_get_decl_kind(s.c, d) == C.Z3_OP_EQ {
				if c, ok := s.indexTest(args[0], args[1]); ok {
					if c == nil {
						return nil, false
					}
					points[s.id(c)] = c
					continue
				}
			}
			stack = append(stack, args...)
		}
		s.check()
	}
	return s.sortIndices(points), true
}

// indexTest recognizes (= (:var 0) c) in either order. It returns ok when one
// side is the index, and c nil when the other side is not a closed value.
func (s *session) indexTest(x, y C.Z3_ast) (c C.Z3_ast, ok bool) {
	if !s.isIndexVar(x) {
		x, y = y, x
	}
	if !s.isIndexVar(x) {
		return nil, false
	}
	if !s.closed(y) {
		return nil, true
	}
	v := s.keep(C.Z3_simplify(s.c, y))
	if !s.isValue(v) {
		return nil, true
	}
	return v, true
}

func (s *session) isIndexVar(a C.Z3_ast) bool {
	ok := C.Z3_get_ast_kind(s.c, a) == C.Z3_VAR_AST && C.Z3_get_index_value(s.c, a) == 0
	s.check()
	return ok
}

func (s *session) isValue(a C.Z3_ast) bool {
	ok := C.Z3_is_numeral_ast(s.c, a) || C.Z3_get_bool_value(s.c, a) != C.Z3_L_UNDEF
	s.check()
	return bool(ok)
}

// enumerable reports whether every index of sort idx may be written out.
func (s *session) enumerable(idx C.Z3_sort) bool {
	switch C.Z3_get_sort_kind(s.c, idx) {
	case C.Z3_BOOL_SORT:
		return true
	case C.Z3_BV_SORT:
		return C.Z3_get_bv_sort_size(s.c, idx) <= maxEnumeratedIndexBits
	}
	return false
}

// allIndices lists every value of an enumerable sort in increasing order.
func (s *session) allIndices(idx C.Z3_sort) []C.Z3_ast {
	if C.Z3_get_sort_kind(s.c, idx) == C.Z3_BOOL_SORT {
		return []C.Z3_ast{s.keep(C.Z3_mk_false(s.c)), s.keep(C.Z3_mk_true(s.c))}
	}
	n := 1 << C.Z3_get_bv_sort_size(s.c, idx)
	out := make([]C.Z3_ast, n)
	for i := range n {
		out[i] = s.keep(C.Z3_mk_unsigned_int(s.c, C.uint(i), idx))
	}
	return out
}

// unusedIndex returns the least index of sort idx not in used (sorted
// increasingly), or nil when used covers the sort.
func (s *session) unusedIndex(used []C.Z3_ast, idx C.Z3_sort) C.Z3_ast {
	if C.Z3_get_sort_kind(s.c, idx) == C.Z3_BOOL_SORT {
		for _, b := range s.allIndices(idx) {
			if !containsID(s, used, b) {
				return b
			}
		}
		return nil
	}
	size := new(big.Int).Lsh(big.NewInt(1), uint(C.Z3_get_bv_sort_size(s.c, idx)))
	next := new(big.Int)
	for _, u := range used {
		if s.numeral(u).Cmp(next) != 0 {
			break
		}
		next.Add(next, big.NewInt(1))
	}
	if next.Cmp(size) >= 0 {
		return nil
	}
	return s.mkNumeral(next, idx)
}

func containsID(s *session, list []C.Z3_ast, a C.Z3_ast) bool {
	for _, b := range list {
		if s.id(a) == s.id(b) {
			return true
		}
	}
	return false
}

// sortIndices orders index values: numerals by value, false before true.
func (s *session) sortIndices(set map[uint]C.Z3_ast) []C.Z3_ast {
	out := make([]C.Z3_ast, 0, len(set))
	keys := map[uint]*big.Int{}
	for id, a := range set {
		out = append(out, a)
		if C.Z3_is_numeral_ast(s.c, a) {
			keys[id] = s.numeral(a)
		} else if C.Z3_get_bool_value(s.c, a) == C.Z3_L_TRUE {
			keys[id] = big.NewInt(1)
		} else {
			keys[id] = big.NewInt(0)
		}
	}
	sort.Slice(out, func(i, j int) bool { return keys[s.id(out[i])].Cmp(keys[s.id(out[j])]) < 0 })
	return out
}
