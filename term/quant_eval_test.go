package term

import (
	"errors"
	"testing"

	"github.com/sift-solver/sift/bv"
)

// boundedForall builds ∀i. (1 ≤ i ≤ k) → ψ(i) in one of the shapes state
// merging produces.
func boundedForall(st *Store, shapeName string, i, k, body Term) Term {
	w := st.Width(st.SortOf(i))
	one := st.ConstUint64(w, 1)
	zero := st.Const(bv.Zero(w))
	var guarded Term
	switch shapeName {
	case "implies":
		guarded = st.Implies(st.And(st.MustMake(OpBVUle, nil, one, i), st.MustMake(OpBVUle, nil, i, k)), body)
	case "or-not":
		guarded = st.Or(st.Not(st.MustMake(OpBVUle, nil, one, i)), st.Not(st.MustMake(OpBVUle, nil, i, k)), body)
	case "bvult":
		// 0 < i ∧ i < k+1, written with bvugt so the builder's swap is exercised.
		// k+1 wraps when k is all ones, which the k values below avoid.
		kp1 := st.MustMake(OpBVAdd, nil, k, one)
		guarded = st.Implies(st.And(st.MustMake(OpBVUgt, nil, i, zero), st.MustMake(OpBVUlt, nil, i, kp1)), body)
	default:
		panic(shapeName)
	}
	return st.MustMake(OpForall, nil, i, guarded)
}

func TestBoundedForall(t *testing.T) {
	type outcome int
	const (
		isTrue outcome = iota
		isFalse
		isCap
	)
	cases := []struct {
		name  string
		k     string // the bound, from the model
		limit string // ψ(i) is i < limit
		cap   uint64
		want  outcome
	}{
		{"holds", "5", "10", 100, isTrue},
		{"counterexample", "20", "10", 100, isFalse},
		{"counterexample-at-last", "10", "10", 100, isFalse},
		{"vacuous-k0", "0", "0", 100, isTrue}, // ψ is false everywhere, but no instance
		{"at-cap", "100", "200", 100, isTrue},
		{"past-cap-true", "101", "200", 100, isCap},
		{"past-cap-false", "150", "3", 100, isCap},
		{"huge-k", "0xfffffff0", "0", DefaultQuantifierCap, isCap},
	}
	for _, w := range []uint32{32, 64} {
		for _, shapeName := range []string{"implies", "or-not", "bvult"} {
			for _, c := range cases {
				st := NewStore()
				m := NewModel()
				i := st.BoundVar("i", st.BitVecSort(w))
				k := bvVar(st, m, "k", val(w, c.k))
				limit := bvVar(st, m, "limit", val(w, c.limit))
				q := boundedForall(st, shapeName, i, k, st.MustMake(OpBVUlt, nil, i, limit))
				if st.Op(q) != OpForall {
					t.Fatalf("%s: quantifier was folded to %s", shapeName, st.Op(q))
				}
				e := NewEvaluator(st, m)
				e.QuantifierCap = c.cap
				got, err := e.EvalBool(q)
				switch c.want {
				case isCap:
					if !errors.Is(err, ErrQuantifierCap) {
						t.Errorf("w=%d %s %s: got (%v, %v), want ErrQuantifierCap", w, shapeName, c.name, got, err)
					}
				default:
					if err != nil || got != (c.want == isTrue) {
						t.Errorf("w=%d %s %s: got (%v, %v), want %v", w, shapeName, c.name, got, err, c.want == isTrue)
					}
				}
			}
		}
	}
}

func TestUnboundedQuantifierHitsCap(t *testing.T) {
	for _, w := range []uint32{32, 64} {
		st := NewStore()
		m := NewModel()
		i := st.BoundVar("i", st.BitVecSort(w))
		x := bvVar(st, m, "x", val(w, "7"))
		for _, op := range []Op{OpForall, OpExists} {
			q := st.MustMake(op, nil, i, st.Not(st.Eq(st.MustMake(OpBVAdd, nil, i, x), x)))
			if _, err := st.Eval(q, m); !errors.Is(err, ErrQuantifierCap) {
				t.Errorf("w=%d %s over the whole domain: err = %v, want ErrQuantifierCap", w, op, err)
			}
		}
	}
}

func TestExistsWitness(t *testing.T) {
	for _, w := range []uint32{32, 64} {
		st := NewStore()
		m := NewModel()
		bw := st.BitVecSort(w)
		as := st.ArraySort(bw, st.BitVecSort(8))
		a := st.Var("a", as)
		arr := NewArrayValue(as, st.BVValue(bv.Zero(8)))
		arr.Arr = arr.Arr.Store(st.BVValue(val(w, "3")), st.BVValue(val(8, "7")))
		m.Set(a, arr)
		i := st.BoundVar("i", bw)
		one := st.ConstUint64(w, 1)
		seven := st.ConstUint64(8, 7)
		for _, c := range []struct {
			k    string
			want bool
		}{{"5", true}, {"3", true}, {"2", false}, {"0", false}} {
			k := bvVar(st, m, "k"+c.k, val(w, c.k))
			body := st.And(st.MustMake(OpBVUle, nil, one, i), st.MustMake(OpBVUle, nil, i, k),
				st.Eq(st.MustMake(OpSelect, nil, a, i), seven))
			got, err := NewEvaluator(st, m).EvalBool(st.MustMake(OpExists, nil, i, body))
			if err != nil || got != c.want {
				t.Errorf("w=%d k=%s: ∃ witness: got (%v, %v), want %v", w, c.k, got, err, c.want)
			}
		}
	}
}

func TestQuantifiersOverBool(t *testing.T) {
	st := NewStore()
	b8 := st.BitVecSort(8)
	b := st.BoundVar("b", st.BoolSort())
	c := st.BoundVar("c", st.BoolSort())
	cases := []struct {
		name  string
		x, y  string
		p     bool
		build func(x, y, p Term) Term
		want  bool
	}{
		{"forall-ite-equal-branches", "4", "4", false, func(x, y, p Term) Term {
			return st.MustMake(OpForall, nil, b, st.Eq(st.Ite(b, x, y), x))
		}, true},
		{"forall-ite-different-branches", "4", "5", false, func(x, y, p Term) Term {
			return st.MustMake(OpForall, nil, b, st.Eq(st.Ite(b, x, y), x))
		}, false},
		{"exists-b-and-p", "0", "0", true, func(x, y, p Term) Term {
			return st.MustMake(OpExists, nil, b, st.And(b, p))
		}, true},
		{"exists-b-and-p-false", "0", "0", false, func(x, y, p Term) Term {
			return st.MustMake(OpExists, nil, b, st.And(b, p))
		}, false},
		{"forall-two-xor", "0", "0", false, func(x, y, p Term) Term {
			return st.MustMake(OpForall, nil, b, c, st.MustMake(OpXor, nil, b, c))
		}, false},
		{"forall-exists-xor", "0", "0", false, func(x, y, p Term) Term {
			return st.MustMake(OpForall, nil, b, st.MustMake(OpExists, nil, c, st.MustMake(OpXor, nil, b, c)))
		}, true},
		{"exists-forall-xor", "0", "0", false, func(x, y, p Term) Term {
			return st.MustMake(OpExists, nil, b, st.MustMake(OpForall, nil, c, st.MustMake(OpXor, nil, b, c)))
		}, false},
	}
	for _, tc := range cases {
		m := NewModel()
		x := bvVar(st, m, "x", val(8, tc.x))
		y := bvVar(st, m, "y", val(8, tc.y))
		p := boolVar(st, m, "p", tc.p)
		_ = b8
		got, err := NewEvaluator(st, m).EvalBool(tc.build(x, y, p))
		if err != nil || got != tc.want {
			t.Errorf("%s: got (%v, %v), want %v", tc.name, got, err, tc.want)
		}
	}
}

// TestNestedBoundedQuantifiers: ∀i ∈ [1,k]. ∃j. j = i+1 ∧ j ≠ 0, where the
// equality narrows j to one instance.
func TestNestedBoundedQuantifiers(t *testing.T) {
	for _, w := range []uint32{8, 32, 64} {
		st := NewStore()
		m := NewModel()
		bw := st.BitVecSort(w)
		i, j := st.BoundVar("i", bw), st.BoundVar("j", bw)
		zero := st.Const(bv.Zero(w))
		one := st.ConstUint64(w, 1)
		inner := st.MustMake(OpExists, nil, j, st.And(st.Eq(j, st.MustMake(OpBVAdd, nil, i, one)), st.Not(st.Eq(j, zero))))
		for _, c := range []struct {
			k    string
			want bool
		}{{"200", true}, {"ones", false}} { // i = ones makes j wrap to 0
			if c.k == "ones" && w > 8 {
				continue // 2^w instances: past the cap
			}
			k := bvVar(st, m, "k"+c.k, val(w, c.k))
			q := boundedForall(st, "implies", i, k, inner)
			got, err := NewEvaluator(st, m).EvalBool(q)
			if err != nil || got != c.want {
				t.Errorf("w=%d k=%s: got (%v, %v), want %v", w, c.k, got, err, c.want)
			}
		}
	}
}

func TestBoundVariableOutsideBinder(t *testing.T) {
	st := NewStore()
	i := st.BoundVar("i", st.BitVecSort(8))
	if _, err := st.Eval(st.MustMake(OpBVUlt, nil, i, st.ConstUint64(8, 3)), NewModel()); err == nil {
		t.Errorf("evaluating a free bound variable succeeded")
	}
}

// TestQuantifierCapIsShared checks that nested quantifiers share one
// enumeration budget: ∃x∀y∀z over 8-bit variables, each level below the cap
// but 2^24 instances in all, reaches the cap instead of enumerating them.
func TestQuantifierCapIsShared(t *testing.T) {
	st := NewStore()
	w := st.BitVecSort(8)
	x, y, z := st.BoundVar("x", w), st.BoundVar("y", w), st.BoundVar("z", w)
	// y ≤u y|z holds everywhere, so neither a witness nor a counterexample
	// ends the enumeration early.
	body := st.MustMake(OpBVUle, nil, y, st.MustMake(OpBVOr, nil, y, st.MustMake(OpBVXor, nil, z, x)))
	inner := st.MustMake(OpForall, nil, y, st.MustMake(OpForall, nil, z, body))
	phi := st.MustMake(OpExists, nil, x, st.Not(inner))
	ev := NewEvaluator(st, NewModel())
	ev.QuantifierCap = 1 << 12
	if _, err := ev.Eval(phi); err != ErrQuantifierCap {
		t.Fatalf("Eval = %v, want ErrQuantifierCap", err)
	}
}

// TestVacuousBinders checks that a bound variable the body does not mention
// costs one instance, whatever its width, so ∀v.φ and ∃v.φ evaluate as φ;
// the variables the body does mention still count against the cap.
func TestVacuousBinders(t *testing.T) {
	type outcome int
	const (
		isTrue outcome = iota
		isFalse
		isCap
	)
	st := NewStore()
	m := NewModel()
	x := bvVar(st, m, "x", val(32, "7"))
	v64 := st.BoundVar("v", st.BitVecSort(64))
	u32 := st.BoundVar("u", st.BitVecSort(32))
	b := st.BoundVar("b", st.BoolSort())
	i := st.BoundVar("i", st.BitVecSort(32))
	seven, eight := st.ConstUint64(32, 7), st.ConstUint64(32, 8)
	// i ≤ 8 → i ≠ x: false at i = 7; over all of i: past the cap.
	guarded := st.Implies(st.MustMake(OpBVUle, nil, i, eight), st.Not(st.Eq(i, x)))
	cases := []struct {
		name string
		op   Op
		vars []Term
		body Term
		want outcome
	}{
		{"forall-true", OpForall, []Term{v64, b}, st.Eq(x, seven), isTrue},
		{"forall-false", OpForall, []Term{v64}, st.Eq(x, eight), isFalse},
		{"exists-true", OpExists, []Term{u32, v64}, st.Eq(x, seven), isTrue},
		{"exists-false", OpExists, []Term{b, u32}, st.Eq(x, eight), isFalse},
		{"vacuous-then-bounded", OpForall, []Term{v64, i, u32}, guarded, isFalse},
		{"vacuous-then-unbounded", OpForall, []Term{v64, i}, st.Or(st.MustMake(OpBVUlt, nil, i, x), st.MustMake(OpBVUlt, nil, x, i)), isCap},
	}
	for _, c := range cases {
		q := st.MustMake(c.op, nil, append(append([]Term(nil), c.vars...), c.body)...)
		got, err := NewEvaluator(st, m).EvalBool(q)
		switch c.want {
		case isCap:
			if !errors.Is(err, ErrQuantifierCap) {
				t.Errorf("%s: got (%v, %v), want ErrQuantifierCap", c.name, got, err)
			}
		default:
			if err != nil || got != (c.want == isTrue) {
				t.Errorf("%s: got (%v, %v), want %v", c.name, got, err, c.want == isTrue)
			}
		}
	}
}

// TestGuardOnlyBodies checks that a body which is all guard narrows the
// range: ∀i. ¬G is ∀i. G → false (the form ∀i. i = j → ψ takes when ψ
// folds to false) and ∃i. G needs G, so both take the instances G allows
// rather than the whole 2^32 domain.
func TestGuardOnlyBodies(t *testing.T) {
	st := NewStore()
	m := NewModel()
	x := bvVar(st, m, "x", val(32, "7"))
	i := st.BoundVar("i", st.BitVecSort(32))
	ten := st.ConstUint64(32, 10)
	cases := []struct {
		name string
		q    Term
		want bool
	}{
		{"forall-not-eq", st.MustMake(OpForall, nil, i, st.Not(st.Eq(i, x))), false},
		{"forall-not-range", st.MustMake(OpForall, nil, i, st.Not(st.And(st.MustMake(OpBVUle, nil, x, i), st.MustMake(OpBVUle, nil, i, ten)))), false},
		{"exists-eq", st.MustMake(OpExists, nil, i, st.Eq(i, x)), true},
		{"exists-empty-range", st.MustMake(OpExists, nil, i, st.MustMake(OpBVUlt, nil, i, st.ConstUint64(32, 0))), false},
	}
	for _, c := range cases {
		got, err := NewEvaluator(st, m).EvalBool(c.q)
		if err != nil || got != c.want {
			t.Errorf("%s: got (%v, %v), want %v", c.name, got, err, c.want)
		}
	}
}

// TestClosedInnerQuantifier checks that a quantifier inside another whose
// body uses none of the outer variables is evaluated once with a budget of
// its own: ∀v:16. ite(∀u:32. q, ¬p, …) takes the 2^16 outer instances within
// the cap, and an inner one past the cap fails at once rather than once per
// outer instance.
func TestClosedInnerQuantifier(t *testing.T) {
	st := NewStore()
	m := NewModel()
	p, q := st.Var("p", st.BoolSort()), st.Var("q", st.BoolSort())
	m.Set(p, BoolValue(false))
	m.Set(q, BoolValue(true))
	x := bvVar(st, m, "x", val(32, "7"))
	v := st.BoundVar("v", st.BitVecSort(16))
	u := st.BoundVar("u", st.BitVecSort(32))
	b := st.BoundVar("b", st.BoolSort())
	other := st.MustMake(OpBVSge, nil, st.ConstUint64(16, 44073), v)
	vacuous := st.MustMake(OpForall, nil, u, b, q)
	q1 := st.MustMake(OpForall, nil, v, st.Ite(vacuous, st.Not(p), other))
	if got, err := NewEvaluator(st, m).EvalBool(q1); err != nil || !got {
		t.Errorf("closed vacuous inner: got (%v, %v), want true", got, err)
	}
	capped := st.MustMake(OpForall, nil, u, st.Or(st.MustMake(OpBVUlt, nil, u, x), st.MustMake(OpBVUlt, nil, x, u))) // no guard: all 2^32 values of u
	q2 := st.MustMake(OpForall, nil, v, st.Ite(capped, st.Not(p), other))
	e := NewEvaluator(st, m)
	if _, err := e.EvalBool(q2); !errors.Is(err, ErrQuantifierCap) {
		t.Errorf("capped inner: err = %v, want ErrQuantifierCap", err)
	}
}
