package qbv

import (
	"github.com/sift-solver/sift/term"
	"slices"
)

// instantiate adds an instance of q for the counterexample in ce (the values
// of q.ic), and one by matching (match.go) when the ground atoms grew. Each variable gets, in order of preference, an inverse term
// (invert.go), a ground term of the problem whose value under the ground
// model m is the counterexample value (which generalises the instance
// beyond one value), or the value itself. If that instance is not new, the
// instance by values is tried. It reports whether a lemma was added.
func (r *run) instantiate(q *quantifier, m, ce *term.Model) bool {
	st := r.st
	vals := make([]term.Value, len(q.ic))
	for i, c := range q.ic {
		vals[i] = st.ValueOf(ce, c)
	}
	added := false
	if n := r.pool.nAtoms; n > q.matchedAt && !q.quantified {
		// Once per growth of the ground atoms: new Skolem constants
		// may match.
		q.matchedAt = n
		if ts, ok := r.matchInstance(q); ok && r.addInstance(q, ts, true) {
			r.s.Stats.MatchedInstances++
			added = true
		}
	}
	terms := make([]term.Term, len(q.vars))
	var choices []term.Term
	// inverted: an inverse term is among terms.
	symbolic, inverted := false, false
	var cur *term.Model // m with the counterexample
	for i, v := range vals {
		t := term.NoTerm
		if v.Kind == term.ValBV && !q.nonlinear[i] {
			if cur == nil {
				cur = withValues(m, q.ic, vals)
			}
			t = r.pool.lookup(v)
			if t == term.NoTerm && !q.quantified {
				t = r.selectByEval(q, i, cur, r.pool.candidates(st.SortOf(q.vars[i]), selectCandidates))
			}
			if t == term.NoTerm && !q.quantified && q.valueTerms[i] >= inverseAfter && !q.inverted[i] {
				var cs []term.Term
				if t, cs = r.inverse(q, i, cur, terms); t != term.NoTerm && r.depth > 0 && (len(cs) > 0 || hasProduct(st, t)) {
					// In a nested run, whose ground problem is itself a
					// counterexample search, only inverses without choice
					// and products pay: the others make that search hard.
					t, cs = term.NoTerm, nil
				}
				if t != term.NoTerm {
					q.inverted[i] = true
					inverted = true
					choices = append(choices, cs...)
					r.s.Stats.InverseTerms++
				}
			}
			if t != term.NoTerm {
				symbolic = true
				r.s.Stats.SymbolicTerms++
			}
		} else if v.Kind == term.ValBV && !q.quantified {
			if cur == nil {
				cur = withValues(m, q.ic, vals)
			}
			known := func(g term.Term) bool { return r.knownProducts(q, i, g) }
			if t = r.pool.lookupFunc(v, known); t == term.NoTerm {
				t = r.selectByEval(q, i, cur, r.pool.matching(st.SortOf(q.vars[i]), selectCandidates, known))
			}
			if t != term.NoTerm {
				symbolic = true
				r.s.Stats.SymbolicTerms++
			}
		}
		if t == term.NoTerm {
			t = st.ValueTerm(v)
			q.valueTerms[i]++
			r.s.Stats.ValueTerms++
		}
		terms[i] = t
	}
	if r.addInstance(q, terms, !inverted) {
		for _, c := range choices {
			r.addLemmaForm(c, false)
		}
		return true
	}
	if !symbolic {
		return added
	}
	for i, v := range vals {
		terms[i] = st.ValueTerm(v)
	}
	return r.addInstance(q, terms, true) || added
}

// inverseAfter is how many instances by value a variable gets before an
// inverse term is tried for it, once (Bitwuzla's quant-ic-value-limit):
// inverse terms tie the instance to the model's boundaries, which helps
// where values alone do not converge but slows the many problems they do.
const inverseAfter = 4

// hasProduct reports whether t multiplies.
func hasProduct(st *term.Store, t term.Term) bool {
	return st.Contains(t, func(u term.Term) bool { return st.Op(u) == term.OpBVMul })
}

// withValues returns a copy of m that also gives xs the values vals.
func withValues(m *term.Model, xs []term.Term, vals []term.Value) *term.Model {
	out := &term.Model{Values: make(map[term.Term]term.Value, len(m.Values)+len(xs))}
	for k, v := range m.Values {
		out.Values[k] = v
	}
	for i, x := range xs {
		out.Values[x] = vals[i]
	}
	return out
}

// selectCandidates and selectBudget bound selection by evaluation: the
// candidates tried per variable, and the evaluated nodes per selection.
const (
	selectCandidates = 64
	selectBudget     = 1 << 20
)

// selectByEval looks for a ground term g among cands whose value, put in
// place of variable i's counterexample value in cur, still falsifies q's
// body under cur: g is then a counterexample too, and instantiating with g
// rules out more than the one value (a Skolem constant of an ∃ that
// matches this ∀, typically). On success cur holds g's value for the
// variable.
func (r *run) selectByEval(q *quantifier, i int, cur *term.Model, cands []term.Term) term.Term {
	st := r.st
	if len(cands) == 0 {
		return term.NoTerm
	}
	size := dagSize(st, q.neg, selectBudget)
	if size*len(cands) > selectBudget {
		cands = cands[:max(1, selectBudget/size)]
	}
	saved := cur.Values[q.ic[i]]
	gv := term.NewEvaluator(st, r.pool.model)
	for _, g := range cands {
		v, err := gv.Eval(g)
		if err != nil || v.Equal(saved) {
			continue
		}
		cur.Values[q.ic[i]] = v
		if b, err := term.NewEvaluator(st, cur).EvalBool(q.neg); err == nil && b {
			r.pool.selected[g]++
			return g
		}
	}
	cur.Values[q.ic[i]] = saved
	return term.NoTerm
}

// knownProducts reports whether putting ground term g for variable i of q
// turns every product over the variable into a term the ground problem
// already has: then an instance by g costs no new multiplier, and it
// generalises as a term does (∀t.(0 ≤ t ≤ t1 ⇒ φ(a·t)) at t := t1, with a·t1
// in the problem). Other nonlinear variables get values only.
func (r *run) knownProducts(q *quantifier, i int, g term.Term) bool {
	st := r.st
	if q.products == nil {
		q.products = make([][]term.Term, len(q.vars))
		st.PostOrder([]term.Term{q.body}, func(t term.Term) {
			if !isProduct(st, t) {
				return
			}
			for j, x := range q.vars {
				if st.Contains(t, func(u term.Term) bool { return u == x }) {
					q.products[j] = append(q.products[j], t)
				}
			}
		})
	}
	sub := map[term.Term]term.Term{q.vars[i]: g}
	for _, p := range q.products[i] {
		if !r.pool.seen[st.Substitute(p, sub)] {
			return false
		}
	}
	return true
}

// addInstance adds the lemma atom ⇒ φ[x:=terms] unless it is there already,
// rewritten when rewrite is set (groundform.go).
func (r *run) addInstance(q *quantifier, terms []term.Term, rewrite bool) bool {
	st := r.st
	sub := make(map[term.Term]term.Term, len(q.vars))
	for i, v := range q.vars {
		sub[v] = terms[i]
	}
	inst := r.abstract(st.Substitute(q.body, sub))
	if !r.addLemmaForm(st.Or(st.Not(q.atom), inst), rewrite) {
		return false
	}
	r.instances++
	r.s.Stats.Instances++
	return true
}

// poolLimit bounds the ground terms kept for symbolic instantiation.
const poolLimit = 4096

// pool holds the ground bit-vector terms of a run's input (those below
// quantifiers too) and finds, under the current ground model, a term with a
// given value. Terms chosen often are chosen last, so that repeated
// counterexamples with one value try different terms.
type pool struct {
	st       *term.Store
	terms    []term.Term
	symbols  []term.Term // the constants among terms, Skolem constants first
	skolem   map[term.Term]bool
	seen     map[term.Term]bool
	bound    map[term.Term]bool      // whether a term mentions a bound variable or a quantifier
	atoms    map[term.Op][]term.Term // the ground comparisons, by operator (match.go)
	nAtoms   int
	model    *term.Model
	byValue  map[string][]term.Term
	selected map[term.Term]int
}

func newPool(st *term.Store) *pool {
	return &pool{st: st, skolem: map[term.Term]bool{}, seen: map[term.Term]bool{}, bound: map[term.Term]bool{}, selected: map[term.Term]int{},
		atoms: map[term.Op][]term.Term{}}
}

// collect adds the ground bit-vector subterms of t that are not literals,
// and its ground comparisons.
func (p *pool) collect(t term.Term) {
	st := p.st
	st.PostOrder([]term.Term{t}, func(u term.Term) {
		op := st.Op(u)
		b := op == term.OpBound || op.IsQuantifier()
		for i := 0; !b && i < st.NumArgs(u); i++ {
			b = p.bound[st.Arg(u, i)]
		}
		p.bound[u] = b
		if !b && !p.seen[u] && p.nAtoms < poolLimit && isCompare(st, u) {
			p.seen[u] = true
			p.atoms[op] = append(p.atoms[op], u)
			p.nAtoms++
		}
		if b || op == term.OpBVConst || p.seen[u] || len(p.terms) >= poolLimit || !st.IsBitVec(st.SortOf(u)) {
			return
		}
		p.seen[u] = true
		p.terms = append(p.terms, u)
		if op == term.OpVar {
			p.symbols = append(p.symbols, u)
		}
	})
}

// addSkolem adds a Skolem constant, which selection tries first.
func (p *pool) addSkolem(k term.Term) {
	if !p.st.IsBitVec(p.st.SortOf(k)) || p.seen[k] {
		return
	}
	p.seen[k] = true
	p.skolem[k] = true
	p.terms = append(p.terms, k)
	p.symbols = append([]term.Term{k}, p.symbols...)
}

// candidates returns up to n Skolem constants of sort s for selection by
// evaluation, least selected first. (Other ground terms were tried too: on
// the dev suite they tied unrelated quantifiers together and slowed
// convergence.)
func (p *pool) candidates(s term.Sort, n int) []term.Term {
	var out []term.Term
	for _, t := range p.symbols {
		if p.st.SortOf(t) == s && p.skolem[t] {
			out = append(out, t)
		}
	}
	slices.SortStableFunc(out, func(a, b term.Term) int { return p.selected[a] - p.selected[b] })
	return out[:min(n, len(out))]
}

// matching returns up to n ground terms of sort s that ok accepts, least
// selected first.
func (p *pool) matching(s term.Sort, n int, ok func(term.Term) bool) []term.Term {
	var out []term.Term
	for _, t := range p.terms {
		if p.st.SortOf(t) == s && ok(t) {
			out = append(out, t)
		}
	}
	slices.SortStableFunc(out, func(a, b term.Term) int { return p.selected[a] - p.selected[b] })
	return out[:min(n, len(out))]
}

// newModel makes m the model lookups refer to.
func (p *pool) newModel(m *term.Model) {
	p.model, p.byValue = m, nil
}

// lookup returns a ground term whose value is v under the current model,
// or NoTerm.
func (p *pool) lookup(v term.Value) term.Term {
	return p.lookupFunc(v, func(term.Term) bool { return true })
}

// lookupFunc is lookup among the terms that ok accepts.
func (p *pool) lookupFunc(v term.Value, ok func(term.Term) bool) term.Term {
	if len(p.terms) == 0 {
		return term.NoTerm
	}
	if p.byValue == nil {
		p.byValue = map[string][]term.Term{}
		ev := term.NewEvaluator(p.st, p.model)
		for _, t := range p.terms {
			if x, err := ev.Eval(t); err == nil {
				k := x.Key()
				p.byValue[k] = append(p.byValue[k], t)
			}
		}
	}
	best := term.NoTerm
	for _, t := range p.byValue[v.Key()] {
		if (best == term.NoTerm || p.selected[t] < p.selected[best]) && ok(t) {
			best = t
		}
	}
	if best != term.NoTerm {
		p.selected[best]++
	}
	return best
}
