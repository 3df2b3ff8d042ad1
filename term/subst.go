package term

// Rebuild returns the term with t's operator and indices over new arguments,
// going through the builder so that local rewrites apply again.
func (st *Store) Rebuild(t Term, args []Term) Term {
	op := st.Op(t)
	switch op {
	case OpConstArray:
		r, err := st.ConstArray(st.SortOf(t), args[0])
		if err != nil {
			panic("term: " + err.Error())
		}
		return r
	case OpTrue, OpFalse, OpBVConst, OpVar, OpBound, OpFPConst, OpRMConst:
		return t
	}
	var idx []uint32
	switch op.NumIndices() {
	case 1:
		i0, _ := st.Indices(t)
		idx = []uint32{i0}
	case 2:
		i0, i1 := st.Indices(t)
		idx = []uint32{i0, i1}
	}
	return st.MustMake(op, idx, args...)
}

// MapArgs returns t with f applied to each argument, rebuilt through the
// builder only if some argument changed. It is the step every bottom-up
// rewrite of the DAG shares; the caller memoises.
func (st *Store) MapArgs(t Term, f func(Term) Term) Term {
	n := st.NumArgs(t)
	var out []Term
	for i := 0; i < n; i++ {
		a := st.Arg(t, i)
		na := f(a)
		if na != a && out == nil {
			out = make([]Term, n)
			copy(out, st.Args(t)[:i])
		}
		if out != nil {
			out[i] = na
		}
	}
	if out == nil {
		return t
	}
	return st.Rebuild(t, out)
}

// Substitute replaces free occurrences of the keys of sub (variables, bound
// variables or any subterm) by their values. A quantifier that binds a key
// shields its body from that key. The caller guarantees that the values do not
// contain variables that a quantifier inside t binds (no capture).
func (st *Store) Substitute(t Term, sub map[Term]Term) Term {
	if len(sub) == 0 {
		return t
	}
	return st.substitute(t, sub, map[Term]Term{})
}

// SubstituteMemo is Substitute with a memo the caller keeps: every call
// with the same sub may share one, so repeated substitutions into terms
// that share subterms (a path's growing store chain) walk each subterm once.
func (st *Store) SubstituteMemo(t Term, sub, memo map[Term]Term) Term {
	if len(sub) == 0 {
		return t
	}
	return st.substitute(t, sub, memo)
}

func (st *Store) substitute(t Term, sub map[Term]Term, memo map[Term]Term) Term {
	if r, ok := sub[t]; ok {
		return r
	}
	if r, ok := memo[t]; ok {
		return r
	}
	op := st.Op(t)
	if op.IsLeaf() {
		return t
	}
	args := st.Args(t)
	if op.IsQuantifier() {
		shadowed := false
		for _, v := range args[:len(args)-1] {
			if _, ok := sub[v]; ok {
				shadowed = true
			}
		}
		if shadowed {
			inner := make(map[Term]Term, len(sub))
			for k, v := range sub {
				inner[k] = v
			}
			for _, v := range args[:len(args)-1] {
				delete(inner, v)
			}
			newBody := st.Substitute(args[len(args)-1], inner)
			out := append(append([]Term(nil), args[:len(args)-1]...), newBody)
			r := st.Rebuild(t, out)
			memo[t] = r
			return r
		}
	}
	r := st.MapArgs(t, func(a Term) Term { return st.substitute(a, sub, memo) })
	memo[t] = r
	return r
}

// FreeVars returns the free variables (OpVar) of t in first-occurrence order.
func (st *Store) FreeVars(t Term) []Term { return st.FreeVarsOf(t) }

// FreeVarsOf returns the free variables of all of ts, each once, in
// first-occurrence order.
func (st *Store) FreeVarsOf(ts ...Term) []Term {
	var out []Term
	st.PostOrder(ts, func(t Term) {
		if st.Op(t) == OpVar {
			out = append(out, t)
		}
	})
	return out
}

// IsQuantifierFree reports whether t contains no quantifier (a lookup of the
// features recorded when t was built).
func (st *Store) IsQuantifierFree(t Term) bool { return !st.Features(t).Has(FeatQuantifier) }
