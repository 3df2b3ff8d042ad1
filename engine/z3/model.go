package z3

/*
#include <z3.h>
*/
import "C"

import (
	"fmt"
	"sort"
)

// modelReader turns a Z3 model into Bindings. It reports exactly the
// uninterpreted symbols that occur in the assertions (Z3's auxiliary
// functions, such as the k!0 behind an (_ as-array k!0), are inlined into the
// values that use them and not reported), and completes the model for symbols
// Z3 left out because their value does not matter.
type modelReader struct {
	s      *session
	m      C.Z3_model
	norm   map[uint]C.Z3_ast // normalize results by AST id
	bodies map[uint]C.Z3_ast // funcBody results by declaration id
	depth  int               // nesting of inlined functions, to stop cycles
}

func newModelReader(s *session, m C.Z3_model) *modelReader {
	return &modelReader{s: s, m: m, norm: map[uint]C.Z3_ast{}, bodies: map[uint]C.Z3_ast{}}
}

func (r *modelReader) bindings(assertions C.Z3_ast_vector) []Binding {
	s := r.s
	var out []Binding
	for _, d := range s.userDecls(assertions) {
		name := s.symbolName(C.Z3_get_decl_name(s.c, d))
		rng := s.keepSort(C.Z3_get_range(s.c, d))
		arity := int(C.Z3_get_arity(s.c, d))
		s.check()
		b := Binding{Name: name, Sort: s.sortString(rng)}
		if arity == 0 {
			b.Value = oneLine(s.astString(r.normalize(r.constValue(d))))
		} else {
			params := make([]C.Z3_ast, arity)
			for i := range arity {
				dom := s.keepSort(C.Z3_get_domain(s.c, d, C.uint(i)))
				p := Param{Name: fmt.Sprintf("x!%d", i), Sort: s.sortString(dom)}
				b.Params = append(b.Params, p)
				params[i] = s.keep(C.Z3_mk_const(s.c, s.symbol(p.Name), dom))
			}
			body := r.normalize(r.funcBody(d))
			b.Value = oneLine(s.astString(s.substituteVars(body, params)))
		}
		out = append(out, b)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// constValue is the model's value of a constant, or the default value of its
// sort when the model does not mention it.
func (r *modelReader) constValue(d C.Z3_func_decl) C.Z3_ast {
	s := r.s
	if r.hasInterp(d) {
		return s.keep(C.Z3_model_get_const_interp(s.c, r.m, d))
	}
	return r.eval(s.keep(C.Z3_mk_app(s.c, d, 0, nil)))
}

// eval evaluates a ground term with model completion.
func (r *modelReader) eval(a C.Z3_ast) C.Z3_ast {
	s := r.s
	var out C.Z3_ast
	ok := C.Z3_model_eval(s.c, r.m, a, true, &out)
	s.check()
	if !ok {
		fail("z3 could not evaluate %s in the model", s.astString(a))
	}
	return s.keep(out)
}

func (r *modelReader) hasInterp(d C.Z3_func_decl) bool {
	ok := C.Z3_model_has_interp(r.s.c, r.m, d)
	r.s.check()
	return bool(ok)
}

// funcBody is the interpretation of function d as one term over the bound
// variables (:var i) for argument i: an ite over the explicit entries ending
// in the else value. The result is not yet normalized.
func (r *modelReader) funcBody(d C.Z3_func_decl) C.Z3_ast {
	s := r.s
	key := s.id(C.Z3_func_decl_to_ast(s.c, d))
	if b, ok := r.bodies[key]; ok {
		return b
	}
	arity := int(C.Z3_get_arity(s.c, d))
	vars := make([]C.Z3_ast, arity)
	for i := range arity {
		dom := s.keepSort(C.Z3_get_domain(s.c, d, C.uint(i)))
		vars[i] = s.keep(C.Z3_mk_bound(s.c, C.uint(i), dom))
	}
	var body C.Z3_ast
	if !r.hasInterp(d) {
		// Z3 left d unconstrained: any total function will do.
		rng := s.keepSort(C.Z3_get_range(s.c, d))
		body = r.eval(s.keep(C.Z3_mk_fresh_const(s.c, nil, rng)))
	} else {
		fi := C.Z3_model_get_func_interp(s.c, r.m, d)
		s.check()
		C.Z3_func_interp_inc_ref(s.c, fi)
		defer C.Z3_func_interp_dec_ref(s.c, fi)
		if e := C.Z3_func_interp_get_else(s.c, fi); e != nil {
			body = s.keep(e)
		} else {
			s.check()
			rng := s.keepSort(C.Z3_get_range(s.c, d))
			body = r.eval(s.keep(C.Z3_mk_fresh_const(s.c, nil, rng)))
		}
		n := int(C.Z3_func_interp_get_num_entries(s.c, fi))
		s.check()
		for i := range n {
			body = r.entry(fi, i, vars, body)
		}
	}
	r.bodies[key] = body
	return body
}

// entry wraps body in (ite (and (= (:var j) arg_j)…) value body) for entry i.
func (r *modelReader) entry(fi C.Z3_func_interp, i int, vars []C.Z3_ast, body C.Z3_ast) C.Z3_ast {
	s := r.s
	e := C.Z3_func_interp_get_entry(s.c, fi, C.uint(i))
	s.check()
	C.Z3_func_entry_inc_ref(s.c, e)
	defer C.Z3_func_entry_dec_ref(s.c, e)
	val := s.keep(C.Z3_func_entry_get_value(s.c, e))
	eqs := make([]C.Z3_ast, len(vars))
	for j := range vars {
		arg := s.keep(C.Z3_func_entry_get_arg(s.c, e, C.uint(j)))
		eqs[j] = s.keep(C.Z3_mk_eq(s.c, vars[j], arg))
	}
	cond := eqs[0]
	if len(eqs) > 1 {
		cond = s.keep(C.Z3_mk_and(s.c, C.uint(len(eqs)), &eqs[0]))
	}
	return s.keep(C.Z3_mk_ite(s.c, cond, val, body))
}

// userDecls lists the uninterpreted declarations occurring in the
// assertions, quantifier bodies included, each once, in order of discovery.
func (s *session) userDecls(assertions C.Z3_ast_vector) []C.Z3_func_decl {
	seenAST := map[uint]bool{}
	seenDecl := map[uint]bool{}
	var decls []C.Z3_func_decl
	var stack []C.Z3_ast
	n := C.Z3_ast_vector_size(s.c, assertions)
	for i := C.uint(0); i < n; i++ {
		stack = append(stack, s.keep(C.Z3_ast_vector_get(s.c, assertions, i)))
	}
	for len(stack) > 0 {
		a := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seenAST[s.id(a)] {
			continue
		}
		seenAST[s.id(a)] = true
		switch C.Z3_get_ast_kind(s.c, a) {
		case C.Z3_QUANTIFIER_AST:
			stack = append(stack, s.keep(C.Z3_get_quantifier_body(s.c, a)))
		case C.Z3_APP_AST:
			d := s.keepDecl(C.Z3_get_app_decl(s.c, C.Z3_to_app(s.c, a)))
			if C.Z3_get_decl_kind(s.c, d) == C.Z3_OP_UNINTERPRETED {
				if did := s.id(C.Z3_func_decl_to_ast(s.c, d)); !seenDecl[did] {
					seenDecl[did] = true
					decls = append(decls, d)
				}
			}
			app := C.Z3_to_app(s.c, a)
			k := C.Z3_get_app_num_args(s.c, app)
			for j := C.uint(0); j < k; j++ {
				stack = append(stack, s.keep(C.Z3_get_app_arg(s.c, app, j)))
			}
		}
		s.check()
	}
	return decls
}

// substituteVars replaces (:var i) by to[i].
func (s *session) substituteVars(a C.Z3_ast, to []C.Z3_ast) C.Z3_ast {
	if len(to) == 0 {
		return a
	}
	return s.keep(C.Z3_substitute_vars(s.c, a, C.uint(len(to)), &to[0]))
}
