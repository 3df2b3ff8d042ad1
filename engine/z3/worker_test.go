package z3

import (
	"context"
	"errors"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

// testProcess returns a Process whose workers are this test binary (its
// TestMain serves WorkerFlag), with fault injection allowed.
func testProcess(t *testing.T) *Process {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p := NewProcess(exe).WithFaults()
	t.Cleanup(p.Close)
	return p
}

// TestProcessAgreesWithInProcess checks that a worker answers exactly what
// Solve answers in process: statuses, models, reasons and errors.
func TestProcessAgreesWithInProcess(t *testing.T) {
	p := testProcess(t)
	scripts := []string{
		"(declare-const x (_ BitVec 8))(assert (= (bvmul x #x03) #x2a))",
		"(declare-const x (_ BitVec 8))(assert (bvult x x))",
		"(declare-fun a () (Array (_ BitVec 4) (_ BitVec 8)))(assert (= (select a #x1) #x41))",
		"(set-logic BV)(declare-const c (_ BitVec 8))(assert (forall ((y (_ BitVec 8))) (bvuge (bvor y c) y)))",
		readTestdata(t, "t04_k1_sat.smt2"),
		"(assert (= x 1))", // an error: x is undeclared
	}
	ways := []struct {
		name              string
		inProcess, worker func(context.Context, string) (Result, error)
	}{{"api", Solve, p.Solve}, {"interpreter", Interpret, p.Interpret}}
	for _, w := range ways {
		for i, s := range scripts {
			want, wantErr := w.inProcess(context.Background(), s)
			got, gotErr := w.worker(context.Background(), s)
			if (wantErr == nil) != (gotErr == nil) || (wantErr != nil && wantErr.Error() != gotErr.Error()) {
				t.Fatalf("%s, script %d: error %v in a worker, %v in process", w.name, i, gotErr, wantErr)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s, script %d: %+v in a worker, %+v in process", w.name, i, got, want)
			}
		}
	}
	if n := p.Started.Load(); n != 1 {
		t.Errorf("%d workers started for sequential calls, want 1 kept alive", n)
	}
}

// TestProcessCrash injects an abort and a segmentation fault into the worker:
// the call reports the crash, and the next call gets a new worker.
func TestProcessCrash(t *testing.T) {
	p := testProcess(t)
	const script = "(declare-const x (_ BitVec 8))(assert (= x #x2a))"
	for _, kind := range []string{"abort", "segv"} {
		p.InjectFault(kind)
		_, err := p.Solve(context.Background(), script)
		var crash *CrashError
		if !errors.As(err, &crash) {
			t.Fatalf("%s: got %v, want a CrashError", kind, err)
		}
		sig := map[string]string{"abort": "SIGABRT", "segv": "SIGSEGV"}[kind]
		if !strings.Contains(crash.Error(), sig) {
			t.Errorf("%s: crash report %q does not name %s", kind, crash.Error(), sig)
		}
		res, err := p.Solve(context.Background(), script)
		if err != nil || res.Status != Sat || res.Model[0].Value != "#x2a" {
			t.Fatalf("%s: the call after the crash got %+v, %v", kind, res, err)
		}
	}
	if c, s := p.Crashed.Load(), p.Started.Load(); c != 2 || s != 3 {
		t.Errorf("crashed %d, started %d; want 2 and 3", c, s)
	}
}

// TestProcessTimeout checks both ways a check past its deadline ends: Z3
// stops when interrupted, and a worker that does not stop is killed after
// the grace period.
func TestProcessTimeout(t *testing.T) {
	p := testProcess(t)
	hard := readTestdata(t, "factor96.smt2")
	for _, hang := range []bool{false, true} {
		// Z3's answer to the interrupt gets a long grace, so that a loaded
		// machine does not turn it into a kill; the hanging worker gets the
		// usual 250 ms.
		p.Grace = 10 * time.Second
		if hang {
			p.InjectFault("hang")
			p.Grace = 250 * time.Millisecond
		}
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		start := time.Now()
		res, err := p.Solve(ctx, hard)
		cancel()
		if err != nil || res.Status != Unknown || res.Reason != "timeout" {
			t.Fatalf("hang=%v: got %+v, %v; want unknown, timeout", hang, res, err)
		}
		// A bound against hangs, far above the 200 ms + 250 ms grace; the
		// figure itself is measured by BenchmarkProcessSolve's peers.
		if el := time.Since(start); hang && el > 5*time.Second {
			t.Fatalf("hang=%v: the call took %v", hang, el)
		}
	}
	if k := p.Killed.Load(); k != 1 {
		t.Errorf("%d workers killed, want 1 (the hanging one)", k)
	}
	res, err := p.Solve(context.Background(), "(declare-const x Bool)(assert x)")
	if err != nil || res.Status != Sat {
		t.Fatalf("call after the kill: %+v, %v", res, err)
	}
}

// TestProcessCanceled checks that canceling the caller's context interrupts
// the worker, which then serves the next call.
func TestProcessCanceled(t *testing.T) {
	p := testProcess(t)
	p.Grace = 10 * time.Second // a loaded machine must not turn the interrupt into a kill
	ctx, cancel := context.WithCancel(context.Background())
	timer := time.AfterFunc(100*time.Millisecond, cancel)
	defer timer.Stop()
	res, err := p.Solve(ctx, readTestdata(t, "factor96.smt2"))
	if err != nil || res.Status != Unknown || res.Reason != "canceled" {
		t.Fatalf("got %+v, %v; want unknown, canceled", res, err)
	}
	if res, err := p.Solve(context.Background(), "(declare-const x Bool)(assert (not x))"); err != nil || res.Status != Sat {
		t.Fatalf("call after the interrupt: %+v, %v", res, err)
	}
	if k, s := p.Killed.Load(), p.Started.Load(); k != 0 || s != 1 {
		t.Errorf("killed %d, started %d: an interrupted worker should be kept", k, s)
	}
}

// TestProcessConcurrent runs calls in parallel: each gets a worker.
func TestProcessConcurrent(t *testing.T) {
	p := testProcess(t)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := []string{"#x01", "#x02", "#x03", "#x04"}[i]
			res, err := p.Solve(context.Background(), "(declare-const x (_ BitVec 8))(assert (= x "+v+"))")
			if err != nil || res.Status != Sat || res.Model[0].Value != v {
				errs <- errors.New("wrong answer in parallel: " + res.Status.String())
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestProcessUnavailable checks that an executable that does not serve the
// worker flag is reported as such, once.
func TestProcessUnavailable(t *testing.T) {
	p := NewProcess("/bin/false")
	for range 2 {
		if _, err := p.Solve(context.Background(), "(assert true)"); !errors.Is(err, ErrUnavailable) {
			t.Fatalf("got %v, want ErrUnavailable", err)
		}
	}
	if n := p.Started.Load(); n != 0 {
		t.Errorf("started %d", n)
	}
}

// TestPrestartDuringACall checks that a worker started ahead of need while
// a call is under way (the call started its own) is not started at all, and
// that Close stops a worker still being started and waits for it.
func TestPrestartDuringACall(t *testing.T) {
	p := testProcess(t)
	done := make(chan struct{})
	go func() {
		defer close(done)
		// Long enough for the Prestart below to land during the call.
		p.Solve(context.Background(), "(set-logic BV)(declare-const x (_ BitVec 32))(assert (forall ((y (_ BitVec 32))) (not (= (bvmul y x) #x00000001))))")
	}()
	for {
		p.mu.Lock()
		calls := p.calls
		p.mu.Unlock()
		if calls > 0 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	p.Prestart()
	<-done
	if n := p.Started.Load(); n != 1 {
		t.Errorf("%d workers started for one call and a Prestart during it, want 1", n)
	}
	q := testProcess(t)
	q.Prestart()
	q.Close()
	if q.Started.Load() != 1 || len(q.idle) != 0 || q.starting != nil {
		t.Errorf("Close left a worker: started %d, idle %d, starting %v", q.Started.Load(), len(q.idle), q.starting != nil)
	}
}
