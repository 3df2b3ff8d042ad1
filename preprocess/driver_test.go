package preprocess

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sift-solver/sift/term"
)

// TestDriverRandomProblems runs every default pass, with the sanity checker
// between passes, on random small problems and checks satisfiability and
// model reconstruction by brute force.
func TestDriverRandomProblems(t *testing.T) {
	fired := map[string]int{}
	for w := uint32(1); w <= 3; w++ {
		st := term.NewStore()
		g := &termGen{st: st, rng: rand.New(rand.NewPCG(uint64(w), 11)), w: w,
			x: st.Var("x", st.BitVecSort(w)), y: st.Var("y", st.BitVecSort(w)), p: st.Var("p", st.BoolSort())}
		z := st.Var("z", st.BitVecSort(w))
		u, v := st.Var("u", st.BitVecSort(w)), st.Var("v", st.BitVecSort(w))
		d := NewDriver(Options{Sanity: true})
		for i := 0; i < 300; i++ {
			var as []term.Term
			for n := 1 + g.rng.IntN(3); n > 0; n-- {
				as = append(as, g.boolean(3))
			}
			if g.rng.IntN(8) == 0 {
				// A product identity, a·(b+c) = a·b + a·c, which only poly-eq
				// decides (the rewriter's sums are linear).
				a, b, c := g.bits(w, 1), g.bits(w, 1), g.bits(w, 1)
				mul := func(u, v term.Term) term.Term { return st.MustMake(term.OpBVMul, nil, u, v) }
				add := func(u, v term.Term) term.Term { return st.MustMake(term.OpBVAdd, nil, u, v) }
				as = append(as, st.Or(g.boolean(2), st.Eq(mul(a, add(b, c)), add(mul(a, b), mul(a, c)))))
			}
			if g.rng.IntN(8) == 0 {
				// A remainder written out, a - (a sdiv b)·b, which div-rem
				// folds into a srem b.
				a, b := g.bits(w, 1), g.bits(w, 1)
				q := st.MustMake(term.OpBVSdiv, nil, a, b)
				rem := st.MustMake(term.OpBVSub, nil, a, st.MustMake(term.OpBVMul, nil, q, b))
				as = append(as, st.Or(g.boolean(2), st.Eq(rem, g.bits(w, 1))))
			}
			if g.rng.IntN(8) == 0 {
				// Two variables compared only with each other, which
				// eq-width narrows to one bit (from width 2 on).
				as = append(as, st.Or(g.boolean(2), st.Not(st.Eq(u, v))))
			}
			if g.rng.IntN(2) == 0 {
				// A definition for substitution, and a variable z used once.
				as = append(as, st.Eq(g.x, g.bits(w, 2)))
				as = append(as, st.MustMake(term.OpBVUle, nil, st.MustMake(term.OpBVAdd, nil, z, g.bits(w, 1)), g.bits(w, 1)))
			}
			s, err := d.Run(context.Background(), st, as, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(freeVars(st, s.Assertions)) > 8 {
				continue // too wide for brute force
			}
			checkReconstruction(t, st, as, s)
			if t.Failed() {
				t.Fatalf("input:\n%s\nresult:\n%s", printed(st, as), printed(st, s.Assertions))
			}
		}
		for _, ps := range d.Stats {
			fired[ps.Name] += ps.Fired
		}
	}
	t.Logf("passes fired: %v", fired)
	// The generator builds bit-vector problems only; the passes over arrays
	// and functions fire in their own tests.
	arraysOnly := map[string]bool{"ackermann": true, "nested-arrays": true}
	for _, p := range DefaultPasses() {
		if fired[p.Name()] == 0 && !arraysOnly[p.Name()] {
			t.Errorf("pass %s never fired", p.Name())
		}
	}
}

// TestDriverGating checks that a disabled pass does not run and that the
// fixed point stops when nothing changes.
func TestDriverGating(t *testing.T) {
	st, as := parse(t, "(declare-const x (_ BitVec 4))(declare-const y (_ BitVec 4))(assert (and (= x #x3) (bvult y x)))")
	d := NewDriver(Options{Sanity: true, Disabled: map[string]bool{"var-subst": true}})
	s, err := d.Run(context.Background(), st, as, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, ps := range d.Stats {
		if ps.Name == "var-subst" && ps.Runs != 0 {
			t.Errorf("disabled pass ran %d times", ps.Runs)
		}
	}
	if len(s.Trail()) != 0 {
		t.Errorf("eliminated with var-subst off: %v", s.Trail())
	}
	d2 := NewDriver(Options{Sanity: true})
	s2, err := d2.Run(context.Background(), st, as, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d2.Rounds >= DefaultMaxRounds {
		t.Errorf("no fixed point after %d rounds", d2.Rounds)
	}
	if len(s2.Trail()) == 0 {
		t.Errorf("var-subst on eliminated nothing")
	}
}

// TestSanityCatches checks that the sanity checker rejects each broken
// invariant.
func TestSanityCatches(t *testing.T) {
	st, as := parse(t, "(declare-const x (_ BitVec 4))(declare-const y (_ BitVec 4))(assert (bvult x y))")
	x, y := st.Var("x", st.BitVecSort(4)), st.Var("y", st.BitVecSort(4))
	tests := []struct {
		name   string
		break_ func(s *State)
		want   string
	}{
		{"non-bool assertion", func(s *State) { s.Assertions = append(s.Assertions, x) }, "not Bool"},
		{"dangling", func(s *State) { s.Eliminate(x, y) }, "eliminated variable"},
		{"wrong order", func(s *State) {
			s.Assertions = []term.Term{st.True()}
			s.Eliminate(x, st.Const(st.Value(st.ConstUint64(4, 1))))
			s.Eliminate(y, x) // y's definition reads x, which is set after y in reverse order
		}, "reverse application"},
		{"frozen eliminated", func(s *State) { s.Assertions = []term.Term{st.True()}; s.Freeze(x); s.Eliminate(x, y) }, "frozen"},
		{"sort mismatch", func(s *State) { s.Assertions = []term.Term{st.True()}; s.Eliminate(x, st.True()) }, "sort"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := NewState(st, as, nil)
			if err := CheckSanity(s); err != nil {
				t.Fatalf("clean state rejected: %v", err)
			}
			tc.break_(s)
			err := CheckSanity(s)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error mentioning %q", err, tc.want)
			}
		})
	}
}

// countPass fires on its first fires calls and records every call.
type countPass struct {
	name  string
	fires int
	need  term.Features // Triggered when the problem has these
	calls int
}

func (p *countPass) Name() string { return p.name }
func (p *countPass) Apply(context.Context, *State) (bool, error) {
	p.calls++
	return p.calls <= p.fires, nil
}

type triggeredCountPass struct{ countPass }

func (p *triggeredCountPass) Triggered(f term.Features) bool { return f.Has(p.need) }

// TestDriverSkips checks the two skips of the driver: a pass whose trigger
// is absent never runs, and a pass that found nothing to do is not run
// again until another pass changes the problem.
func TestDriverSkips(t *testing.T) {
	st, as := parse(t, "(declare-const x (_ BitVec 4))(assert (bvult x #x3))")
	pre := &countPass{name: "pre"}
	first := &countPass{name: "first", fires: 1}
	quiet := &countPass{name: "quiet"}
	absent := &triggeredCountPass{countPass{name: "ufs", fires: 1, need: term.FeatApply}}
	d := NewDriver(Options{}, pre, first, quiet, absent)
	if _, err := d.Run(context.Background(), st, as, nil); err != nil {
		t.Fatal(err)
	}
	// Round 1: pre and quiet find nothing, first changes the problem, ufs
	// is skipped. Round 2: pre and first run again (the change came after
	// pre's turn and from first itself); quiet already saw the changed
	// problem, so it is skipped. Nothing fires: the fixed point is reached.
	want := map[string][2]int{"pre": {2, 0}, "first": {2, 0}, "quiet": {1, 1}, "ufs": {0, 2}}
	for _, ps := range d.Stats {
		if got := [2]int{ps.Runs, ps.Skipped}; got != want[ps.Name] {
			t.Errorf("%s: runs, skipped = %v, want %v", ps.Name, got, want[ps.Name])
		}
	}
	if absent.calls != 0 {
		t.Errorf("the pass without its trigger ran %d times", absent.calls)
	}
}
