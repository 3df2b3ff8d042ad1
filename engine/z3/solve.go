package z3

/*
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import (
	"context"
	"errors"
	"math"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"time"
	"unsafe"
)

// Solve parses a complete SMT-LIB 2 script made of declarations, definitions
// and assertions and checks it with a fresh Z3 context. Other commands that
// leave the assertions alone (set-option, set-info, check-sat, get-model, …)
// are skipped; push, pop, reset and check-sat-assuming are refused with an
// error. (set-logic L) selects Z3's solver for L, as the z3 binary does
// (newSolver);
// scripts should name their logic, since Z3's generic solver, used without
// one, spent about 100 ms more than the QF_BV one on a trivial QF_BV query.
//
// The context's deadline and cancellation interrupt Z3; the result is then
// Unknown with Reason "timeout" or "canceled". The deadline is also given to
// Z3 as its "timeout" parameter, a second guard should the interrupt be missed.
// A Z3 error (a parse error, an ill-sorted term, …) is returned as an error
// with Z3's message; Solve never exits the process and does not panic on bad
// input. Solve is safe for concurrent use: each call owns its own context.
func Solve(ctx context.Context, smt2 string) (Result, error) {
	if reason, done := contextReason(ctx); done {
		return Result{Status: Unknown, Reason: reason}, nil
	}
	script, err := flatScript(smt2)
	if err != nil {
		return Result{}, err
	}
	return inSession(ctx, func(s *session) Result { return s.solve(ctx, script) })
}

// inSession runs f on a fresh session (libz3 loaded first), on one OS thread,
// and turns a Z3 error that f raises into the call's result (recoverResult).
// Z3 does not need a fixed OS thread, but keeping one for the whole call
// costs nothing and rules out any thread-local surprise inside libz3.
func inSession(ctx context.Context, f func(s *session) Result) (res Result, err error) {
	if err := loadLibz3(); err != nil {
		return Result{}, err
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	s := newSession()
	defer s.close()
	defer s.recoverResult(ctx, &res, &err)
	return f(s), nil
}

// recoverResult turns a Z3 error raised by a session's call (check, fail)
// into the result of a Solve or Interpret call: unknown when the caller's
// context ended or Z3 ran out of memory, the error otherwise. It must be
// deferred directly.
func (s *session) recoverResult(ctx context.Context, res *Result, err *error) {
	r := recover()
	if r == nil {
		return
	}
	zerr, ok := r.(z3Error)
	if !ok {
		panic(r)
	}
	// An interrupt that lands just after the check can make the model
	// queries fail with "canceled"; the caller's context ended, so the
	// honest answer is unknown rather than an error.
	if reason, done := contextReason(ctx); done {
		*res, *err = Result{Status: Unknown, Reason: reason}, nil
		return
	}
	if zerr.memout {
		*res, *err = Result{Status: Unknown, Reason: "memout"}, nil
		return
	}
	*res, *err = Result{}, zerr
}

func (s *session) solve(ctx context.Context, smt2 string) Result {
	assertions := s.parse(smt2)
	solver := s.newSolver(logicOf(smt2))
	if deadline, ok := ctx.Deadline(); ok {
		s.setTimeout(solver, time.Until(deadline))
	}
	n := C.Z3_ast_vector_size(s.c, assertions)
	for i := C.uint(0); i < n; i++ {
		a := C.Z3_ast_vector_get(s.c, assertions, i)
		s.check()
		C.Z3_solver_assert(s.c, solver, a)
		s.check()
	}

	if reason, done := contextReason(ctx); done {
		return Result{Status: Unknown, Reason: reason}
	}
	answer := s.checkInterruptible(ctx, solver)

	switch answer {
	case C.Z3_L_FALSE:
		return Result{Status: Unsat}
	case C.Z3_L_TRUE:
		m := C.Z3_solver_get_model(s.c, solver)
		s.check()
		C.Z3_model_inc_ref(s.c, m)
		s.onClose(func() { C.Z3_model_dec_ref(s.c, m) })
		return Result{Status: Sat, Model: newModelReader(s, m).bindings(assertions)}
	}
	if reason, done := contextReason(ctx); done {
		return Result{Status: Unknown, Reason: reason}
	}
	reason := C.GoString(C.Z3_solver_get_reason_unknown(s.c, solver))
	s.check()
	if strings.Contains(reason, "memory") {
		// "out of memory", "max. memory exceeded": past memory_max_size.
		reason = "memout"
	}
	return Result{Status: Unknown, Reason: reason}
}

// checkInterruptible runs Z3_solver_check so that the context's end
// interrupts it (interruptible).
func (s *session) checkInterruptible(ctx context.Context, solver C.Z3_solver) C.Z3_lbool {
	var answer C.Z3_lbool
	s.interruptible(ctx, func() { answer = C.Z3_solver_check(s.c, solver) })
	s.check()
	return answer
}

// interruptible runs f while a watcher goroutine waits for the context to
// end and then calls Z3_interrupt, the one call Z3 allows from another
// thread, and again every interruptEvery until f returns: an interrupt that
// lands before Z3 has started its search (while it parses or asserts, on a
// loaded machine) can be lost, and must not be the only one. The watcher has
// exited before interruptible returns, so it never touches the context
// after f (or after the context is deleted).
func (s *session) interruptible(ctx context.Context, f func()) {
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		select {
		case <-ctx.Done():
		case <-stop:
			return
		}
		tick := time.NewTicker(interruptEvery)
		defer tick.Stop()
		for {
			C.Z3_interrupt(s.c)
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	defer wg.Wait()
	defer close(stop)
	f()
}

const interruptEvery = 50 * time.Millisecond

// parse reads the script into a vector of assertions (definitions are
// expanded by Z3's parser).
func (s *session) parse(smt2 string) C.Z3_ast_vector {
	cs := C.CString(smt2)
	defer C.free(unsafe.Pointer(cs))
	v := C.Z3_parse_smtlib2_string(s.c, cs, 0, nil, nil, 0, nil, nil)
	s.check()
	if v == nil {
		fail("z3 could not parse the script")
	}
	C.Z3_ast_vector_inc_ref(s.c, v)
	s.onClose(func() { C.Z3_ast_vector_dec_ref(s.c, v) })
	return v
}

func (s *session) newSolver(logic string) C.Z3_solver {
	var solver C.Z3_solver
	switch logic {
	case "":
		solver = C.Z3_mk_solver(s.c)
	case "BV", "UFBV":
		// The z3 binary decides these with its ufbv tactic (its -v:10 trace
		// prints that tactic's steps). The solver Z3_mk_solver_for_logic
		// makes for them (the tactic combined with an incremental solver)
		// searches far longer than the binary on some quantified files
		// (RNDPRE_3_4: 0.6 s against 0.06 s); a solver made from the tactic
		// alone does not, and answers three dev files more at 20 s
		// (docs/bench/fallback-parity).
		solver = s.tacticSolver("ufbv")
	default:
		// Z3 falls back to its general solver for logics it does not know.
		solver = C.Z3_mk_solver_for_logic(s.c, s.symbol(logic))
	}
	s.check()
	C.Z3_solver_inc_ref(s.c, solver)
	s.onClose(func() { C.Z3_solver_dec_ref(s.c, solver) })
	return solver
}

// tacticSolver returns a solver that runs the named tactic (not yet
// referenced: newSolver takes the reference).
func (s *session) tacticSolver(name string) C.Z3_solver {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	t := C.Z3_mk_tactic(s.c, cs)
	s.check()
	C.Z3_tactic_inc_ref(s.c, t)
	s.onClose(func() { C.Z3_tactic_dec_ref(s.c, t) })
	return C.Z3_mk_solver_from_tactic(s.c, t)
}

// setTimeout passes the time left as Z3's "timeout" parameter (milliseconds).
func (s *session) setTimeout(solver C.Z3_solver, left time.Duration) {
	ms := left.Milliseconds()
	if ms < 1 {
		ms = 1
	}
	if ms > math.MaxUint32 {
		ms = math.MaxUint32
	}
	p := C.Z3_mk_params(s.c)
	s.check()
	C.Z3_params_inc_ref(s.c, p)
	defer C.Z3_params_dec_ref(s.c, p)
	C.Z3_params_set_uint(s.c, p, s.symbol("timeout"), C.uint(ms))
	s.check()
	C.Z3_solver_set_params(s.c, solver, p)
	s.check()
}

// contextReason reports whether ctx has ended and names why in the words
// Result.Reason uses.
func contextReason(ctx context.Context) (string, bool) {
	err := ctx.Err()
	switch {
	case err == nil:
		return "", false
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout", true
	default:
		return "canceled", true
	}
}

var setLogic = regexp.MustCompile(`\(\s*set-logic\s+([A-Za-z0-9_]+)\s*\)`)

// logicOf returns the logic named by the script's first set-logic, or "".
func logicOf(smt2 string) string {
	if m := setLogic.FindStringSubmatch(smt2); m != nil {
		return m[1]
	}
	return ""
}
