package quant

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/sift-solver/sift/term"
)

// example5 is the paper's Example 5 (seed 000 §2.5): φ ≜ s[n]=0 ∧ 1≤k≤10 ∧
// s[k−1]=8 ∧ ∀i.1≤i≤k → s[i−1]≠0.
const example5 = `
(declare-fun s () (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun n () (_ BitVec 32))
(declare-fun k () (_ BitVec 32))
(define-fun one () (_ BitVec 32) #x00000001)
(assert (forall ((i (_ BitVec 32))) (=> (and (bvule one i) (bvule i k)) (not (= (select s (bvsub i one)) #x00)))))
(assert (= (select s n) #x00))
(assert (and (bvule one k) (bvule k #x0000000a)))
(assert (= (select s (bvsub k one)) #x08))
`

type ex5 struct {
	st      *term.Store
	q       *Query
	s, n, k term.Term
}

func loadExample5(t *testing.T) ex5 {
	st, as := parse(t, example5)
	q, err := Recognise(st, as)
	if err != nil {
		t.Fatal(err)
	}
	return ex5{st: st, q: q, s: st.Var("s", byteArray(st)), n: st.Var("n", st.BitVecSort(32)), k: st.Var("k", st.BitVecSort(32))}
}

// model returns {n↦7, k↦7, s↦b}.
func (e ex5) model(b []uint64) *term.Model {
	m := term.NewModel()
	m.Set(e.n, bvVal(e.st, 32, 7))
	m.Set(e.k, bvVal(e.st, 32, 7))
	m.Set(e.s, bytesValue(e.st, b))
	return m
}

// TestStripExample5 is U1: the stripped problem is the QF clauses, the i=1
// instance, the lemma ¬(1 ≤ n+1 ≤ k) and (beyond the paper's five clauses)
// the last instance i=k; the paper's m satisfies it but not φ.
func TestStripExample5(t *testing.T) {
	e := loadExample5(t)
	st := e.st
	qf, lemmas := Strip(e.q)
	one := bv32(st, 1)
	ule := func(a, b term.Term) term.Term { return st.MustMake(term.OpBVUle, nil, a, b) }
	sel := func(i term.Term) term.Term { return st.MustMake(term.OpSelect, nil, e.s, i) }
	n1 := st.MustMake(term.OpBVAdd, nil, e.n, one)
	want := []term.Term{
		st.Eq(sel(e.n), st.ConstUint64(8, 0)),
		ule(one, e.k), ule(e.k, bv32(st, 10)),
		st.Eq(sel(st.MustMake(term.OpBVSub, nil, e.k, one)), st.ConstUint64(8, 8)),
		st.Implies(ule(one, e.k), st.Not(st.Eq(sel(bv32(st, 0)), st.ConstUint64(8, 0)))),
		st.Not(st.And(ule(one, n1), ule(n1, e.k))),
		e.q.Foralls[0].Instance(st, e.k),
	}
	if lemmas != 1 || len(qf) != len(want) {
		t.Fatalf("got %d clauses with %d lemmas, want %d with 1", len(qf), lemmas, len(want))
	}
	for _, w := range want {
		if !slices.Contains(qf, w) {
			t.Errorf("clause %d missing from φ_QF", w)
		}
	}
	m := e.model([]uint64{1, 0, 0, 0, 0, 0, 8, 0})
	ev := term.NewEvaluator(st, m)
	for _, c := range qf {
		if b, err := ev.EvalBool(c); err != nil || !b {
			t.Errorf("paper's m fails a clause of φ_QF (%v)", err)
		}
	}
	if holds(e.q, m) {
		t.Error("paper's m satisfies φ; s[1]=0 should break i=2")
	}
}

// TestDuplicateExample5 is U2: duplication copies s[0]=1 to s[1..6].
func TestDuplicateExample5(t *testing.T) {
	e := loadExample5(t)
	m := e.model([]uint64{1, 0, 0, 0, 0, 0, 8, 0})
	md := Duplicate(context.Background(), e.q, m, nil, 1<<16)
	if md == nil {
		t.Fatal("no duplicated model")
	}
	if got, want := cells(e.st, md.Values[e.s], 8), []uint64{1, 1, 1, 1, 1, 1, 1, 0}; !slices.Equal(got, want) {
		t.Errorf("m_d(s) = %v, want %v", got, want)
	}
	for _, x := range []term.Term{e.n, e.k} {
		if !md.Values[x].Equal(m.Values[x]) {
			t.Errorf("duplication changed %d", x)
		}
	}
	if got := cells(e.st, m.Values[e.s], 8); got[1] != 0 {
		t.Error("duplication modified its input model")
	}
	if holds(e.q, md) {
		t.Error("m_d satisfies φ; s[6]≠8 should break it")
	}
}

// TestRepairExample5 is U3: one conflict cell s[6], the instance i=7 added,
// n and k fixed, and with the paper's re-solved model the repaired model
// s ↦ [1,1,1,1,1,1,8,0] satisfies φ.
func TestRepairExample5(t *testing.T) {
	e := loadExample5(t)
	st := e.st
	md := e.model([]uint64{1, 1, 1, 1, 1, 1, 1, 0})
	plan, err := planRepair(context.Background(), e.q, md, 1<<16)
	if err != nil {
		t.Fatal(err)
	}
	s6 := cell{e.s, bvVal(st, 32, 6).Key()}
	if len(plan.conflicts) != 1 || !plan.conflicts[s6] {
		t.Errorf("conflicts = %v, want {s[6]}", plan.conflicts)
	}
	inst7 := e.q.Foralls[0].Instance(st, bv32(st, 7))
	if len(plan.added) != 1 || plan.added[0] != inst7 {
		t.Errorf("added %v, want the instance i=7 (%d)", plan.added, inst7)
	}
	if len(plan.free) != 1 || !plan.free[e.s] {
		t.Errorf("free arrays %v, want {s}", plan.free)
	}
	qf, _ := Strip(e.q)
	var asked []term.Term
	mock := func(_ context.Context, as []term.Term) (Status, *term.Model, error) {
		asked = as
		m := term.NewModel()
		m.Set(e.s, bytesValue(st, []uint64{1, 0, 0, 0, 0, 0, 8, 0}))
		return Sat, m, nil
	}
	mr, err := Repair(context.Background(), e.q, qf, md, mock, 1<<16)
	if err != nil || mr == nil {
		t.Fatalf("no repaired model (%v)", err)
	}
	for _, a := range asked {
		for _, x := range st.FreeVars(a) {
			if x != e.s {
				t.Errorf("re-solve query still mentions %s: it should be fixed", st.Name(x))
			}
		}
	}
	fixed7 := st.Substitute(inst7, map[term.Term]term.Term{e.n: bv32(st, 7), e.k: bv32(st, 7)})
	if !slices.Contains(asked, fixed7) {
		t.Error("re-solve query lacks the added instance i=7")
	}
	if got, want := cells(st, mr.Values[e.s], 8), []uint64{1, 1, 1, 1, 1, 1, 8, 0}; !slices.Equal(got, want) {
		t.Errorf("m_r(s) = %v, want %v", got, want)
	}
	if !holds(e.q, mr) {
		t.Error("m_r does not satisfy φ")
	}
}

// TestNegatingTerms is U4: lemmas come from solving the index equation.
func TestNegatingTerms(t *testing.T) {
	decls := `(declare-fun s () (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun a () (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun b () (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun n () (_ BitVec 32))
(declare-fun k () (_ BitVec 32))
(declare-fun k64 () (_ BitVec 64))
(declare-fun w32 () (_ BitVec 32))
(declare-fun w64 () (_ BitVec 64))
`
	cases := []struct {
		name, forall, clause string
		want                 string // an SMT-LIB term, "" for none
	}{
		{"negated body, t=n+1", "(forall ((i (_ BitVec 32))) (=> (and (bvule #x00000001 i) (bvule i k)) (not (= (select s (bvsub i #x00000001)) #x00))))",
			"(= (select s n) #x00)", "(bvadd n #x00000001)"},
		{"negated clause, t=0x1235", "(forall ((i (_ BitVec 32))) (=> (and (bvule #x00000001 i) (bvule i k)) (= (select s (bvsub i #x00000001)) #x61)))",
			"(not (= (select s #x00001234) #x61))", "#x00001235"},
		{"other constant, t=8", "(forall ((i (_ BitVec 32))) (=> (and (bvule #x00000001 i) (bvule i k)) (= (select s (bvsub i #x00000001)) #x61)))",
			"(= (select s #x00000007) #x00)", "#x00000008"},
		{"conjunct union, t=2", "(forall ((i (_ BitVec 32))) (=> (and (bvule #x00000001 i) (bvule i k)) (and (bvugt n (bvsub i #x00000001)) (= (select s (bvsub i #x00000001)) #x61))))",
			"(not (= (select s #x00000001) #x61))", "#x00000002"},
		{"disjunction needs both", "(forall ((i (_ BitVec 32))) (=> (and (bvule #x00000001 i) (bvule i k)) (or (= (select a i) #x01) (= (select b i) #x01))))",
			"(not (= (select a #x00000003) #x01))", ""},
		{"same constant is no refutation", "(forall ((i (_ BitVec 32))) (=> (and (bvule #x00000001 i) (bvule i k)) (= (select s (bvsub i #x00000001)) #x61)))",
			"(= (select s #x00000007) #x61)", ""},
		{"comparison atom, t=k+1", "(forall ((i (_ BitVec 32))) (=> (and (bvule #x00000001 i) (bvule i k)) (bvugt n (bvsub i #x00000001))))",
			"(not (bvugt n k))", "(bvadd k #x00000001)"},
		{"64-bit i, extract index", "(forall ((i (_ BitVec 64))) (or (not (and (bvule #x0000000000000001 i) (bvule i k64))) (not (= (select s ((_ extract 31 0) (bvsub i #x0000000000000001))) #x00))))",
			"(= (select s n) #x00)", "(bvadd ((_ zero_extend 32) n) #x0000000000000001)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := decls + "(assert " + c.forall + ")\n(assert " + c.clause + ")\n"
			if c.want != "" {
				w := "w32"
				if strings.Contains(c.want, "zero_extend 32") {
					w = "w64"
				}
				script += "(assert (= " + w + " " + c.want + "))\n"
			}
			st, as := parse(t, script)
			f, err := recogniseForall(st, as[0])
			if err != nil {
				t.Fatal(err)
			}
			got := NegatingTerms(st, f, as[1:2])
			if c.want == "" {
				if len(got) != 0 {
					t.Errorf("got %d terms, want none", len(got))
				}
				return
			}
			want := st.Arg(as[2], 1)
			if len(got) != 1 || got[0] != want {
				t.Errorf("got %v, want [%d]", got, want)
			}
		})
	}
}
