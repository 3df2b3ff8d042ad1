package term

import (
	"math/big"
	"slices"

	"github.com/sift-solver/sift/bv"
)

// HasBound reports whether t mentions a bound variable; memo caches answers
// across calls.
func (st *Store) HasBound(t Term, memo map[Term]bool) bool {
	if st.nodes[t].feat&FeatBound == 0 {
		return false // most terms asked about are ground: no walk
	}
	if r, ok := memo[t]; ok {
		return r
	}
	var r bool
	switch st.Op(t) {
	case OpBound:
		r = true
	case OpTrue, OpFalse, OpBVConst, OpVar, OpFPConst, OpRMConst:
		r = false
	default:
		for _, a := range st.Args(t) {
			if st.HasBound(a, memo) {
				r = true
				break
			}
		}
	}
	memo[t] = r
	return r
}

// closedQuantifier reports whether t is a quantifier whose body mentions no
// bound variable but its own (one bound by a quantifier inside it counts as
// mentioned: the answer errs towards false). Its value depends on the model
// alone.
func (e *Evaluator) closedQuantifier(t Term) bool {
	st := e.st
	if op := st.Op(t); op != OpForall && op != OpExists {
		return false
	}
	if r, ok := e.closedQ[t]; ok {
		return r
	}
	args := st.Args(t)
	own := args[:len(args)-1]
	r := !st.Contains(args[len(args)-1], func(n Term) bool {
		return st.Op(n) == OpBound && !slices.Contains(own, n)
	})
	if e.closedQ == nil {
		e.closedQ = map[Term]bool{}
	}
	e.closedQ[t] = r
	return r
}

// evalQuantifier enumerates the instances of a quantifier. For a bit-vector
// variable it first narrows the range with the unsigned bounds that the body's
// guard states (∀i. lo ≤ i ∧ i ≤ hi → ψ, in any of the usual shapes), so the
// bounded quantifiers that state merging produces are evaluated in
// O(hi−lo) instances. Past QuantifierCap instances the result is unknown.
func (e *Evaluator) evalQuantifier(t Term) (Value, error) {
	st := e.st
	args := st.Args(t)
	vars := append([]Term(nil), args[:len(args)-1]...)
	body := args[len(args)-1]
	forall := st.Op(t) == OpForall
	if e.bound == nil {
		e.bound = map[Term]Value{}
	}
	saved := make([]Value, len(vars))
	had := make([]bool, len(vars))
	for i, v := range vars {
		saved[i], had[i] = e.bound[v]
	}
	defer func() {
		for i, v := range vars {
			if had[i] {
				e.bound[v] = saved[i]
			} else {
				delete(e.bound, v)
			}
		}
	}()
	if e.quantDepth > 0 && e.closedQuantifier(t) {
		// A closed quantifier inside another is evaluated once (Eval memoises
		// it, and its failure here), so its instances add to the enclosing
		// ones rather than multiply: it gets a budget of its own.
		if err, ok := e.closedErr[t]; ok {
			return Value{}, err
		}
		depth, budget := e.quantDepth, e.quantBudget
		e.quantDepth = 0
		v, err := e.evalQuantifier(t)
		e.quantDepth, e.quantBudget = depth, budget
		if err != nil {
			if e.closedErr == nil {
				e.closedErr = map[Term]error{}
			}
			e.closedErr[t] = err
		}
		return v, err
	}
	premises := guardPremises(st, body, forall)
	// One budget for the outermost quantifier and everything nested in it:
	// a budget per nesting level would multiply, and ∃x∀y∀z over 16-bit
	// variables would enumerate 2^48 instances.
	if e.quantDepth == 0 {
		e.quantBudget = e.QuantifierCap
	}
	e.quantDepth++
	defer func() { e.quantDepth-- }()
	absent := e.absentVars(t, vars, body)
	var unknown error
	var rec func(k int) (decided bool, err error)
	rec = func(k int) (bool, error) {
		if k == len(vars) {
			if e.quantBudget == 0 {
				return false, ErrQuantifierCap
			}
			e.quantBudget--
			b, err := e.EvalBool(body)
			if err != nil {
				unknown = err
				return false, nil
			}
			// A counterexample decides ∀, a witness decides ∃.
			return b != forall, nil
		}
		v := vars[k]
		s := st.SortOf(v)
		if absent[k] {
			// Every sort is non-empty and the body's value does not depend
			// on v, so one instance stands for all of them: ∀v.φ ≡ ∃v.φ ≡ φ.
			e.bound[v] = st.DefaultValue(s)
			return rec(k + 1)
		}
		switch st.Kind(s) {
		case KindBool:
			for _, b := range []bool{false, true} {
				e.bound[v] = BoolValue(b)
				if d, err := rec(k + 1); d || err != nil {
					return d, err
				}
			}
			return false, nil
		case KindBitVec:
			w := st.Width(s)
			lo, hi := e.varRange(v, w, premises)
			if lo == nil {
				return false, nil // empty range: no instance
			}
			n := new(big.Int).Sub(hi, lo)
			if !n.IsUint64() || n.Uint64() >= e.quantBudget {
				return false, ErrQuantifierCap
			}
			for x := new(big.Int).Set(lo); x.Cmp(hi) <= 0; x.Add(x, big.NewInt(1)) {
				e.bound[v] = st.BVValue(bv.FromBig(w, x))
				if d, err := rec(k + 1); d || err != nil {
					return d, err
				}
			}
			return false, nil
		}
		return false, ErrQuantifierCap
	}
	decided, err := rec(0)
	if err != nil {
		return Value{}, err
	}
	if decided {
		return BoolValue(!forall), nil
	}
	if unknown != nil {
		return Value{}, unknown
	}
	return BoolValue(forall), nil
}

// absentVars reports, for each variable of the quantifier t, whether its body
// does not mention it. The answer is kept: a quantifier nested in another is
// evaluated once per outer instance, and walking its body each time cost
// more than the instances (hardware fixpoint checks nest dozens of ∀).
func (e *Evaluator) absentVars(t Term, vars []Term, body Term) []bool {
	if a, ok := e.absent[t]; ok {
		return a
	}
	a := make([]bool, len(vars))
	for i, v := range vars {
		a[i] = !e.st.mentions(body, v)
	}
	if e.absent == nil {
		e.absent = map[Term][]bool{}
	}
	e.absent[t] = a
	return a
}

// guardPremises returns the conjuncts that must hold for an instance to
// matter: the antecedent of ∀x. G → ψ (or ∀x. ¬G ∨ ψ, or ∀x. ¬G), or the
// conjuncts of ∃x. G ∧ ψ (or of ∃x. G).
func guardPremises(st *Store, body Term, forall bool) []Term {
	var out []Term
	var conj func(t Term)
	conj = func(t Term) {
		if st.Op(t) == OpAnd {
			for _, a := range st.Args(t) {
				conj(a)
			}
			return
		}
		out = append(out, t)
	}
	switch {
	case forall && st.Op(body) == OpImplies:
		conj(st.Arg(body, 0))
	case forall && st.Op(body) == OpOr:
		for _, a := range st.Args(body) {
			if st.Op(a) == OpNot {
				conj(st.Arg(a, 0))
			}
		}
	case forall && st.Op(body) == OpNot:
		conj(st.Arg(body, 0)) // ∀x. ¬G is ∀x. G → false, as ∀x. G → ψ folds when ψ is false
	case !forall:
		conj(body)
	}
	return out
}

// varRange intersects [0, 2^w−1] with the unsigned bounds on v among the
// premises whose other side evaluates under the current instance. It returns
// nil bounds when the range is empty.
func (e *Evaluator) varRange(v Term, w uint32, premises []Term) (lo, hi *big.Int) {
	st := e.st
	lo = new(big.Int)
	hi = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w)), big.NewInt(1))
	value := func(t Term) (*big.Int, bool) {
		if t == v || st.mentions(t, v) {
			return nil, false
		}
		x, err := e.Eval(t)
		if err != nil || x.Kind != ValBV {
			return nil, false
		}
		return x.BV.Big(), true
	}
	one := big.NewInt(1)
	for _, p := range premises {
		op := st.Op(p)
		if op != OpBVUle && op != OpBVUlt && op != OpEq {
			continue
		}
		a, b := st.Arg(p, 0), st.Arg(p, 1)
		switch {
		case a == v:
			x, ok := value(b)
			if !ok {
				continue
			}
			switch op {
			case OpBVUle:
				hi = minBig(hi, x)
			case OpBVUlt:
				hi = minBig(hi, new(big.Int).Sub(x, one))
			case OpEq:
				lo, hi = maxBig(lo, x), minBig(hi, x)
			}
		case b == v:
			x, ok := value(a)
			if !ok {
				continue
			}
			switch op {
			case OpBVUle:
				lo = maxBig(lo, x)
			case OpBVUlt:
				lo = maxBig(lo, new(big.Int).Add(x, one))
			case OpEq:
				lo, hi = maxBig(lo, x), minBig(hi, x)
			}
		}
	}
	if lo.Cmp(hi) > 0 {
		return nil, nil
	}
	return lo, hi
}

// mentions reports whether v occurs in t.
func (st *Store) mentions(t, v Term) bool {
	return st.Contains(t, func(n Term) bool { return n == v })
}

func minBig(a, b *big.Int) *big.Int {
	if a.Cmp(b) <= 0 {
		return a
	}
	return b
}

func maxBig(a, b *big.Int) *big.Int {
	if a.Cmp(b) >= 0 {
		return a
	}
	return b
}
