package sat

import (
	"context"
	"math/rand"
	"testing"
	"time"
)

// pigeonhole adds PHP(p, h): p pigeons into h holes, unsatisfiable when p > h.
// Each pigeon's "somewhere" clause is guarded by a selector when sel is true,
// and the selectors are returned.
func pigeonhole(s Solver, p, h int, sel bool) []Lit {
	x := make([][]Lit, p)
	for i := range x {
		x[i] = make([]Lit, h)
		for j := range x[i] {
			x[i][j] = s.NewVar()
		}
	}
	var sels []Lit
	for i := 0; i < p; i++ {
		c := append([]Lit(nil), x[i]...)
		if sel {
			a := s.NewVar()
			sels = append(sels, a)
			c = append(c, a.Not())
		}
		s.Add(c...)
	}
	for j := 0; j < h; j++ {
		for i := 0; i < p; i++ {
			for k := i + 1; k < p; k++ {
				s.Add(x[i][j].Not(), x[k][j].Not())
			}
		}
	}
	return sels
}

func TestCadicalSmallModel(t *testing.T) {
	tests := []struct {
		name    string
		clauses [][]int
		want    Result
	}{
		{"unit", [][]int{{1}}, Sat},
		{"implication chain", [][]int{{1}, {-1, 2}, {-2, 3}, {-3, -4}}, Sat},
		{"xor", [][]int{{1, 2}, {-1, -2}, {1, -3}}, Sat},
		{"contradiction", [][]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}}, Unsat},
		{"empty clause", [][]int{{}}, Unsat},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := NewCadical()
			defer s.Close()
			for _, c := range tc.clauses {
				lits := make([]Lit, len(c))
				for i, v := range c {
					lits[i] = Lit(v)
				}
				s.Add(lits...)
			}
			got := s.Solve(context.Background())
			if got != tc.want {
				t.Fatalf("Solve = %v, want %v", got, tc.want)
			}
			if got != Sat {
				return
			}
			for _, c := range tc.clauses {
				ok := false
				for _, v := range c {
					ok = ok || s.Value(Lit(v))
				}
				if !ok {
					t.Errorf("model violates clause %v", c)
				}
			}
		})
	}
}

func TestCadicalAssumptionsAndFailed(t *testing.T) {
	s := NewCadical()
	defer s.Close()
	sels := pigeonhole(s, 5, 4, true)
	if r := s.Solve(context.Background()); r != Sat {
		t.Fatalf("without selectors: %v, want sat", r)
	}
	s.Assume(sels...)
	if r := s.Solve(context.Background()); r != Unsat {
		t.Fatalf("with all selectors: %v, want unsat", r)
	}
	failed := 0
	for _, a := range sels {
		if s.Failed(a) {
			failed++
		}
	}
	if failed != len(sels) {
		// PHP is minimally unsatisfiable: every pigeon is needed.
		t.Errorf("failed assumptions = %d, want %d", failed, len(sels))
	}
	if s.Failed(sels[0].Not()) {
		t.Errorf("Failed on a literal that was not assumed")
	}
	// Assumptions are for one Solve only.
	if r := s.Solve(context.Background()); r != Sat {
		t.Fatalf("after the assumption solve: %v, want sat", r)
	}
	// Clauses between solves: forcing a selector-free core.
	s.Add(sels[0])
	s.Assume(sels[1:]...)
	if r := s.Solve(context.Background()); r != Unsat {
		t.Fatalf("with the added unit: %v, want unsat", r)
	}
	if s.Failed(sels[0]) {
		t.Errorf("sels[0] was not assumed, yet Failed")
	}
}

func TestCadicalWrongStateCallsDoNotAbort(t *testing.T) {
	s := NewCadical()
	a, b := s.NewVar(), s.NewVar()
	s.Add(a)
	s.Add(a.Not(), b)
	if s.Value(a) {
		t.Errorf("Value before any solve must be false")
	}
	if s.Failed(a) {
		t.Errorf("Failed before any solve must be false")
	}
	s.Assume(b.Not())
	if r := s.Solve(context.Background()); r != Unsat {
		t.Fatalf("Solve = %v, want unsat", r)
	}
	if s.Value(a) || s.Value(b) {
		t.Errorf("Value after unsat must be false")
	}
	if !s.Failed(b.Not()) {
		t.Errorf("assumption ~b should be in the core")
	}
	if r := s.Solve(context.Background()); r != Sat {
		t.Fatalf("Solve = %v, want sat", r)
	}
	if s.Failed(b.Not()) {
		t.Errorf("Failed after sat must be false")
	}
	if !s.Value(a) || !s.Value(b) {
		t.Errorf("model should set a and b")
	}
	fresh := s.NewVar()
	if s.Value(fresh) || !s.Value(fresh.Not()) {
		t.Errorf("a variable CaDiCaL never saw reads as false")
	}
	s.Add(a, b) // buffered: the model stays readable until it reaches CaDiCaL
	if !s.Value(a) || !s.Value(b) {
		t.Errorf("Value after Add must still read the model")
	}
	if s.InModel(fresh) {
		t.Errorf("a variable new since the solve is not in the model")
	}
	s.Freeze(b) // reaches CaDiCaL: the model is gone
	if s.Value(a) || s.InModel(a) {
		t.Errorf("Value after Freeze must be false (model invalidated)")
	}
	s.Melt(a) // not frozen: must not reach CaDiCaL
	s.Close()
	s.Add(a)
	s.Assume(a)
	s.Freeze(a)
	s.Melt(a)
	if r := s.Solve(context.Background()); r != Unknown {
		t.Errorf("Solve on a closed solver = %v, want unknown", r)
	}
	if s.Value(a) || s.Failed(a) {
		t.Errorf("closed solver answers false")
	}
	s.Close()
}

func TestCadicalCancellation(t *testing.T) {
	s := NewCadical()
	defer s.Close()
	sels := pigeonhole(s, 10, 9, true)

	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(50 * time.Millisecond)
		cancel()
	}()
	s.Assume(sels...)
	if r := s.Solve(ctx); r != Unknown {
		t.Fatalf("cancelled PHP(10,9) = %v, want unknown", r)
	}
	// A cancelled context is not sticky: the next solve runs to the end.
	if r := s.Solve(context.Background()); r != Sat {
		t.Fatalf("after cancellation, selector-free PHP = %v, want sat", r)
	}
	// An already-cancelled context never starts the search.
	if r := s.Solve(ctx); r != Unknown {
		t.Fatalf("Solve with a done ctx = %v, want unknown", r)
	}
	if r := s.Solve(context.Background()); r != Sat {
		t.Fatalf("Solve after a done ctx = %v, want sat", r)
	}
	// A deadline works the same way as a cancel.
	dctx, dcancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer dcancel()
	s.Assume(sels...)
	if r := s.Solve(dctx); r != Unknown {
		t.Fatalf("PHP(10,9) past its deadline = %v, want unknown", r)
	}
	s.Assume(sels[1:]...) // 9 pigeons fit in 9 holes
	if r := s.Solve(context.Background()); r != Sat {
		t.Fatalf("after the deadline, PHP(9,9) = %v, want sat", r)
	}
}

func TestCadicalConflictLimit(t *testing.T) {
	s := NewCadical()
	defer s.Close()
	sels := pigeonhole(s, 10, 9, true)
	s.SetConflictLimit(100)
	s.Assume(sels...)
	if r := s.Solve(context.Background()); r != Unknown {
		t.Fatalf("PHP(10,9) with 100 conflicts = %v, want unknown", r)
	}
	s.SetConflictLimit(-1)
	if r := s.Solve(context.Background()); r != Sat {
		t.Fatalf("without assumptions = %v, want sat", r)
	}
}

// Incremental solving agrees with solving from scratch: random 3-SAT clauses
// are added in batches across the satisfiability threshold, with random
// assumptions, and every answer is compared with a fresh solver and every
// model checked against all clauses. Later clauses reuse variables that
// CaDiCaL may have eliminated in between.
func TestCadicalIncrementalAgreesWithFresh(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	const nVars = 120
	seen := map[Result]int{}
	for round := 0; round < 4; round++ {
		inc := NewCadical()
		var all [][]Lit
		for step := 0; step < 12; step++ {
			for i := 0; i < 45; i++ {
				c := make([]Lit, 3)
				for j := range c {
					c[j] = Lit(rng.Intn(nVars) + 1)
					if rng.Intn(2) == 0 {
						c[j] = c[j].Not()
					}
				}
				all = append(all, c)
				inc.Add(c...)
			}
			var assume []Lit
			for i := 0; i < rng.Intn(4); i++ {
				assume = append(assume, Lit(rng.Intn(nVars)+1))
			}
			inc.Assume(assume...)
			got := inc.Solve(context.Background())

			fresh := NewCadical()
			for _, c := range all {
				fresh.Add(c...)
			}
			for _, a := range assume {
				fresh.Add(a)
			}
			want := fresh.Solve(context.Background())
			fresh.Close()
			seen[got]++
			if got != want {
				t.Fatalf("round %d step %d: incremental %v, fresh %v", round, step, got, want)
			}
			if got != Sat {
				continue
			}
			check := append([][]Lit(nil), all...)
			for _, a := range assume {
				check = append(check, []Lit{a})
			}
			for _, c := range check {
				ok := false
				for _, l := range c {
					ok = ok || inc.Value(l)
				}
				if !ok {
					t.Fatalf("round %d step %d: model violates %v", round, step, c)
				}
			}
		}
		inc.Close()
	}
	if seen[Sat] == 0 || seen[Unsat] == 0 {
		t.Errorf("answers %v: the instances should cross the threshold", seen)
	}
}
