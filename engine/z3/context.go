package z3

/*
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// session owns one Z3 context for the length of one Solve call. Z3 contexts
// are not thread-safe (only Z3_interrupt may be called from elsewhere), so a
// session is used by one goroutine only.
//
// Reference counting: the context is created with Z3_mk_context_rc, so every
// AST, model, solver, vector and interpretation is inc_ref'd right after Z3
// returns it and dec_ref'd in close, before the context is deleted.
type session struct {
	c        C.Z3_context
	held     []C.Z3_ast // ASTs we hold one reference to
	releases []func()   // dec_refs of non-AST objects, run in reverse
}

func newSession() *session {
	if err := loadLibz3(); err != nil {
		fail("%v", err)
	}
	cfg := C.Z3_mk_config()
	setParam(cfg, "model", "true")
	c := C.Z3_mk_context_rc(cfg)
	C.Z3_del_config(cfg)
	// A NULL handler stops Z3 from printing and calling exit(1) on errors;
	// we read the error code after each call instead.
	C.Z3_set_error_handler(c, nil)
	C.Z3_set_ast_print_mode(c, C.Z3_PRINT_SMTLIB2_COMPLIANT)
	return &session{c: c}
}

func setParam(cfg C.Z3_config, name, value string) {
	cn, cv := C.CString(name), C.CString(value)
	defer C.free(unsafe.Pointer(cn))
	defer C.free(unsafe.Pointer(cv))
	C.Z3_set_param_value(cfg, cn, cv)
}

// close releases every reference the session holds and deletes the context.
func (s *session) close() {
	for _, a := range s.held {
		C.Z3_dec_ref(s.c, a)
	}
	s.held = nil
	for i := len(s.releases) - 1; i >= 0; i-- {
		s.releases[i]()
	}
	s.releases = nil
	C.Z3_del_context(s.c)
}

// check raises the pending Z3 error, if any, and clears it: Z3 does not reset
// the code by itself, so without the reset every later call would look failed.
func (s *session) check() {
	code := C.Z3_get_error_code(s.c)
	if code == C.Z3_OK {
		return
	}
	msg := unwrapErrors(C.GoString(C.Z3_get_error_msg(s.c, code)))
	C.Z3_set_error(s.c, C.Z3_OK)
	if msg == "" {
		msg = fmt.Sprintf("z3 error code %d", int(code))
	}
	panic(z3Error{msg: msg, memout: code == C.Z3_MEMOUT_FAIL})
}

// keep checks the call that produced a and takes a reference to it. It must
// be called right after that call, before Z3 can recycle the object.
func (s *session) keep(a C.Z3_ast) C.Z3_ast {
	s.check()
	if a == nil {
		fail("z3 returned no term")
	}
	C.Z3_inc_ref(s.c, a)
	s.held = append(s.held, a)
	return a
}

func (s *session) keepDecl(d C.Z3_func_decl) C.Z3_func_decl {
	s.check()
	if d == nil {
		fail("z3 returned no declaration")
	}
	s.keep(C.Z3_func_decl_to_ast(s.c, d))
	return d
}

func (s *session) keepSort(t C.Z3_sort) C.Z3_sort {
	s.check()
	if t == nil {
		fail("z3 returned no sort")
	}
	s.keep(C.Z3_sort_to_ast(s.c, t))
	return t
}

func (s *session) onClose(f func()) { s.releases = append(s.releases, f) }

func (s *session) symbol(name string) C.Z3_symbol {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	sym := C.Z3_mk_string_symbol(s.c, cs)
	s.check()
	return sym
}

// symbolName copies a symbol's text out of Z3's buffer.
func (s *session) symbolName(sym C.Z3_symbol) string {
	if C.Z3_get_symbol_kind(s.c, sym) == C.Z3_INT_SYMBOL {
		n := C.Z3_get_symbol_int(s.c, sym)
		s.check()
		return fmt.Sprintf("k!%d", int(n))
	}
	name := C.GoString(C.Z3_get_symbol_string(s.c, sym))
	s.check()
	return name
}

func (s *session) astString(a C.Z3_ast) string {
	str := C.GoString(C.Z3_ast_to_string(s.c, a))
	s.check()
	return str
}

func (s *session) sortString(t C.Z3_sort) string {
	str := C.GoString(C.Z3_sort_to_string(s.c, t))
	s.check()
	return str
}

// id is Z3's identity of a live AST: equal ids mean the same hash-consed term.
func (s *session) id(a C.Z3_ast) uint {
	return uint(C.Z3_get_ast_id(s.c, a))
}
