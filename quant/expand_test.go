package quant_test

import (
	"context"
	"slices"
	"testing"

	"github.com/sift-solver/sift/quant"
	"github.com/sift-solver/sift/term"
)

// TestLazyExpansion runs queries that only finite expansion decides (stages
// 1–3 cannot: chains, where copying the first value breaks the next
// instance). Lazy expansion must decide them with far fewer instances than
// the constant window has, and must keep what it added: every problem it
// asks extends the one before (φ_QF and all instances so far, only the
// small-range hints at the end may change), which is what lets the engine's
// bit-blaster keep its circuit and learned clauses between rounds.
func TestLazyExpansion(t *testing.T) {
	decls := `
(declare-fun s () (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun k () (_ BitVec 32))
(declare-fun n () (_ BitVec 64))
(declare-fun k64 () (_ BitVec 64))
(declare-fun b () (Array (_ BitVec 64) (_ BitVec 8)))
`
	chain := `(assert (forall ((i (_ BitVec 32))) (=> (and (bvule #x00000001 i) (bvule i k)) (= (select s i) (bvadd (select s (bvsub i #x00000001)) #x01)))))`
	cases := []struct {
		name, body string
		want       quant.Status
		window     int // the constant window full expansion would instantiate
		maxInst    int
	}{
		{"T03 chain, k = 5", `(assert (forall ((i (_ BitVec 32))) (=> (and (bvule #x00000001 i) (bvule i k)) (= (select s (bvsub i #x00000001)) (select s i)))))
(assert (= k #x00000005)) (assert (= (select s #x00000000) #x01)) (assert (= (select s #x00000005) #x02))`, quant.Unsat, 5, 5},
		{"counting chain, k ≤ 8000, sat only at k = 5", chain + `
(assert (bvule k #x00001f40)) (assert (= (select s #x00000000) #x02)) (assert (= (select s k) #x07))`, quant.Sat, 8000, 200},
		{"counting chain, k ≤ 100, no k fits", chain + `
(assert (bvule k #x00000064)) (assert (bvuge k #x00000001)) (assert (= (select s #x00000000) #x02)) (assert (= (select s k) #x01))`, quant.Unsat, 100, 400},
		{"unbounded 64-bit count, refuted at ground reads", `(assert (forall ((i (_ BitVec 64))) (=> (and (bvule #x0000000000000001 i) (bvule i k64)) (not (= (select b (bvsub i #x0000000000000001)) #x00)))))
(assert (bvult n #x00000000ffffffff))
(assert (bvugt k64 (bvadd n #x0000000000000001)))
(assert (or (= (select b n) #x00) (= (select b (bvadd n #x0000000000000001)) #x00)))`, quant.Unsat, -1, 8},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, as := quant.Parse(t, decls+c.body)
			qf := newQFEngine(st)
			s := quant.NewSolver(qf.solve)
			r, err := s.Solve(context.Background(), st, as)
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != c.want || r.Stage != quant.StageExpand {
				t.Fatalf("got %v by %q (%s), want %v by expansion", r.Status, r.Stage, r.Reason, c.want)
			}
			if s.Stats.Instances == 0 || s.Stats.Instances > c.maxInst {
				t.Errorf("%d instances added, want 1..%d (window %d)", s.Stats.Instances, c.maxInst, c.window)
			}
			if r.Status == quant.Sat {
				for _, a := range as {
					b, err := term.NewEvaluator(st, r.Model).EvalBool(a)
					if err != nil || !b {
						t.Errorf("the model fails an assertion (%v)", err)
					}
				}
			}
			checkExtends(t, qf.calls, 2*len(as))
			t.Logf("%d rounds, %d instances, %d problems asked", s.Stats.Rounds, s.Stats.Instances, len(qf.calls))
		})
	}
}

// checkExtends checks that the problems that start with the first one asked
// (φ_QF: stripping, shrinking and every expansion round) each keep every
// clause of the one before except at most hints of them.
func checkExtends(t *testing.T, calls [][]term.Term, hints int) {
	t.Helper()
	first := calls[0]
	var prev []term.Term
	rounds := 0
	for _, c := range calls {
		if len(c) < len(first) || !slices.Equal(c[:len(first)], first) {
			continue // a ground query of the model check, or repair's fixed problem
		}
		rounds++
		if prev != nil {
			lost := 0
			for _, x := range prev {
				if !slices.Contains(c, x) {
					lost++
				}
			}
			if lost > hints {
				t.Errorf("a round dropped %d clauses of the one before", lost)
			}
		}
		prev = c
	}
	if rounds < 2 {
		t.Errorf("%d problems extend φ_QF: expansion asked nothing", rounds)
	}
}

// TestExpansionRoundLimit checks that lazy expansion stops, Unknown, once it
// has run RoundLimit rounds, and decides the same query without the bound.
func TestExpansionRoundLimit(t *testing.T) {
	// A chain whose violation moves one cell per round.
	script := `
(declare-fun s () (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun k () (_ BitVec 32))
(assert (forall ((i (_ BitVec 32))) (=> (and (bvule #x00000001 i) (bvule i k)) (= (select s i) (bvadd (select s (bvsub i #x00000001)) #x01)))))
(assert (bvule k #x00000064)) (assert (bvuge k #x00000001)) (assert (= (select s #x00000000) #x02)) (assert (= (select s k) #x01))`
	cases := []struct {
		name   string
		limit  int
		want   quant.Status
		reason string
	}{
		{"no bound", 0, quant.Unsat, ""},
		{"one round", 1, quant.Unknown, "quant: expansion round budget exhausted"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, as := quant.Parse(t, script)
			s := quant.NewSolver(newQFEngine(st).solve)
			s.RoundLimit = c.limit
			r, err := s.Solve(context.Background(), st, as)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%v by %q after %d rounds", r.Status, r.Stage, s.Stats.Rounds)
			if r.Status != c.want || (c.reason != "" && r.Reason != c.reason) {
				t.Fatalf("got %v (%q), want %v (%q)", r.Status, r.Reason, c.want, c.reason)
			}
			if c.limit > 0 && s.Stats.Rounds > c.limit+1 {
				t.Errorf("%d rounds, limit %d", s.Stats.Rounds, c.limit)
			}
		})
	}
}
