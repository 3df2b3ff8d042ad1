package z3

/*
#include <z3.h>
*/
import "C"

// maxInlineDepth bounds how deeply model functions may be inlined into each
// other. Z3 models are not recursive, so reaching it means a cycle.
const maxInlineDepth = 64

// normalize rewrites a model term into a self-contained SMT-LIB term:
//   - (_ as-array f) becomes the array f describes (see arrayOfBody);
//   - a one-variable lambda becomes an array the same way;
//   - an application of a function the model interprets (Z3's auxiliary
//     k!n, f!n, … and any other) is replaced by its interpretation, and
//     simplified to a value when its arguments are closed.
//
// Terms may contain bound variables (:var i); they are left alone.
func (r *modelReader) normalize(a C.Z3_ast) C.Z3_ast {
	s := r.s
	key := s.id(a)
	if out, ok := r.norm[key]; ok {
		return out
	}
	out := r.normalizeOnce(a)
	r.norm[key] = out
	return out
}

func (r *modelReader) normalizeOnce(a C.Z3_ast) C.Z3_ast {
	s := r.s
	switch C.Z3_get_ast_kind(s.c, a) {
	case C.Z3_APP_AST:
		return r.normalizeApp(a)
	case C.Z3_QUANTIFIER_AST:
		body := s.keep(C.Z3_get_quantifier_body(s.c, a))
		nb := r.normalize(body)
		if C.Z3_is_lambda(s.c, a) && C.Z3_get_quantifier_num_bound(s.c, a) == 1 {
			idx := s.keepSort(C.Z3_get_quantifier_bound_sort(s.c, a, 0))
			return r.arrayOfBody(nb, idx)
		}
		s.check()
		if s.id(nb) == s.id(body) {
			return a
		}
		return s.keep(C.Z3_update_term(s.c, a, 1, &nb))
	}
	s.check()
	return a // numerals and variables
}

func (r *modelReader) normalizeApp(a C.Z3_ast) C.Z3_ast {
	s := r.s
	if C.Z3_is_as_array(s.c, a) {
		f := s.keepDecl(C.Z3_get_as_array_func_decl(s.c, a))
		if C.Z3_get_arity(s.c, f) != 1 {
			return a // arrays with several indices have no SMT-LIB form
		}
		idx := s.keepSort(C.Z3_get_domain(s.c, f, 0))
		return r.arrayOfBody(r.inline(f, nil), idx)
	}
	s.check()
	app := C.Z3_to_app(s.c, a)
	d := s.keepDecl(C.Z3_get_app_decl(s.c, app))
	n := int(C.Z3_get_app_num_args(s.c, app))
	args := make([]C.Z3_ast, n)
	changed := false
	for i := range n {
		arg := s.keep(C.Z3_get_app_arg(s.c, app, C.uint(i)))
		args[i] = r.normalize(arg)
		changed = changed || s.id(args[i]) != s.id(arg)
	}
	if C.Z3_get_decl_kind(s.c, d) == C.Z3_OP_UNINTERPRETED && r.hasInterp(d) {
		if n == 0 {
			return r.within(func() C.Z3_ast {
				return r.normalize(s.keep(C.Z3_model_get_const_interp(s.c, r.m, d)))
			})
		}
		return r.inline(d, args)
	}
	if !changed {
		return a
	}
	return s.keep(C.Z3_update_term(s.c, a, C.uint(n), &args[0]))
}

// inline returns the normalized interpretation of function d applied to args,
// or over its bound variables when args is nil. Closed results are simplified,
// which evaluates the entry tests to a value.
func (r *modelReader) inline(d C.Z3_func_decl, args []C.Z3_ast) C.Z3_ast {
	s := r.s
	return r.within(func() C.Z3_ast {
		body := r.normalize(r.funcBody(d))
		if args == nil {
			return body
		}
		out := s.substituteVars(body, args)
		if s.closed(out) {
			out = s.keep(C.Z3_simplify(s.c, out))
		}
		return r.normalize(out)
	})
}

// within runs f one inlining level deeper, failing on runaway nesting.
func (r *modelReader) within(f func() C.Z3_ast) C.Z3_ast {
	r.depth++
	defer func() { r.depth-- }()
	if r.depth > maxInlineDepth {
		fail("model functions nest deeper than %d levels", maxInlineDepth)
	}
	return f()
}

// closed reports whether a has no free bound variables.
func (s *session) closed(a C.Z3_ast) bool {
	type visit struct {
		a       C.Z3_ast
		binders uint // quantifiers crossed on the way down
	}
	seen := map[[2]uint]bool{}
	stack := []visit{{a, 0}}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		k := [2]uint{s.id(v.a), v.binders}
		if seen[k] {
			continue
		}
		seen[k] = true
		switch C.Z3_get_ast_kind(s.c, v.a) {
		case C.Z3_VAR_AST:
			if uint(C.Z3_get_index_value(s.c, v.a)) >= v.binders {
				return false
			}
		case C.Z3_QUANTIFIER_AST:
			nb := uint(C.Z3_get_quantifier_num_bound(s.c, v.a))
			stack = append(stack, visit{s.keep(C.Z3_get_quantifier_body(s.c, v.a)), v.binders + nb})
		case C.Z3_APP_AST:
			app := C.Z3_to_app(s.c, v.a)
			n := C.Z3_get_app_num_args(s.c, app)
			for i := C.uint(0); i < n; i++ {
				stack = append(stack, visit{s.keep(C.Z3_get_app_arg(s.c, app, i)), v.binders})
			}
		}
		s.check()
	}
	return true
}
