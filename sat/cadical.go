package sat

/*
#cgo LDFLAGS: -lcadical -lstdc++ -lm
#include <ccadical.h>
#include <stdlib.h>

// The terminate callback polls a flag in C memory that Go sets atomically.
// Unlike ccadical_terminate, the flag is reset by us before every solve, so a
// cancellation that races with the end of one solve cannot leak into the next.
static int sift_terminate_cb(void *state) {
	return __atomic_load_n((int *)state, __ATOMIC_RELAXED);
}

static void sift_install_terminate(CCaDiCaL *s, int *flag) {
	ccadical_set_terminate(s, flag, sift_terminate_cb);
}

// Adds a buffer of zero-terminated clauses in one cgo call, and solves; both
// catch an allocation failure (cadical_guard.cc) and return -1 then.
int sift_add_buffer(CCaDiCaL *s, const int *buf, long n);
int sift_solve(CCaDiCaL *s, int *flag, const int *assumps, long n, int conflicts);
*/
import "C"

import (
	"context"
	"errors"
	"sync/atomic"
	"unsafe"
)

// cadicalState mirrors the part of CaDiCaL's state machine that decides which
// calls are legal; CaDiCaL aborts the process on an illegal call.
type cadicalState uint8

const (
	stateInput  cadicalState = iota // clauses or assumptions changed since the last solve
	stateSat                        // last solve gave Sat, nothing added since
	stateUnsat                      // last solve gave Unsat, nothing added since
	stateClosed                     // released; no C call is allowed any more
)

// flushThreshold bounds the Go-side clause buffer (in literals) before it is
// handed to CaDiCaL; batching saves one cgo call per literal.
const flushThreshold = 1 << 16

// Cadical is the CaDiCaL backend. Not safe for concurrent use, except that a
// Solve is cancelled from its own watcher goroutine through ctx.
//
// Wrong-state calls never reach C: Value outside the Sat state and Failed
// outside the Unsat state return false, and every call on a closed solver is
// a no-op (Solve returns Unknown).
type Cadical struct {
	ptr   *C.CCaDiCaL
	flag  *C.int // terminate flag polled by CaDiCaL (C memory, atomic access)
	state cadicalState
	// model is true from a Sat answer until anything reaches CaDiCaL again.
	// Clauses added meanwhile wait in buf, so a caller can keep reading the
	// model while it adds lemmas (a lazy-lemma loop reads the whole candidate
	// model before the next solve).
	model bool
	// modelVars is cVars at that Sat answer: later variables are not in
	// CaDiCaL's model.
	modelVars int32

	nextVar   int32 // last variable handed out by NewVar
	cVars     int32 // largest variable CaDiCaL has seen (in a clause, assumption or freeze)
	buf       []Lit // pending zero-terminated clauses not yet passed to C
	assumps   []Lit // assumptions for the next Solve
	lastAssum map[Lit]struct{}
	conflicts int   // conflict limit per Solve; negative means none
	err       error // ErrOutOfMemory once CaDiCaL failed to allocate

	clauses int64 // clauses added so far (statistics and tests)
}

// NewCadical returns a fresh, quiet CaDiCaL instance.
func NewCadical() *Cadical {
	s := &Cadical{ptr: C.ccadical_init(), conflicts: -1}
	s.flag = (*C.int)(C.calloc(1, C.size_t(unsafe.Sizeof(C.int(0)))))
	name := C.CString("quiet")
	C.ccadical_set_option(s.ptr, name, 1)
	C.free(unsafe.Pointer(name))
	C.sift_install_terminate(s.ptr, s.flag)
	return s
}

// SetOption sets CaDiCaL's option name to v (before the first clause).
func (s *Cadical) SetOption(name string, v int) {
	c := C.CString(name)
	C.ccadical_set_option(s.ptr, c, C.int(v))
	C.free(unsafe.Pointer(c))
}

// SetConflictLimit bounds every following Solve to n conflicts (Unknown when
// reached); n < 0 removes the limit.
func (s *Cadical) SetConflictLimit(n int) { s.conflicts = n }

// NumVars is the number of variables allocated with NewVar.
func (s *Cadical) NumVars() int { return int(s.nextVar) }

// NumClauses is the number of clauses added with Add.
func (s *Cadical) NumClauses() int64 { return s.clauses }

func (s *Cadical) NewVar() Lit {
	s.nextVar++
	return Lit(s.nextVar)
}

func (s *Cadical) see(l Lit) {
	if l == 0 {
		panic("sat: literal 0 is not a literal")
	}
	if v := l.Var(); v > s.cVars {
		s.cVars = v
		if v > s.nextVar {
			s.nextVar = v // tolerate callers that number variables themselves
		}
	}
}

func (s *Cadical) Add(lits ...Lit) {
	if s.state == stateClosed {
		return
	}
	for _, l := range lits {
		s.see(l)
	}
	s.buf = append(s.buf, lits...)
	s.buf = append(s.buf, 0)
	s.clauses++
	s.state = stateInput
	if len(s.buf) >= flushThreshold && !s.model {
		s.flush()
	}
}

func (s *Cadical) flush() {
	if len(s.buf) == 0 {
		return
	}
	s.model = false
	if C.sift_add_buffer(s.ptr, (*C.int)(unsafe.Pointer(&s.buf[0])), C.long(len(s.buf))) < 0 {
		s.outOfMemory()
	}
	s.buf = s.buf[:0]
}

// ErrOutOfMemory is Err after CaDiCaL failed to allocate: the solver has
// been given up (its state cannot be trusted) and answers Unknown from then on.
var ErrOutOfMemory = errors.New("the SAT solver ran out of memory")

// Err returns ErrOutOfMemory once CaDiCaL ran out of memory, else nil.
func (s *Cadical) Err() error { return s.err }

// outOfMemory gives the solver up after an allocation failure. Its C memory
// is not released: CaDiCaL's state after the failure is undefined, and a
// release could crash where a leak cannot.
func (s *Cadical) outOfMemory() {
	s.err = ErrOutOfMemory
	s.state = stateClosed
	s.ptr = nil
}

func (s *Cadical) Assume(lits ...Lit) {
	if s.state == stateClosed {
		return
	}
	for _, l := range lits {
		s.see(l)
	}
	s.assumps = append(s.assumps, lits...)
	s.state = stateInput
}

func (s *Cadical) Solve(ctx context.Context) Result {
	if s.state == stateClosed {
		return Unknown
	}
	assumps := s.assumps
	s.assumps = nil
	s.lastAssum = nil
	s.state = stateInput
	s.model = false
	if ctx.Err() != nil {
		return Unknown
	}
	s.flush()
	if s.state == stateClosed { // the flush ran out of memory
		return Unknown
	}

	// The context's end raises the flag CaDiCaL polls. A callback rather
	// than a goroutine per solve: a pipe client's session solves thousands
	// of times, most of them in microseconds.
	stop := func() {}
	if ctx.Done() != nil {
		flag := (*int32)(unsafe.Pointer(s.flag))
		raised := make(chan struct{})
		stopRaise := context.AfterFunc(ctx, func() {
			atomic.StoreInt32(flag, 1)
			close(raised)
		})
		stop = func() {
			if !stopRaise() {
				<-raised
			}
		}
	}
	var ap *C.int
	if len(assumps) > 0 {
		ap = (*C.int)(unsafe.Pointer(&assumps[0]))
	}
	res := C.sift_solve(s.ptr, s.flag, ap, C.long(len(assumps)), C.int(s.conflicts))
	// The callback must be done before the flag can be reset by the next
	// solve or freed by Close.
	stop()

	switch res {
	case -1:
		s.outOfMemory()
		return Unknown
	case 10:
		s.state = stateSat
		s.model, s.modelVars = true, s.cVars
		return Sat
	case 20:
		s.state = stateUnsat
		s.lastAssum = make(map[Lit]struct{}, len(assumps))
		for _, l := range assumps {
			s.lastAssum[l] = struct{}{}
		}
		return Unsat
	}
	return Unknown
}

// InModel reports whether l's variable is in the model of the last Sat
// answer (see CNF.inModel).
func (s *Cadical) InModel(l Lit) bool { return s.model && l.Var() <= s.modelVars }

func (s *Cadical) Value(l Lit) bool {
	if !s.model || s.state == stateClosed || l == 0 {
		return false
	}
	v := l.Var()
	if v > s.modelVars {
		// Not in the model (new since the solve, or never in a clause):
		// unconstrained so far, default false.
		return l < 0
	}
	return C.ccadical_val(s.ptr, C.int(l)) > 0
}

func (s *Cadical) Failed(l Lit) bool {
	if s.state != stateUnsat {
		return false
	}
	if _, ok := s.lastAssum[l]; !ok {
		return false
	}
	return C.ccadical_failed(s.ptr, C.int(l)) != 0
}

func (s *Cadical) Freeze(l Lit) {
	if s.state == stateClosed {
		return
	}
	s.see(l)
	s.flush()
	if s.state == stateClosed { // the flush ran out of memory
		return
	}
	s.model = false
	C.ccadical_freeze(s.ptr, C.int(l))
}

func (s *Cadical) Melt(l Lit) {
	if s.state == stateClosed || l.Var() > s.cVars {
		return
	}
	// CaDiCaL aborts on melting a variable that is not frozen.
	if C.ccadical_frozen(s.ptr, C.int(l)) == 0 {
		return
	}
	C.ccadical_melt(s.ptr, C.int(l))
}

func (s *Cadical) Close() {
	if s.state == stateClosed {
		return
	}
	s.state = stateClosed
	C.ccadical_release(s.ptr)
	C.free(unsafe.Pointer(s.flag))
	s.ptr, s.flag, s.buf, s.assumps = nil, nil, nil, nil
}

var _ Solver = (*Cadical)(nil)

// addEach hands one clause to CaDiCaL with one cgo call per literal, the way
// an unbatched binding would. It exists only so BenchmarkClauseHandover can
// measure what the batching in Add saves.
func (s *Cadical) addEach(lits []Lit) {
	if s.state == stateClosed {
		return
	}
	for _, l := range lits {
		s.see(l)
		C.ccadical_add(s.ptr, C.int(l))
	}
	C.ccadical_add(s.ptr, 0)
	s.clauses++
	s.state = stateInput
}
