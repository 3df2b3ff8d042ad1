package z3

/*
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import (
	"context"
	"strings"
	"unsafe"
)

// Interpret decides a script like Solve, but through Z3's own command
// interpreter (Z3_eval_smtlib2_string): the script's declarations and
// assertions followed by (check-sat), on a fresh context. The interpreter
// libz3 offers is not the z3 binary's: it creates its solver before it reads
// set-logic and keeps it, so it runs Z3's default strategy (the one
// Z3_mk_solver gives) whatever the logic, where the binary and Solve run the
// logic's. Faster on a few quantified BV files, slower on more
// (docs/bench/fallback-parity); the engine uses it on request only.
//
// A sat answer comes with the model the interpreter prints for (get-model),
// rebuilt in the same context (modelFromText) and read back exactly as
// Solve reads its models, so the bindings have the same form. Any error the
// interpreter reports (a command it rejects, an ill-sorted term) makes
// Interpret return an error, whatever the check answered: the interpreter
// goes on after an error, so its answer would be about other assertions.
// Time limits work as in Solve: the context's end interrupts Z3.
func Interpret(ctx context.Context, smt2 string) (Result, error) {
	if reason, done := contextReason(ctx); done {
		return Result{Status: Unknown, Reason: reason}, nil
	}
	script, err := flatScript(smt2)
	if err != nil {
		return Result{}, err
	}
	return inSession(ctx, func(s *session) Result { return s.interpret(ctx, script) })
}

func (s *session) interpret(ctx context.Context, script string) Result {
	out := s.evalInterruptible(ctx, script+"\n(check-sat)\n")
	answer := strings.TrimSpace(out)
	if reason, done := contextReason(ctx); done && answer != "unsat" {
		// A sat found as the interrupt landed is dropped too: its model
		// could not be read (the context is canceled).
		return Result{Status: Unknown, Reason: reason}
	}
	switch answer {
	case "unsat":
		return Result{Status: Unsat}
	case "sat":
		return s.satResult(script, func() string { return s.eval("(get-model)") })
	case "unknown":
		return Result{Status: Unknown, Reason: s.reasonUnknown()}
	}
	fail("z3's interpreter answered %q", answer)
	return Result{}
}

// eval runs commands in the context's interpreter and returns what they
// printed. An error the interpreter reports (it goes on to the next
// command after one) fails the call.
func (s *session) eval(commands string) string {
	cs := C.CString(commands)
	defer C.free(unsafe.Pointer(cs))
	out := C.GoString(C.Z3_eval_smtlib2_string(s.c, cs))
	s.check()
	if i := strings.Index(out, "(error "); i >= 0 {
		fail("%s", unwrapErrors(out[i:]))
	}
	return out
}

// evalInterruptible is eval while the context's end interrupts Z3
// (interruptible).
func (s *session) evalInterruptible(ctx context.Context, commands string) string {
	var out string
	s.interruptible(ctx, func() { out = s.eval(commands) })
	return out
}

// reasonUnknown is the interpreter's reason for its last unknown, in the
// words Solve uses.
func (s *session) reasonUnknown() string {
	return reasonOf(s.eval("(get-info :reason-unknown)"))
}
