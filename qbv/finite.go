package qbv

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// Quantifiers over uninterpreted sorts, by finite model finding (the idea
// of cvc5's finite model finding, over bit-vectors). Each uninterpreted
// sort S becomes a bit-vector sort of width w with a free constant top_S:
// the domain is {0, …, top_S}, every constant of S is in it, ∀x:S.φ
// becomes ∀x. x ≤ top_S ⇒ φ and ∃x:S.φ becomes ∃x. x ≤ top_S ∧ φ. The
// procedure decides the encoding like any other quantified bit-vector
// problem.
//
//   - Sat is sound: a model of the encoding is a structure whose universe
//     for S is {0, …, top_S}, and the model check proves the assertions in
//     that structure (check).
//   - Unsat is sound only when a bounded domain loses no model: when after
//     Skolemization every term of S is a constant (no function has range S,
//     and no ∃ over S, nor a ∀ over S of both polarities, lies inside a
//     quantifier), the substructure that the constants generate is a
//     model whenever any model is (a universal sentence holds in every
//     substructure), and it has at most N elements, N the constants and
//     Skolem constants of S; w is chosen with 2^w ≥ N. Otherwise an unsat
//     encoding answers Unknown.
//
// Functions with range S, and arrays over S, are outside the encoding.

// finite is the encoding of one problem's uninterpreted sorts.
type finite struct {
	st        *term.Store
	width     map[term.Sort]uint32
	top       map[term.Sort]term.Term
	enc       map[term.Term]term.Term // original symbol → encoded
	memo      map[term.Term]term.Term
	consts    []term.Term // original constants of uninterpreted sorts
	justified bool        // unsat of the encoding is unsat of the problem
}

// hasUninterpretedBound reports whether a quantifier in roots binds a
// variable of an uninterpreted sort.
func hasUninterpretedBound(st *term.Store, roots []term.Term) bool {
	found := false
	st.PostOrder(roots, func(t term.Term) {
		if found || !st.Op(t).IsQuantifier() {
			return
		}
		args := st.Args(t)
		for _, v := range args[:len(args)-1] {
			found = found || st.Kind(st.SortOf(v)) == term.KindUninterpreted
		}
	})
	return found
}

// newFinite checks that roots are inside the encoding and counts the
// elements a model needs.
func newFinite(st *term.Store, roots []term.Term) (*finite, error) {
	f := &finite{st: st, width: map[term.Sort]uint32{}, top: map[term.Sort]term.Term{},
		enc: map[term.Term]term.Term{}, memo: map[term.Term]term.Term{}, justified: true}
	need := map[term.Sort]int{} // elements per sort: constants and Skolem constants
	var bad error
	isU := func(s term.Sort) bool { return st.Kind(s) == term.KindUninterpreted }
	st.PostOrder(roots, func(t term.Term) {
		if bad != nil {
			return
		}
		s := st.SortOf(t)
		switch st.Kind(s) {
		case term.KindUninterpreted:
			switch st.Op(t) {
			case term.OpVar:
				f.consts = append(f.consts, t)
				need[s]++
			case term.OpBound, term.OpIte:
			default:
				bad = fmt.Errorf("%w: a term of %s other than a constant", errUnsupported, st.SortString(s))
			}
		case term.KindFun:
			if isU(st.Range(s)) {
				bad = fmt.Errorf("%w: a function into %s", errUnsupported, st.SortString(st.Range(s)))
			}
			for _, d := range st.Domain(s) {
				if k := st.Kind(d); k != term.KindUninterpreted && k != term.KindBool && k != term.KindBitVec {
					bad = fmt.Errorf("%w: a function over %s", errUnsupported, st.SortString(d))
				}
			}
		case term.KindArray:
			if isU(st.IndexSort(s)) || isU(st.ElemSort(s)) {
				bad = fmt.Errorf("%w: an array over an uninterpreted sort", errUnsupported)
			}
		}
		if st.Op(t).IsQuantifier() {
			args := st.Args(t)
			for _, v := range args[:len(args)-1] {
				if k := st.Kind(st.SortOf(v)); k != term.KindUninterpreted && k != term.KindBool && k != term.KindBitVec {
					bad = fmt.Errorf("%w: quantifier over %s", errUnsupported, st.SortString(st.SortOf(v)))
				}
			}
		}
	})
	if bad != nil {
		return nil, bad
	}
	f.skolems(roots, need)
	for s, n := range need {
		f.width[s] = uint32(bits.Len(uint(max(n, 1)))) + 1
	}
	for _, t := range roots {
		st.PostOrder([]term.Term{t}, func(u term.Term) {
			if s := st.SortOf(u); isU(s) && f.width[s] == 0 {
				f.width[s] = 2 // a sort with no constant, only bound variables
			}
		})
	}
	for s, w := range f.width {
		f.top[s] = st.Fresh("qbv!top!"+st.SortName(s), st.BitVecSort(w))
	}
	return f, nil
}

// skolems adds to need the variables of uninterpreted sorts that
// Skolemization turns into constants (∃ outside every quantifier), and
// clears f.justified when one would become a function instead.
func (f *finite) skolems(roots []term.Term, need map[term.Sort]int) {
	st := f.st
	type key struct {
		t      term.Term
		p      term.Polarity
		inside bool
	}
	seen := map[key]bool{}
	var walk func(t term.Term, p term.Polarity, inside bool)
	walk = func(t term.Term, p term.Polarity, inside bool) {
		if !st.Features(t).Has(term.FeatQuantifier) || seen[key{t, p, inside}] {
			return
		}
		seen[key{t, p, inside}] = true
		args := st.Args(t)
		switch op := st.Op(t); op {
		case term.OpForall, term.OpExists:
			universal := term.Positive
			if op == term.OpExists {
				universal = term.Negative
			}
			if p != universal {
				// Some occurrence is existential: a Skolem constant
				// outside every quantifier, a function inside one.
				for _, v := range args[:len(args)-1] {
					if s := st.SortOf(v); st.Kind(s) == term.KindUninterpreted {
						if inside {
							f.justified = false
						}
						need[s]++
					}
				}
			}
			walk(args[len(args)-1], p, true)
		default:
			for i, a := range args {
				walk(a, term.ArgPolarity(op, i, len(args), p), inside)
			}
		}
	}
	for _, r := range roots {
		walk(r, term.Positive, false)
	}
}

// sort returns the encoded sort of s.
func (f *finite) sort(s term.Sort) term.Sort {
	st := f.st
	switch st.Kind(s) {
	case term.KindUninterpreted:
		return st.BitVecSort(f.width[s])
	case term.KindFun:
		dom := st.Domain(s)
		out := make([]term.Sort, len(dom))
		for i, d := range dom {
			out[i] = f.sort(d)
		}
		return st.FunSort(out, f.sort(st.Range(s)))
	}
	return s
}

// dom is the constraint that the encoded term x of sort s is in s's domain.
func (f *finite) dom(s term.Sort, x term.Term) term.Term {
	return f.st.MustMake(term.OpBVUle, nil, x, f.top[s])
}

// encode returns the encoding of t.
func (f *finite) encode(t term.Term) term.Term {
	if r, ok := f.memo[t]; ok {
		return r
	}
	st := f.st
	var out term.Term
	switch op := st.Op(t); op {
	case term.OpVar, term.OpBound:
		if s := f.sort(st.SortOf(t)); s != st.SortOf(t) {
			prefix := "qbv!u!"
			if op == term.OpBound {
				out = st.BoundVar(prefix+st.Name(t), s)
			} else {
				out = st.Var(prefix+st.Name(t), s)
			}
			f.enc[t] = out
		} else {
			out = t
		}
	case term.OpForall, term.OpExists:
		args := st.Args(t)
		vars := make([]term.Term, len(args)-1)
		var doms []term.Term
		for i, v := range args[:len(args)-1] {
			vars[i] = f.encode(v)
			if s := st.SortOf(v); st.Kind(s) == term.KindUninterpreted {
				doms = append(doms, f.dom(s, vars[i]))
			}
		}
		body := f.encode(args[len(args)-1])
		switch {
		case len(doms) == 0:
		case op == term.OpForall:
			body = st.Implies(st.And(doms...), body)
		default:
			body = st.And(append(doms, body)...)
		}
		out = st.MustMake(op, nil, append(vars, body)...)
	default:
		out = st.MapArgs(t, f.encode)
	}
	f.memo[t] = out
	return out
}

// problem returns the encoded assertions: roots, and every constant of an
// uninterpreted sort in its domain.
func (f *finite) problem(roots []term.Term) []term.Term {
	out := make([]term.Term, 0, len(roots)+len(f.consts))
	for _, r := range roots {
		out = append(out, f.encode(r))
	}
	for _, c := range f.consts {
		out = append(out, f.dom(f.st.SortOf(c), f.encode(c)))
	}
	return out
}

// decode returns the value of the original symbol x under the encoded
// model m, whose domains end at tops: function rows at elements past them
// are left out (they are no elements of the structure).
func (f *finite) decode(x term.Term, m *term.Model, tops map[term.Sort]bv.Value) (term.Value, bool) {
	st := f.st
	ex, ok := f.enc[x]
	if !ok {
		v, ok := m.Values[x]
		return v, ok
	}
	v := st.ValueOf(m, ex)
	s := st.SortOf(x)
	switch st.Kind(s) {
	case term.KindUninterpreted:
		n, _ := v.BV.Uint64()
		return term.Value{Kind: term.ValUninterpreted, Sort: s, Elem: int(n)}, true
	case term.KindFun:
		if v.Kind != term.ValFun || v.Fun.Body != term.NoTerm {
			return term.Value{}, false
		}
		dom := st.Domain(s)
		out := &term.FunValue{Default: v.Fun.Default}
	rows:
		for r, row := range v.Fun.Args {
			in := make([]term.Value, len(row))
			for i, a := range row {
				in[i] = a
				if st.Kind(dom[i]) == term.KindUninterpreted {
					if bv.Ult(tops[dom[i]], a.BV) {
						continue rows
					}
					n, _ := a.BV.Uint64()
					in[i] = term.Value{Kind: term.ValUninterpreted, Sort: dom[i], Elem: int(n)}
				}
			}
			out.Args = append(out.Args, in)
			out.Results = append(out.Results, v.Fun.Results[r])
		}
		return term.Value{Kind: term.ValFun, Sort: s, Fun: out}, true
	}
	return v, true
}

// reencode returns the model of the encoding that the decoded model m
// stands for, with the domains' tops of tops.
func (f *finite) reencode(m *term.Model, tops map[term.Sort]bv.Value) (*term.Model, error) {
	st := f.st
	out := term.NewModel()
	elem := func(v term.Value, s term.Sort) (term.Value, error) {
		w := f.width[s]
		if v.Kind != term.ValUninterpreted || v.Elem < 0 || uint64(v.Elem) >= 1<<w {
			return term.Value{}, fmt.Errorf("an element of %s outside the encoding", st.SortString(s))
		}
		return st.BVValue(bv.New(w, uint64(v.Elem))), nil
	}
	for x, v := range m.Values {
		ex, ok := f.enc[x]
		if !ok {
			out.Set(x, v)
			continue
		}
		s := st.SortOf(x)
		switch st.Kind(s) {
		case term.KindUninterpreted:
			e, err := elem(v, s)
			if err != nil {
				return nil, err
			}
			out.Set(ex, e)
		case term.KindFun:
			if v.Kind != term.ValFun || v.Fun.Body != term.NoTerm {
				return nil, fmt.Errorf("a function value of %s without a table", st.Name(x))
			}
			dom := st.Domain(s)
			fv := &term.FunValue{Default: v.Fun.Default}
			for r, row := range v.Fun.Args {
				in := make([]term.Value, len(row))
				for i, a := range row {
					in[i] = a
					if st.Kind(dom[i]) == term.KindUninterpreted {
						e, err := elem(a, dom[i])
						if err != nil {
							return nil, err
						}
						in[i] = e
					}
				}
				fv.Args = append(fv.Args, in)
				fv.Results = append(fv.Results, v.Fun.Results[r])
			}
			out.Set(ex, term.Value{Kind: term.ValFun, Sort: st.SortOf(ex), Fun: fv})
		}
	}
	for s, top := range f.top {
		out.Set(top, st.BVValue(tops[s]))
	}
	return out, nil
}

// solveFinite decides roots, which quantify over uninterpreted sorts,
// through their encoding.
func (s *Solver) solveFinite(ctx context.Context, st *term.Store, roots []term.Term) (Result, error) {
	f, err := newFinite(st, roots)
	if err != nil {
		return Result{Reason: err.Error()}, nil
	}
	enc := f.problem(roots)
	if err := supported(st, enc); err != nil {
		return Result{Reason: err.Error()}, nil
	}
	r := s.newRun(st, newNormalizer(st, &s.Stats, s.ExpandBits), 0)
	for _, a := range enc {
		r.assert(a)
	}
	status, m, err := r.loop(ctx, nil)
	res := Result{Status: status, Rounds: r.rounds, Instances: r.instances, Skolemizations: r.skolemizations, Quantifiers: len(r.quants)}
	if err != nil {
		return res, err
	}
	switch status {
	case Unsat:
		if !f.justified {
			res.Status = Unknown
			res.Reason = "no model in a bounded domain, and the bound is not justified (a Skolem function into an uninterpreted sort)"
			return res, nil
		}
		res.Rule = RuleRefuted
	case Sat:
		res.Rule = RuleVerified
		tops := map[term.Sort]bv.Value{}
		for srt, top := range f.top {
			tops[srt] = st.ValueOf(m, top).BV
		}
		res.Model = term.NewModel()
		for _, x := range st.FreeVarsOf(roots...) {
			if v, ok := f.decode(x, m, tops); ok {
				res.Model.Set(x, v)
			}
		}
		res.ModelCheck = func(ctx context.Context, st *term.Store, m *term.Model, assertions []term.Term) error {
			return s.proveFinite(ctx, f, tops, m, assertions)
		}
	default:
		res.Reason = r.reason
		if ctx.Err() != nil {
			res.Reason = ctx.Err().Error()
		}
	}
	return res, nil
}

// proveFinite proves assertions true under m in the structure whose
// universe for each uninterpreted sort S is {0, …, tops[S]}: their
// encodings, and every constant of the model in its domain, under the
// encoded model.
func (s *Solver) proveFinite(ctx context.Context, f *finite, tops map[term.Sort]bv.Value, m *term.Model, assertions []term.Term) error {
	em, err := f.reencode(m, tops)
	if err != nil {
		return err
	}
	enc := make([]term.Term, 0, len(assertions))
	for _, a := range assertions {
		enc = append(enc, f.encode(a))
	}
	for _, c := range f.consts {
		enc = append(enc, f.dom(f.st.SortOf(c), f.encode(c)))
	}
	return s.Prove(ctx, f.st, em, enc)
}
