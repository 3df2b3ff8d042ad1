package term

// Features is a set of constructs that occur in a term. Every node records
// the union of its own and its arguments' features when it is built, so that
// a pass or stage whose trigger is absent (no quantifier, no function
// application, no array) can skip a problem by looking at its roots only,
// without walking it.
type Features uint8

const (
	// FeatQuantifier: a forall or exists.
	FeatQuantifier Features = 1 << iota
	// FeatApply: an application of an uninterpreted function.
	FeatApply
	// FeatArrayFun: a function symbol with an array among its arguments or
	// as its result.
	FeatArrayFun
	// FeatArray: a term of array sort.
	FeatArray
	// FeatSelect: an array read.
	FeatSelect
	// FeatNestedArray: a term of an array sort whose elements are arrays.
	FeatNestedArray
	// FeatBound: a bound variable (free in the term or bound inside it).
	FeatBound
	// FeatFloat: a term of a floating-point or rounding-mode sort, or of a
	// sort built over one (an array of floats, a function on them).
	FeatFloat
)

// Has reports whether every feature of g is in f.
func (f Features) Has(g Features) bool { return f&g == g }

// Features returns the constructs that occur in t.
func (st *Store) Features(t Term) Features { return st.nodes[t].feat }

// FeaturesOf returns the constructs that occur in any of ts.
func (st *Store) FeaturesOf(ts []Term) Features {
	var f Features
	for _, t := range ts {
		f |= st.nodes[t].feat
	}
	return f
}

// sortFeatures is what a term of sort kind/params contributes by its sort.
func (t *sortTable) sortFeatures(n sortNode) Features {
	var fl Features
	for _, p := range n.params {
		fl |= t.nodes[p].feat & FeatFloat
	}
	switch n.kind {
	case KindFloatingPoint, KindRoundingMode:
		return FeatFloat
	case KindArray:
		f := FeatArray | fl
		if t.nodes[n.params[1]].kind == KindArray {
			f |= FeatNestedArray
		}
		return f
	case KindFun:
		for _, p := range n.params {
			if t.nodes[p].kind == KindArray {
				return FeatArrayFun | fl
			}
		}
	}
	return fl
}

// opFeatures is what an operator contributes.
func opFeatures(op Op) Features {
	switch op {
	case OpForall, OpExists:
		return FeatQuantifier
	case OpApply:
		return FeatApply
	case OpSelect:
		return FeatSelect
	case OpBound:
		return FeatBound
	}
	return 0
}
