package quant

import (
	"errors"
	"testing"

	"github.com/sift-solver/sift/term"
)

// TestEvalForall is U5: a bounded ∀ is vacuous at k=0, checks exactly the
// instances 1..k, and past the enumeration cap is unknown, never false.
func TestEvalForall(t *testing.T) {
	st, as := parse(t, `
(declare-fun s () (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun k () (_ BitVec 32))
(assert (forall ((i (_ BitVec 32))) (=> (and (bvule #x00000001 i) (bvule i k)) (= (select s (bvsub i #x00000001)) #x61))))
`)
	q, err := Recognise(st, as)
	if err != nil {
		t.Fatal(err)
	}
	s, k := st.Var("s", byteArray(st)), st.Var("k", st.BitVecSort(32))
	cases := []struct {
		name    string
		k       uint64
		s       []uint64
		want    bool
		unknown bool
	}{
		{"k=0 is vacuous", 0, []uint64{0, 0, 0}, true, false},
		{"k=3, cells 0..2 hold, cell 3 ignored", 3, []uint64{0x61, 0x61, 0x61, 0}, true, false},
		{"k=3, cell 2 breaks i=3", 3, []uint64{0x61, 0x61, 0}, false, false},
		{"k=3, cell 0 breaks i=1", 3, []uint64{0, 0x61, 0x61}, false, false},
		{"k past the cap", 0xffffffff, []uint64{0x61}, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := term.NewModel()
			m.Set(k, bvVal(st, 32, c.k))
			m.Set(s, bytesValue(st, c.s))
			b, err := term.NewEvaluator(st, m).EvalBool(q.Conjuncts[0])
			if c.unknown {
				if !errors.Is(err, term.ErrQuantifierCap) {
					t.Errorf("got %v, %v; want the cap error", b, err)
				}
			} else if err != nil || b != c.want {
				t.Errorf("got %v, %v; want %v", b, err, c.want)
			}
			if holds(q, m) != c.want {
				t.Errorf("holds = %v, want %v", !c.want, c.want)
			}
			// The procedure's own range agrees with the evaluator's.
			lo, hi, ok, err := q.Foralls[0].instances(term.NewEvaluator(st, m), 1<<16)
			switch {
			case c.unknown:
				if !errors.Is(err, errTooMany) {
					t.Errorf("instances: %v, want errTooMany", err)
				}
			case c.k == 0:
				if ok || err != nil {
					t.Errorf("instances: ok=%v err=%v, want an empty range", ok, err)
				}
			case !ok || lo != 1 || hi != c.k:
				t.Errorf("instances = %d..%d (%v, %v), want 1..%d", lo, hi, ok, err, c.k)
			}
		})
	}
}

// TestRecogniseFragment checks the guard shapes and what is refused.
func TestRecogniseFragment(t *testing.T) {
	decls := `(declare-fun s () (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun n () (_ BitVec 32))
(declare-fun k () (_ BitVec 32))
(declare-fun k64 () (_ BitVec 64))
(declare-fun f ((_ BitVec 32)) (_ BitVec 8))
`
	body := "(= (select s i) #x61)"
	cases := []struct {
		name, assert string
		lower, upper int // bounds found; -1 when refused
	}{
		{"implies with and", "(forall ((i (_ BitVec 32))) (=> (and (bvule #x00000001 i) (bvule i k)) " + body + "))", 1, 1},
		{"or-not", "(forall ((i (_ BitVec 32))) (or (not (and (bvule #x00000001 i) (bvule i k))) " + body + "))", 1, 1},
		{"or of two nots", "(forall ((i (_ BitVec 32))) (or (not (bvule #x00000001 i)) (not (bvule i k)) " + body + "))", 1, 1},
		{"bvuge and bvult", "(forall ((i (_ BitVec 32))) (=> (and (bvuge i #x00000001) (bvult i k)) " + body + "))", 1, 1},
		{"bvugt lower", "(forall ((i (_ BitVec 32))) (=> (and (bvugt i #x00000000) (bvuge k i)) " + body + "))", 1, 1},
		{"upper only", "(forall ((i (_ BitVec 32))) (=> (bvult i n) " + body + "))", 0, 1},
		{"negated bound", "(forall ((i (_ BitVec 32))) (=> (not (bvult k i)) " + body + "))", 0, 1},
		{"64-bit", "(forall ((i (_ BitVec 64))) (=> (and (bvule #x0000000000000001 i) (bvule i k64)) (= (select s ((_ extract 31 0) i)) #x61)))", 1, 1},
		{"negated conjunction (preprocessed vacuous ∀)", "(forall ((i (_ BitVec 32))) (not (and (bvule #x00000001 i) (= i #x00000000))))", 2, 1},
		{"non-bound premise stays in ψ", "(forall ((i (_ BitVec 32))) (=> (and (bvule i k) (= (select s i) #x00)) " + body + "))", 0, 1},
		{"exists", "(exists ((i (_ BitVec 32))) " + body + ")", -1, -1},
		{"forall under or, lifted", "(or (= n #x00000000) (forall ((i (_ BitVec 32))) (=> (bvule i k) " + body + ")))", 0, 1},
		{"forall in a consequent, lifted", "(=> (= n #x00000000) (and (= k n) (forall ((i (_ BitVec 32))) (=> (bvule i k) " + body + "))))", 0, 1},
		{"nested", "(forall ((i (_ BitVec 32))) (forall ((j (_ BitVec 32))) (= (select s i) (select s j))))", -1, -1},
		{"two variables", "(forall ((i (_ BitVec 32)) (j (_ BitVec 32))) (= (select s i) (select s j)))", -1, -1},
		{"uninterpreted function", "(forall ((i (_ BitVec 32))) (=> (bvule i k) (= (f i) #x00)))", -1, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, as := parse(t, decls+"(assert "+c.assert+")\n")
			q, err := Recognise(st, as)
			if c.lower < 0 {
				var u *UnsupportedError
				if !errors.As(err, &u) {
					t.Errorf("got %v, want unsupported", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			f := q.Foralls[0]
			if len(f.Lower) != c.lower || len(f.Upper) != c.upper {
				t.Errorf("bounds %d lower, %d upper; want %d, %d", len(f.Lower), len(f.Upper), c.lower, c.upper)
			}
			// G(i) → ψ(i) must be equivalent to the body: check on a model
			// over a few values of i by instantiation.
			for _, x := range []uint64{0, 1, 2, 5} {
				it := st.ConstUint64(f.Width, x)
				split := st.Implies(f.At(st, f.Guard(st), it), f.At(st, f.Psi, it))
				m := term.NewModel()
				m.Set(st.Var("k", st.BitVecSort(32)), bvVal(st, 32, 2))
				m.Set(st.Var("k64", st.BitVecSort(64)), bvVal(st, 64, 2))
				m.Set(st.Var("n", st.BitVecSort(32)), bvVal(st, 32, 3))
				m.Set(st.Var("s", byteArray(st)), bytesValue(st, []uint64{0x61, 0, 0x61}))
				ev := term.NewEvaluator(st, m)
				a, err1 := ev.EvalBool(f.Instance(st, it))
				b, err2 := ev.EvalBool(split)
				if err1 != nil || err2 != nil || a != b {
					t.Errorf("i=%d: body %v, guard→ψ %v (%v %v)", x, a, b, err1, err2)
				}
			}
		})
	}
}

// TestLiftQuantifiers checks how ∀s below connectives and inside terms are
// taken out: a positive occurrence gives a bounded ∀ with the premise p, a
// negative one a Skolem witness clause, one inside a term both.
func TestLiftQuantifiers(t *testing.T) {
	decls := `(declare-fun s () (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun n () (_ BitVec 32))
(declare-fun k () (_ BitVec 32))
`
	all := "(forall ((i (_ BitVec 32))) (=> (and (bvule #x00000001 i) (bvule i k)) (= (select s i) #x61)))"
	cases := []struct {
		name, assert     string
		foralls, clauses int // bounded ∀s and quantifier-free clauses after lifting
	}{
		{"under or", "(or (= n #x00000000) " + all + ")", 1, 1},
		{"under not", "(not (and (= n #x00000000) " + all + "))", 0, 2},
		{"in an antecedent", "(=> " + all + " (= n #x00000000))", 0, 2},
		{"in an ite condition", "(bvult (ite " + all + " n k) #x00000005)", 1, 2},
		{"twice, positive and negative", "(and (or (= n #x00000000) " + all + ") (or (= n #x00000001) (not " + all + ")))", 1, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, as := parse(t, decls+"(assert "+c.assert+")\n")
			q, err := Recognise(st, as)
			if err != nil {
				t.Fatal(err)
			}
			if len(q.Foralls) != c.foralls || len(q.QF) != c.clauses {
				t.Errorf("%d ∀s and %d clauses, want %d and %d", len(q.Foralls), len(q.QF), c.foralls, c.clauses)
			}
			for _, f := range q.Foralls {
				if len(f.Lower) != 1 || len(f.Upper) != 1 {
					t.Errorf("the lifted ∀ lost its bounds: %d lower, %d upper", len(f.Lower), len(f.Upper))
				}
			}
			for _, x := range q.QF {
				if !st.IsQuantifierFree(x) {
					t.Error("a clause still has a quantifier")
				}
			}
		})
	}
}
