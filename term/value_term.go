package term

// ValueOf returns the value m gives the variable x, or, when m leaves x out,
// the default value of its sort: what Eval gives x under m.
func (st *Store) ValueOf(m *Model, x Term) Value {
	if v, ok := m.Values[x]; ok {
		return v
	}
	return st.DefaultValue(st.SortOf(x))
}

// ValueTerm returns a ground term whose value is v: a literal, or for arrays
// a constant array under stores. It returns NoTerm for values no term here
// denotes (functions, uninterpreted elements).
func (st *Store) ValueTerm(v Value) Term {
	switch v.Kind {
	case ValBool:
		return st.Bool(v.Bool)
	case ValBV:
		return st.Const(v.BV)
	case ValFloat:
		return st.FloatConst(v.Float())
	case ValRoundingMode:
		return st.RoundingModeConst(v.RoundingMode())
	case ValArray:
		def := st.ValueTerm(v.Arr.Default)
		if def == NoTerm {
			return NoTerm
		}
		a, err := st.ConstArray(v.Sort, def)
		if err != nil {
			return NoTerm
		}
		for p := range v.Arr.Index {
			i, e := st.ValueTerm(v.Arr.Index[p]), st.ValueTerm(v.Arr.Elem[p])
			if i == NoTerm || e == NoTerm {
				return NoTerm
			}
			a = st.MustMake(OpStore, nil, a, i, e)
		}
		return a
	}
	return NoTerm
}
