package symex

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// TestExplorePackage runs package mode on testdata/pkgmode: every exported
// function and method in source order, the planted panics found, the
// entries it cannot explore listed with their reasons, and with
// StopAtPanic each panicking function stopped at its first panic.
func TestExplorePackage(t *testing.T) {
	p, err := LoadPackage("testdata/pkgmode", ".")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		fn     string // as go/ssa names it
		panics int    // panic sites at --max-len 3
		reason string // why it is not explored ("" when it is)
	}{
		{"pkgmode.Census", 1, ""},
		{"pkgmode.Field", 1, ""},
		{"pkgmode.Ratio", 1, ""},
		{"pkgmode.Pick", 0, ""},
		{"pkgmode.Lookup", 0, ""},
		{"(pkgmode.Level).String", 1, ""},
		{"(pkgmode.Point).Quadrant", 0, ""},
		{"(*pkgmode.Buffer).Next", 1, ""}, // the planted slice-bounds panic, through a built receiver
		{"pkgmode.Drain", 0, "parameter c: inputs of type chan int are not modelled"},
		{"pkgmode.Max", 0, "generic"},
	}
	for _, stop := range []bool{false, true} {
		res := ExplorePackage(context.Background(), p, PackageConfig{Options: func() Options {
			return Options{MaxLen: 3, StopAtPanic: stop}
		}})
		if len(res.Funcs) != len(cases) {
			var got []string
			for _, f := range res.Funcs {
				got = append(got, f.Fn.String())
			}
			t.Fatalf("stop %v: entries %v, want %d", stop, got, len(cases))
		}
		if res.Package != "pkgmode" || res.Budget != DefaultBudget {
			t.Errorf("package %q, budget %v", res.Package, res.Budget)
		}
		for i, c := range cases {
			f := res.Funcs[i]
			if got := f.Fn.String(); got != c.fn {
				t.Errorf("entry %d: %s, want %s", i, got, c.fn)
				continue
			}
			if f.Options.CPULimit != DefaultBudget {
				t.Errorf("%s: CPU limit %v, want the budget", c.fn, f.Options.CPULimit)
			}
			if c.reason != "" {
				if f.Result != nil || !strings.Contains(f.NotExplored, c.reason) {
					t.Errorf("%s: explored %v, reason %q; want not explored: %q", c.fn, f.Result != nil, f.NotExplored, c.reason)
				}
				continue
			}
			if f.Result == nil {
				t.Errorf("%s: not explored: %s%s", c.fn, f.NotExplored, f.Err)
				continue
			}
			s := f.Result.Stats
			if len(f.Result.Panics) != c.panics {
				t.Errorf("stop %v: %s: %d panic sites, want %d", stop, c.fn, len(f.Result.Panics), c.panics)
			}
			switch {
			case stop && c.panics > 0:
				if s.Stopped != "first panic" || s.Panicked != 1 {
					t.Errorf("%s with StopAtPanic: stopped %q after %d panicking paths", c.fn, s.Stopped, s.Panicked)
				}
			case !s.Exhausted():
				t.Errorf("stop %v: %s not exhausted: %+v", stop, c.fn, s)
			}
			for _, q := range f.Result.Panics {
				if q.Found < 0 || q.Found > s.CPUTime {
					t.Errorf("%s: panic found at %v of %v CPU", c.fn, q.Found, s.CPUTime)
				}
			}
		}
	}
}

// panickySolver panics on every check: a stand-in for a bug inside the
// executor.
type panickySolver struct{}

func (panickySolver) Check(context.Context, []term.Term, []term.Term) (smtlib.Status, *term.Model, error) {
	panic("solver bug")
}

// TestExplorePackageFailures: a function whose exploration fails (the
// solver cannot be made, or a Go panic inside the executor) is listed
// with the error, and the run goes on with the next function.
func TestExplorePackageFailures(t *testing.T) {
	p, err := LoadPackage("testdata/pkgmode", ".")
	if err != nil {
		t.Fatal(err)
	}
	opts := func() Options { return Options{MaxLen: 2} }
	cases := []struct {
		name   string
		solver func(*term.Store) (Solver, error)
		err    string
		stack  bool
	}{
		{"no solver", func(*term.Store) (Solver, error) { return nil, errors.New("no such solver") }, "no such solver", false},
		{"panicking solver", func(*term.Store) (Solver, error) { return panickySolver{}, nil }, "internal error: solver bug", true},
	}
	for _, c := range cases {
		res := ExplorePackage(context.Background(), p, PackageConfig{Options: opts, Solver: c.solver, Budget: time.Minute})
		failed := 0
		for _, f := range res.Funcs {
			if f.NotExplored != "" {
				continue
			}
			if f.Result != nil {
				continue
			}
			failed++
			if f.Err != c.err || (f.Stack != "") != c.stack {
				t.Errorf("%s: %s: error %q (stack %v), want %q", c.name, f.Fn, f.Err, f.Stack != "", c.err)
			}
		}
		if len(res.Funcs) != 10 || failed == 0 {
			t.Errorf("%s: %d entries, %d failed", c.name, len(res.Funcs), failed)
		}
	}
}
