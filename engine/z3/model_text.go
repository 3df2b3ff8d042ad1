package z3

/*
#include <z3.h>
*/
import "C"

import (
	"strings"

	"github.com/sift-solver/sift/internal/sexpr"
)

// satResult is the sat Result of script whose model Z3 printed as
// modelText() (asked for only when the script declares symbols), read back
// as Solve reads its models.
func (s *session) satResult(script string, modelText func() string) Result {
	assertions := s.parse(script)
	if len(s.userDecls(assertions)) == 0 {
		return Result{Status: Sat}
	}
	m := s.modelFromText(modelText(), script)
	return Result{Status: Sat, Model: newModelReader(s, m).bindings(assertions)}
}

// modelFromText rebuilds as a Z3_model of this context the model that Z3's
// interpreter printed for (get-model), so that the model reader (model.go)
// reads it exactly as it reads a model from the API's solver.
//
// The printed model is a list of (define-fun name ((x!0 S0) …) R body),
// with Z3's auxiliary functions (k!0, f!1, …) among them, and for each
// declared sort the (declare-fun U!val!n () U) of its elements. They are
// parsed back as one script in which every defined name is declared and its
// definition asserted, (= name body) or (forall ((x!0 S0) …) (= (name x!0 …)
// body)); each body, with the parameters as the bound variables (:var i)
// that function interpretations use, becomes the interpretation of the
// name. Declarations are hash-consed by name and sort, so the declarations
// this script makes are those of the user's script. script supplies the
// user's declare-sort commands.
func (s *session) modelFromText(text, script string) C.Z3_model {
	defs, elems := modelEntries(text)
	var b strings.Builder
	for _, cmd := range topCommands(script) {
		if sexpr.Head(cmd) == "declare-sort" {
			b.WriteString(cmd + "\n")
		}
	}
	for _, e := range elems {
		b.WriteString(e + "\n")
	}
	for _, d := range defs {
		b.WriteString("(declare-fun " + d.name + " (")
		for _, p := range d.params {
			b.WriteString(" " + p[1])
		}
		b.WriteString(") " + d.sort + ")\n")
	}
	for _, d := range defs {
		if len(d.params) == 0 {
			b.WriteString("(assert (= " + d.name + " " + d.body + "))\n")
			continue
		}
		b.WriteString("(assert (forall (")
		var call []string
		for _, p := range d.params {
			b.WriteString("(" + p[0] + " " + p[1] + ")")
			call = append(call, p[0])
		}
		b.WriteString(") (= (" + d.name + " " + strings.Join(call, " ") + ") " + d.body + ")))\n")
	}
	defsVec := s.parse(b.String())
	if n := int(C.Z3_ast_vector_size(s.c, defsVec)); n != len(defs) {
		fail("z3's model reads back as %d definitions, not %d", n, len(defs))
	}

	m := C.Z3_mk_model(s.c)
	s.check()
	C.Z3_model_inc_ref(s.c, m)
	s.onClose(func() { C.Z3_model_dec_ref(s.c, m) })
	for i, d := range defs {
		def := s.keep(C.Z3_ast_vector_get(s.c, defsVec, C.uint(i)))
		if len(d.params) == 0 {
			name, value := s.sides(def)
			C.Z3_add_const_interp(s.c, m, s.appDecl(name), value)
			s.check()
			continue
		}
		if C.Z3_get_ast_kind(s.c, def) != C.Z3_QUANTIFIER_AST {
			fail("z3's model of %s does not read back as a definition", d.name)
		}
		call, value := s.sides(s.keep(C.Z3_get_quantifier_body(s.c, def)))
		// The quantifier numbers its variables from the last bound one;
		// a function interpretation numbers them by argument.
		app := C.Z3_to_app(s.c, call)
		nv := int(C.Z3_get_quantifier_num_bound(s.c, def))
		to := make([]C.Z3_ast, nv)
		for j := range int(C.Z3_get_app_num_args(s.c, app)) {
			v := s.keep(C.Z3_get_app_arg(s.c, app, C.uint(j)))
			if C.Z3_get_ast_kind(s.c, v) != C.Z3_VAR_AST {
				fail("z3's model of %s does not read back as a definition", d.name)
			}
			dom := s.keepSort(C.Z3_get_sort(s.c, v))
			to[int(C.Z3_get_index_value(s.c, v))] = s.keep(C.Z3_mk_bound(s.c, C.uint(j), dom))
		}
		value = s.keep(C.Z3_substitute_vars(s.c, value, C.uint(nv), &to[0]))
		C.Z3_add_func_interp(s.c, m, s.appDecl(call), value)
		s.check()
	}
	return m
}

// sides returns the two sides of an equation (= a b).
func (s *session) sides(eq C.Z3_ast) (C.Z3_ast, C.Z3_ast) {
	if C.Z3_get_ast_kind(s.c, eq) != C.Z3_APP_AST {
		fail("z3's model does not read back as definitions")
	}
	app := C.Z3_to_app(s.c, eq)
	if C.Z3_get_app_num_args(s.c, app) != 2 {
		fail("z3's model does not read back as definitions")
	}
	return s.keep(C.Z3_get_app_arg(s.c, app, 0)), s.keep(C.Z3_get_app_arg(s.c, app, 1))
}

func (s *session) appDecl(a C.Z3_ast) C.Z3_func_decl {
	return s.keepDecl(C.Z3_get_app_decl(s.c, C.Z3_to_app(s.c, a)))
}

// modelDef is one (define-fun name params sort body) of a printed model;
// each param is its name and its sort.
type modelDef struct {
	name   string
	params [][2]string
	sort   string
	body   string
}

// modelEntries splits a printed model into its definitions and the
// declarations of sort elements; the cardinality constraints (forall …)
// and comments are dropped.
func modelEntries(text string) (defs []modelDef, elems []string) {
	text = strings.TrimSpace(text)
	if !strings.HasPrefix(text, "(") || !strings.HasSuffix(text, ")") {
		fail("z3 printed no model: %q", text)
	}
	for _, cmd := range topCommands(text[1 : len(text)-1]) {
		switch sexpr.Head(cmd) {
		case "declare-fun":
			elems = append(elems, cmd)
		case "define-fun":
			defs = append(defs, defineFun(cmd))
		}
	}
	return defs, elems
}

// defineFun splits (define-fun name ((p S) …) R body).
func defineFun(cmd string) modelDef {
	parts := elems(cmd)
	if len(parts) != 5 {
		fail("z3 printed a definition of an unexpected shape: %.200s", cmd)
	}
	d := modelDef{name: parts[1], sort: parts[3], body: parts[4]}
	params := parts[2]
	for _, p := range elems(params) {
		np := elems(p)
		if len(np) != 2 {
			fail("z3 printed a parameter of an unexpected shape: %s", p)
		}
		d.params = append(d.params, [2]string{np[0], np[1]})
	}
	return d
}

// topCommands returns the parenthesized expressions at the top level of
// text, as written; comments between them are skipped.
func topCommands(text string) []string {
	items, err := sexpr.Split(text)
	if err != nil {
		fail("z3's output does not read: %v", err)
	}
	var out []string
	for _, e := range items {
		if strings.HasPrefix(e, "(") {
			out = append(out, e)
		}
	}
	return out
}

// elems returns the elements of a list in z3's output.
func elems(list string) []string {
	out, err := sexpr.Elems(list)
	if err != nil {
		fail("z3's output does not read: %v", err)
	}
	return out
}
