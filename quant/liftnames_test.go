package quant

import (
	"slices"
	"testing"
)

// liftScript has a ∀ below a disjunction (lifted with p at positive
// polarity) and below a negation (lifted at negative polarity, with a
// Skolem witness).
const liftScript = `
(declare-const a (Array (_ BitVec 64) (_ BitVec 8)))
(declare-const k (_ BitVec 64))
(declare-const x Bool)
(assert (or x (forall ((i (_ BitVec 64))) (=> (bvule i k) (= (select a i) #x61)))))
(assert (not (forall ((i (_ BitVec 64))) (=> (bvult i k) (= (select a i) #x62)))))
(assert (bvult k #x0000000000000010))
`

// TestLiftNamesKeepSymbols: recognising one formula twice with the same
// liftNames gives the same quantifier-free clauses and ∀s, term for term
// (the same p and witness); without them, fresh symbols make new terms; on
// another store the names start afresh.
func TestLiftNamesKeepSymbols(t *testing.T) {
	st, as := parse(t, liftScript)
	var names liftNames
	q1, err := recognise(st, as, &names)
	if err != nil {
		t.Fatal(err)
	}
	q2, err := recognise(st, as, &names)
	if err != nil {
		t.Fatal(err)
	}
	if len(q1.Foralls) != 1 || len(q1.QF) != 4 {
		t.Fatalf("%d ∀s and %d clauses, want 1 (p → ∀) and 4 (the 2 rewritten, the bound, the witness's)",
			len(q1.Foralls), len(q1.QF))
	}
	if !slices.Equal(q1.QF, q2.QF) || q1.Foralls[0].Clause != q2.Foralls[0].Clause {
		t.Errorf("the same names gave other terms:\n%v\n%v", q1.QF, q2.QF)
	}
	q3, err := Recognise(st, as)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(q1.QF, q3.QF) {
		t.Errorf("fresh symbols gave the same clauses")
	}
	st2, as2 := parse(t, liftScript)
	q4, err := recognise(st2, as2, &names)
	if err != nil {
		t.Fatal(err)
	}
	if names.st != st2 || len(names.syms) != 2 {
		t.Errorf("another store: names on %p with %d entries, want %p with 2", names.st, len(names.syms), st2)
	}
	if len(q4.QF) != len(q1.QF) {
		t.Errorf("another store: %d clauses, want %d", len(q4.QF), len(q1.QF))
	}
}
