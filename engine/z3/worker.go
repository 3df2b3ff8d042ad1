package z3

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// A Solver decides SMT-LIB scripts with Z3: in this process (InProcess) or
// in a worker process (Process).
type Solver interface {
	Solve(ctx context.Context, smt2 string) (Result, error)
	// Interpret decides through Z3's command interpreter (see Interpret).
	Interpret(ctx context.Context, smt2 string) (Result, error)
}

// InProcess runs Solve in the calling process: the cheapest call, but a
// crash inside libz3 ends the process.
type InProcess struct {
	// MemoryMB bounds Z3's allocation (0: none); see Process.MemoryMB.
	MemoryMB uint64
}

func (p InProcess) Solve(ctx context.Context, smt2 string) (Result, error) {
	setMemoryLimit(p.MemoryMB)
	return Solve(ctx, smt2)
}

func (p InProcess) Interpret(ctx context.Context, smt2 string) (Result, error) {
	setMemoryLimit(p.MemoryMB)
	return Interpret(ctx, smt2)
}

// ErrUnavailable is returned by Process.Solve when no worker can be started
// (the executable does not serve WorkerFlag, say); the caller may run Z3 in
// process instead.
var ErrUnavailable = errors.New("the z3 worker process cannot be started")

// CrashError reports a worker that died during a check: a crash inside
// libz3 (abort, segmentation fault) or a kill by the system. It costs that
// check only; the next call starts a new worker.
type CrashError struct {
	Exit string // how the process ended, e.g. "signal: aborted"
	Tail string // the first line the worker wrote on its standard error
}

func (e *CrashError) Error() string {
	msg := "the z3 worker crashed (" + e.Exit + ")"
	if e.Tail != "" {
		msg += ": " + e.Tail
	}
	return msg
}

// Process runs Solve in worker processes: the executable (sift itself)
// started with WorkerFlag, fed each script over a pipe, its Result read back.
// A worker serves one call at a time and is kept for the next; calls made in
// parallel get workers of their own. A worker that crashes costs the call it
// was serving, which returns a *CrashError; one that overruns the caller's
// deadline is interrupted, then killed after a grace period. The zero value
// is not usable: use NewProcess.
type Process struct {
	// Path and Args start a worker: Args follow WorkerFlag.
	Path string
	Args []string
	// MemoryMB bounds Z3's allocation in the worker (its memory_max_size).
	MemoryMB uint64
	// Grace is how long an interrupted worker may take to answer before it
	// is killed.
	Grace time.Duration

	mu       sync.Mutex
	idle     []*worker
	starting *startAttempt // a worker being started ahead of need
	startErr error         // a failed start: not tried again
	nextID   uint64
	calls    int    // calls under way: each has or is getting a worker
	fault    string // injected into the next request (tests)

	// Started, Crashed and Killed count workers.
	Started, Crashed, Killed atomic.Int64
}

// NewProcess returns a Process whose workers run path (os.Executable() for
// sift) with WorkerFlag.
func NewProcess(path string) *Process {
	return &Process{Path: path, Grace: 250 * time.Millisecond}
}

// SetMemoryMB sets MemoryMB for the calls to come.
func (p *Process) SetMemoryMB(mb uint64) {
	p.mu.Lock()
	p.MemoryMB = mb
	p.mu.Unlock()
}

// MemoryLimitMB returns MemoryMB.
func (p *Process) MemoryLimitMB() uint64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.MemoryMB
}

// InjectFault makes the next call's worker crash: kind is "abort" or "segv".
// The workers must have been started with fault injection allowed
// (WithFaults); it is for tests of crash isolation.
func (p *Process) InjectFault(kind string) {
	p.mu.Lock()
	p.fault = kind
	p.mu.Unlock()
}

// WithFaults lets the workers honour InjectFault.
func (p *Process) WithFaults() *Process {
	p.Args = append(p.Args, workerFaultsFlag)
	return p
}

// Close stops the idle workers and one being started ahead of need, and
// waits for them.
func (p *Process) Close() {
	p.mu.Lock()
	idle, starting := p.idle, p.starting
	p.idle, p.starting = nil, nil
	p.mu.Unlock()
	if starting != nil {
		<-starting.done
		if starting.w != nil {
			idle = append(idle, starting.w)
		}
	}
	for _, w := range idle {
		w.stop()
	}
}

// Solve checks smt2 in a worker; see Solve for the script and the result.
func (p *Process) Solve(ctx context.Context, smt2 string) (Result, error) {
	return p.call(ctx, smt2, false)
}

// Interpret checks smt2 in a worker through Z3's command interpreter; see
// Interpret.
func (p *Process) Interpret(ctx context.Context, smt2 string) (Result, error) {
	return p.call(ctx, smt2, true)
}

func (p *Process) call(ctx context.Context, smt2 string, interpret bool) (Result, error) {
	if reason, done := contextReason(ctx); done {
		return Result{Status: Unknown, Reason: reason}, nil
	}
	p.mu.Lock()
	p.calls++
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		p.calls--
		p.mu.Unlock()
	}()
	w, err := p.get()
	if err != nil {
		return Result{}, err
	}
	p.mu.Lock()
	p.nextID++
	req := request{ID: p.nextID, Script: smt2, Interpret: interpret, MemoryMB: p.MemoryMB, Fault: p.fault}
	p.fault = ""
	p.mu.Unlock()
	if deadline, ok := ctx.Deadline(); ok {
		req.Timeout = max(time.Until(deadline), time.Millisecond)
	}
	replies := make(chan reply, 1)
	go func() {
		replies <- w.call(&req)
	}()
	var r reply
	select {
	case r = <-replies:
	case <-ctx.Done():
		// Ask Z3 to stop; a worker that does not answer within the grace
		// period is killed, so the caller's limit holds whatever Z3 does.
		w.interrupt(req.ID)
		select {
		case r = <-replies:
		case <-time.After(p.Grace):
			p.Killed.Add(1)
			w.stop()
			<-replies
			reason, _ := contextReason(ctx)
			return Result{Status: Unknown, Reason: reason}, nil
		}
	}
	if r.err != nil {
		// The worker died while serving the request.
		p.Crashed.Add(1)
		crash := w.crash()
		w.stop()
		return Result{}, crash
	}
	p.put(w)
	if reason, done := contextReason(ctx); done && r.resp.Result.Status == Unknown {
		// The worker saw its own deadline or the interrupt: say which the
		// caller's context says.
		return Result{Status: Unknown, Reason: reason}, nil
	}
	if r.resp.Err != "" {
		return Result{}, errors.New(r.resp.Err)
	}
	if r.resp.Result.Reason == "memout" {
		// Z3's allocator state after a memory error is not to be trusted:
		// the next call gets a fresh worker.
		p.retire(w)
	}
	return r.resp.Result, nil
}

// startAttempt is a worker start under way.
type startAttempt struct {
	done chan struct{}
	w    *worker
	err  error
}

// Prestart starts a worker in the background when none is idle or starting
// and no call is under way, so that the first call need not wait for it: a
// caller that will likely need Z3 soon (a quantified problem) calls it early.
func (p *Process) Prestart() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.idle) > 0 || p.starting != nil || p.startErr != nil || p.calls > 0 {
		return
	}
	a := &startAttempt{done: make(chan struct{})}
	p.starting = a
	go func() {
		a.w, a.err = p.start()
		close(a.done)
	}()
}

// get returns an idle worker, the one being started, or a new one.
func (p *Process) get() (*worker, error) {
	p.mu.Lock()
	if n := len(p.idle); n > 0 {
		w := p.idle[n-1]
		p.idle = p.idle[:n-1]
		p.mu.Unlock()
		return w, nil
	}
	if p.startErr != nil {
		err := p.startErr
		p.mu.Unlock()
		return nil, err
	}
	if a := p.starting; a != nil {
		p.starting = nil
		p.mu.Unlock()
		<-a.done
		return a.w, a.err
	}
	p.mu.Unlock()
	return p.start()
}

// start starts a worker; a failure is remembered, and not tried again.
func (p *Process) start() (*worker, error) {
	w, err := startWorker(p.Path, p.Args)
	if err != nil {
		err = fmt.Errorf("%w: %v", ErrUnavailable, err)
		p.mu.Lock()
		p.startErr = err
		p.mu.Unlock()
		return nil, err
	}
	p.Started.Add(1)
	return w, nil
}

func (p *Process) put(w *worker) {
	p.mu.Lock()
	p.idle = append(p.idle, w)
	p.mu.Unlock()
}

// retire stops w if it is idle.
func (p *Process) retire(w *worker) {
	p.mu.Lock()
	for i, x := range p.idle {
		if x == w {
			p.idle = append(p.idle[:i], p.idle[i+1:]...)
			p.mu.Unlock()
			w.stop()
			return
		}
	}
	p.mu.Unlock()
}

// livePIDs holds the process ids of the running workers (LivePIDs).
var livePIDs sync.Map

// LivePIDs lists the process ids of the worker processes running now, so
// that a caller can count their CPU time (a worker outlives the checks it
// serves, so getrusage's RUSAGE_CHILDREN does not see it).
func LivePIDs() []int {
	var out []int
	livePIDs.Range(func(k, _ any) bool {
		out = append(out, k.(int))
		return true
	})
	return out
}

// worker is one worker process and its pipes.
type worker struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	control *os.File // write end of the interrupt pipe
	bw      *bufio.Writer
	enc     *gob.Encoder
	dec     *gob.Decoder
	stderr  *stderrHead
	exited  chan struct{} // closed when the process has been waited for
	waitErr error
	stopped sync.Once
}

type reply struct {
	resp response
	err  error
}

// startWorker starts path WorkerFlag args… and checks that it serves: an
// executable that does not know the flag exits at once.
func startWorker(path string, args []string) (*worker, error) {
	cmd := exec.Command(path, append([]string{WorkerFlag}, args...)...)
	// Its own process group: a terminal's ^C is for sift, which interrupts
	// the worker itself.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	controlR, controlW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd.ExtraFiles = []*os.File{controlR}
	w := &worker{cmd: cmd, stdin: stdin, control: controlW, stderr: &stderrHead{}, exited: make(chan struct{})}
	cmd.Stderr = w.stderr
	if err := cmd.Start(); err != nil {
		controlR.Close()
		controlW.Close()
		return nil, err
	}
	controlR.Close()
	pid := cmd.Process.Pid
	livePIDs.Store(pid, true)
	go func() {
		w.waitErr = cmd.Wait()
		livePIDs.Delete(pid)
		close(w.exited)
	}()
	w.bw = bufio.NewWriter(stdin)
	w.enc = gob.NewEncoder(w.bw)
	w.dec = gob.NewDecoder(bufio.NewReader(stdout))
	// A first request proves that the executable serves.
	if r := w.call(&request{Ping: true}); r.err != nil {
		crash := w.crash()
		w.stop()
		return nil, fmt.Errorf("%s %s does not serve: %v", path, WorkerFlag, crash)
	}
	return w, nil
}

// call sends req and reads its response.
func (w *worker) call(req *request) reply {
	if err := w.enc.Encode(req); err != nil {
		return reply{err: err}
	}
	if err := w.bw.Flush(); err != nil {
		return reply{err: err}
	}
	var r reply
	r.err = w.dec.Decode(&r.resp)
	if r.err == nil && r.resp.ID != req.ID {
		r.err = fmt.Errorf("response %d to request %d", r.resp.ID, req.ID)
	}
	return r
}

// interrupt asks the worker to stop the check of request id.
func (w *worker) interrupt(id uint64) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], id)
	w.control.Write(b[:])
}

// stop kills the worker and waits for it.
func (w *worker) stop() {
	w.stopped.Do(func() {
		w.control.Close()
		w.stdin.Close()
		w.cmd.Process.Kill()
		<-w.exited
	})
}

// crash describes how the (dead) worker ended.
func (w *worker) crash() *CrashError {
	select {
	case <-w.exited:
	case <-time.After(time.Second):
		w.stop()
	}
	exit := "exit status 0"
	if w.waitErr != nil {
		exit = w.waitErr.Error()
	}
	return &CrashError{Exit: exit, Tail: w.stderr.firstLine()}
}

// stderrHead keeps the start of what a worker writes on standard error (a Go
// runtime crash report starts with the signal, a Z3 assertion failure with
// its message), bounded.
type stderrHead struct {
	mu  sync.Mutex
	buf []byte
}

const stderrMax = 4096

func (t *stderrHead) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if room := stderrMax - len(t.buf); room > 0 {
		t.buf = append(t.buf, b[:min(room, len(b))]...)
	}
	return len(b), nil
}

// firstLine returns the first non-blank line written.
func (t *stderrHead) firstLine() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, line := range strings.Split(string(t.buf), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			return line
		}
	}
	return ""
}
