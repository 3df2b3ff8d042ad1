package z3

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func readTestdata(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestSolveStatus(t *testing.T) {
	tests := []struct {
		name   string
		script string
		want   Status
	}{
		{"qf_bv sat", `(declare-fun x () (_ BitVec 8)) (assert (= (bvadd x #x01) #x10))`, Sat},
		{"qf_bv unsat", `(declare-fun x () (_ BitVec 8)) (assert (bvult x #x05)) (assert (bvugt x #x07))`, Unsat},
		{"bool unsat", `(declare-fun p () Bool) (assert p) (assert (not p))`, Unsat},
		{"empty script", ``, Sat},
		{"check-sat and get-model are ignored", `(declare-fun x () (_ BitVec 4)) (assert (= x #x3)) (check-sat) (get-model)`, Sat},
		{"BV forall unsat", `(set-logic BV) (declare-fun y () (_ BitVec 8))
			(assert (forall ((x (_ BitVec 8))) (bvule x y))) (assert (not (= y #xff)))`, Unsat},
		{"BV exists sat", `(set-logic BV) (declare-fun y () (_ BitVec 8))
			(assert (exists ((x (_ BitVec 8))) (= (bvmul x #x03) y)))`, Sat},
		{"UFBV forall unsat", `(set-logic UFBV) (declare-fun f ((_ BitVec 8)) (_ BitVec 8))
			(assert (forall ((x (_ BitVec 8))) (= (f x) (bvadd x #x01)))) (assert (= (f #x03) #x05))`, Unsat},
		{"UFBV forall sat", `(set-logic UFBV) (declare-fun f ((_ BitVec 8)) (_ BitVec 8))
			(assert (forall ((x (_ BitVec 8))) (= (f x) (bvadd x #x01)))) (assert (= (f #x03) #x04))`, Sat},
		{"seed 000 t04 (ABV forall, sat)", readTestdata(t, "t04_k1_sat.smt2"), Sat},
		{"seed 000 t12 (two foralls, unsat)", readTestdata(t, "t12_two_foralls_unsat.smt2"), Unsat},
	}
	for _, d := range deciders {
		for _, tc := range tests {
			t.Run(d.name+"/"+tc.name, func(t *testing.T) {
				res, err := decideSlowly(d.decide, tc.script)
				if err != nil {
					t.Fatalf("%s: %v", d.name, err)
				}
				if res.Status != tc.want {
					t.Fatalf("status %v (reason %q), want %v", res.Status, res.Reason, tc.want)
				}
				if res.Status != Sat && res.Model != nil {
					t.Errorf("model on a %v answer: %v", res.Status, res.Model)
				}
				if res.Status == Sat {
					checkModel(t, tc.script, res.Model)
				}
			})
		}
	}
}

func TestSolveErrors(t *testing.T) {
	tests := []struct {
		name    string
		script  string
		wantMsg string // part of Z3's message
	}{
		{"unbalanced parenthesis", `(declare-fun x () (_ BitVec 8)) (assert (= x #x01)`, ""},
		{"unknown constant", `(assert (= y #x01))`, "unknown constant"},
		{"ill-sorted", `(declare-fun x () (_ BitVec 8)) (assert (= x #x0001))`, "incompatible"},
		{"unknown sort", `(declare-fun x () Foo)`, "Foo"},
		// An SMT-LIB 2.7 operator z3 4.8.12 does not know: the interpreter
		// reports it and goes on, and the answer after it must not count.
		{"unknown operator, then a check", `(declare-fun x () (_ BitVec 8)) (assert (bvuaddo x x)) (check-sat)`, "bvuaddo"},
	}
	for _, d := range deciders {
		for _, tc := range tests {
			t.Run(d.name+"/"+tc.name, func(t *testing.T) {
				res, err := decideSlowly(d.decide, tc.script)
				if err == nil {
					t.Fatalf("no error, result %+v", res)
				}
				if !strings.Contains(err.Error(), tc.wantMsg) || strings.HasPrefix(err.Error(), "(error") {
					t.Errorf("error %q does not mention %q, or is still wrapped in (error …)", err, tc.wantMsg)
				}
				// The failure must leave nothing behind: the next call works.
				res, err = decideSlowly(d.decide, `(declare-fun x () (_ BitVec 8)) (assert (= x #x2a))`)
				if err != nil || res.Status != Sat || len(res.Model) != 1 || res.Model[0].Value != "#x2a" {
					t.Fatalf("call after the error: %+v, %v", res, err)
				}
			})
		}
	}
}

// TestSolveLimits checks that the context's end stops a hard check, by
// deadline or by cancellation from another goroutine, or before it starts,
// and that the answer says why.
func TestSolveLimits(t *testing.T) {
	hard := readTestdata(t, "factor96.smt2")
	quantifiedHard := readTestdata(t, "rnd_6_8_unsat.smt2")
	easy := `(declare-fun x () (_ BitVec 8)) (assert (= x #x01))`
	tests := []struct {
		name, script string
		ctx          func() (context.Context, context.CancelFunc)
		reason       string
	}{
		{"deadline", hard, func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 200*time.Millisecond)
		}, "timeout"},
		{"deadline, quantified", quantifiedHard, func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 200*time.Millisecond)
		}, "timeout"},
		{"canceled from another goroutine", hard, func() (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(100*time.Millisecond, cancel)
			return ctx, cancel
		}, "canceled"},
		{"canceled before", easy, func() (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			return ctx, cancel
		}, "canceled"},
		{"deadline passed before", easy, func() (context.Context, context.CancelFunc) {
			return context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
		}, "timeout"},
	}
	for _, d := range deciders {
		for _, tc := range tests {
			t.Run(d.name+"/"+tc.name, func(t *testing.T) {
				ctx, cancel := tc.ctx()
				defer cancel()
				res, err := d.decide(ctx, tc.script)
				if err != nil || res.Status != Unknown || res.Reason != tc.reason {
					t.Fatalf("got %+v, %v; want unknown, %s", res, err, tc.reason)
				}
			})
		}
	}
}

// TestSolveConcurrent runs independent Solves at once; each needs its own
// context for the answers to come out right (run it with -race too).
func TestSolveConcurrent(t *testing.T) {
	const n = 8
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			script := fmt.Sprintf(`(declare-fun a () (Array (_ BitVec 8) (_ BitVec 8)))
				(declare-fun x () (_ BitVec 8))
				(assert (= (bvmul x #x03) #x%02x))
				(assert (= (select a x) #x%02x))`, (3*i)&0xff, i)
			res, err := solveSlowly(script)
			switch {
			case err != nil:
				errs <- err
			case res.Status != Sat || len(res.Model) != 2:
				errs <- fmt.Errorf("goroutine %d: %+v", i, res)
			case res.Model[1].Name != "x" || res.Model[1].Value != fmt.Sprintf("#x%02x", i):
				errs <- fmt.Errorf("goroutine %d: x = %s", i, res.Model[1].Value)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestStatusString(t *testing.T) {
	for s, want := range map[Status]string{Sat: "sat", Unsat: "unsat", Unknown: "unknown", Status(9): "unknown"} {
		if s.String() != want {
			t.Errorf("%d.String() = %q, want %q", int(s), s.String(), want)
		}
	}
	if (Result{}).Status != Unknown {
		t.Error("the zero Result must be unknown")
	}
}

func TestLogicOf(t *testing.T) {
	tests := map[string]string{
		"(set-logic QF_ABV)(assert true)": "QF_ABV",
		"( set-logic  BV )":               "BV",
		"(assert true)":                   "",
	}
	for in, want := range tests {
		if got := logicOf(in); got != want {
			t.Errorf("logicOf(%q) = %q, want %q", in, got, want)
		}
	}
}

// solveSlowly is Solve with a generous deadline, so that a Z3 surprise fails
// one test instead of hanging the run. No test depends on its length.
func solveSlowly(script string) (Result, error) { return decideSlowly(Solve, script) }

func decideSlowly(decide func(context.Context, string) (Result, error), script string) (Result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return decide(ctx, script)
}

// deciders are the two ways a script reaches Z3: through the API (Solve) and
// through its command interpreter (Interpret). Both must answer alike.
var deciders = []struct {
	name   string
	decide func(context.Context, string) (Result, error)
}{{"api", Solve}, {"interpreter", Interpret}}
