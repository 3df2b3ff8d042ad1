package svi

import (
	"math/rand/v2"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// TestTrackerPathConstraint follows path constraints the way the executor
// builds them, one branch literal at a time, and asks about the next
// branch.
func TestTrackerPathConstraint(t *testing.T) {
	cases := []struct {
		name    string
		assumed []string
		cond    string
		want    Verdict
	}{
		{"length bound", []string{"(bvule p #x0000000000000002)"}, "(bvult p #x0000000000000003)", Always},
		{"length bound, other side", []string{"(bvule p #x0000000000000002)"}, "(bvugt p #x0000000000000002)", Never},
		{"loop test", []string{"(bvule p #x0000000000000002)", "(not (= p #x0000000000000000))"},
			"(bvslt #x0000000000000001 p)", Split},
		{"loop exit", []string{"(bvule p #x0000000000000002)", "(not (= p #x0000000000000000))",
			"(bvslt #x0000000000000001 p)"}, "(= p #x0000000000000002)", Always},
		{"byte read", []string{"(not (= (select arr #x00) #x2f))"}, "(= (select arr #x00) #x2f)", Never},
		{"other byte", []string{"(not (= (select arr #x00) #x2f))"}, "(= (select arr #x01) #x2f)", Split},
		{"stride (seed 004 t04)", []string{"(bvule x #x19)"}, "(= (bvmul x #x04) #x06)", Never},
		{"listing 1", []string{"(bvule #x0a x)", "(bvule x #x14)", "(bvult (bvmul x #x02) #x1e)"},
			"(bvule x #x0e)", Always},
		{"relational: undecided", []string{"(bvule x #x0a)", "(bvule y #x0a)"}, "(bvult x y)", CannotHandle},
		{"out of fragment", []string{"(bvule x #x0a)"}, "(or (= x #x01) (= x #x02))", CannotHandle},
		{"disjunction assumed narrows nothing", []string{"(or (= x #x01) (= x #x02))"}, "(= x #x03)", Split},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newStageFixture()
			tr := NewTracker(f.st)
			var s *Sets
			for _, a := range f.parse(t, c.assumed) {
				s = tr.Assume(s, a)
			}
			if s.Empty() {
				t.Fatal("the assumptions became empty")
			}
			cond := f.parse(t, []string{c.cond})[0]
			if got := tr.Decide(s, cond); got != c.want {
				t.Errorf("Decide = %v, want %v", got, c.want)
			}
		})
	}
}

// TestTrackerAgainstBruteForce assumes random literals over two 4-bit
// variables one by one and, after each, checks against enumeration of the
// conjunction so far: the sets contain every solution, an Always verdict
// holds on every solution, a Never verdict on none, an empty conjunction
// has no solution, and Narrowed keeps every solution of the condition.
func TestTrackerAgainstBruteForce(t *testing.T) {
	st, x, y, lit, eval := bruteForce(t, 13)
	tr := NewTracker(st)
	verdicts := map[Verdict]int{}
	for iter := 0; iter < 300; iter++ {
		var s *Sets
		var as []term.Term
		for step := 0; step < 5; step++ {
			l := lit()
			as = append(as, l)
			s = tr.Assume(s, l)
			var sols [][2]uint64
			for a := range uint64(16) {
				for b := range uint64(16) {
					ok := true
					for _, c := range as {
						ok = ok && eval(c, a, b)
					}
					if ok {
						sols = append(sols, [2]uint64{a, b})
					}
				}
			}
			if s.Empty() {
				if len(sols) > 0 {
					t.Fatalf("empty sets but %v solves %v", sols[0], as)
				}
				break
			}
			for _, sol := range sols {
				for i, v := range []term.Term{x, y} {
					if d, ok := tr.Domain(s, v); ok && !d.Contains(sol[i]) {
						t.Fatalf("solution %v outside %v of var %d after %v", sol, d, i, as)
					}
				}
			}
			cond := lit()
			v := tr.Decide(s, cond)
			verdicts[v]++
			narrowed, feasible := tr.Narrowed(s, cond)
			for _, sol := range sols {
				holds := eval(cond, sol[0], sol[1])
				if v == Always && !holds || v == Never && holds {
					t.Fatalf("%v for %v, but solution %v of %v says %v", v, cond, sol, as, holds)
				}
				if !holds {
					continue
				}
				if !feasible {
					t.Fatalf("Narrowed: %v impossible, but %v solves it and %v", cond, sol, as)
				}
				for i, xv := range []term.Term{x, y} {
					if d, ok := narrowed[xv]; ok && !d.Contains(sol[i]) {
						t.Fatalf("Narrowed %v of var %d drops solution %v of %v ∧ %v", d, i, sol, as, cond)
					}
				}
			}
		}
	}
	if verdicts[Always] == 0 || verdicts[Never] == 0 || verdicts[Split] == 0 {
		t.Errorf("verdicts %v: the generator misses a kind", verdicts)
	}
	t.Logf("verdicts: %v", verdicts)
}

// TestTrackerJoin checks the sets of merged paths against enumeration: two
// or three random paths over two 4-bit variables are joined, and every
// solution of any member lies in the joined sets, an Always verdict on the
// join holds on all of them, a Never verdict on none.
func TestTrackerJoin(t *testing.T) {
	st, x, y, lit, eval := bruteForce(t, 7)
	r := rand.New(rand.NewPCG(7, 2026))
	tr := NewTracker(st)
	verdicts := map[Verdict]int{}
	for iter := 0; iter < 300; iter++ {
		n := 2 + iter%2
		members := make([]*Sets, n)
		paths := make([][]term.Term, n)
		for m := range members {
			for step := 0; step < 1+r.IntN(4); step++ {
				l := lit()
				paths[m] = append(paths[m], l)
				members[m] = tr.Assume(members[m], l)
			}
		}
		joined := tr.Join(members)
		cond := lit()
		v := tr.Decide(joined, cond)
		verdicts[v]++
		for a := range uint64(16) {
			for b := range uint64(16) {
				in := false
				for _, p := range paths {
					ok := true
					for _, c := range p {
						ok = ok && eval(c, a, b)
					}
					in = in || ok
				}
				if !in {
					continue
				}
				if joined.Empty() {
					t.Fatalf("joined sets empty but (%d,%d) solves a member of %v", a, b, paths)
				}
				for i, xv := range []term.Term{x, y} {
					if d, ok := tr.Domain(joined, xv); ok && !d.Contains([]uint64{a, b}[i]) {
						t.Fatalf("(%d,%d) solves a member of %v but var %d's joined set is %v", a, b, paths, i, d)
					}
				}
				holds := eval(cond, a, b)
				if v == Always && !holds || v == Never && holds {
					t.Fatalf("%v for %v on the join of %v, but (%d,%d) says %v", v, cond, paths, a, b, holds)
				}
			}
		}
	}
	if verdicts[Always] == 0 || verdicts[Never] == 0 {
		t.Errorf("verdicts %v: the joins settle nothing", verdicts)
	}
	t.Logf("verdicts: %v", verdicts)
}

// bruteForce is the setting of the enumeration tests: two 4-bit variables
// x and y, random literals over them (seeded), and the value of a literal
// at x = a, y = b.
func bruteForce(t *testing.T, seed uint64) (*term.Store, term.Term, term.Term, func() term.Term, func(term.Term, uint64, uint64) bool) {
	r := rand.New(rand.NewPCG(seed, 2026))
	st := term.NewStore()
	const w = 4
	x, y := st.Var("x", st.BitVecSort(w)), st.Var("y", st.BitVecSort(w))
	eval := func(l term.Term, a, b uint64) bool {
		m := term.NewModel()
		m.Set(x, st.BVValue(bv.New(w, a)))
		m.Set(y, st.BVValue(bv.New(w, b)))
		v, err := st.Eval(l, m)
		if err != nil {
			t.Fatal(err)
		}
		return v.Bool
	}
	return st, x, y, randomLiteral(r, st, w, x, y), eval
}
