package svi

// Box returns an under-approximating solution box for p(x, y) (the paper's
// ubox layer, observation 2): sets bx ⊆ x and by ⊆ y such that every pair of
// bx × by satisfies p. A box may prove SAT, never UNSAT; ok is false when no
// box was found, which proves nothing.
//
// For x < y (and x <= y) it splits at the midpoint m of the operands'
// overlap, x ≤ m < y (x ≤ m ≤ y), as the artifact's heuristic h3; if a side
// of the split is empty it falls back to x = min(X). Signed predicates are
// biased onto unsigned ones. For = it picks one common value, for ≠ one x
// and every y except it.
func Box(p Pred, x, y Set) (bx, by Set, ok bool) {
	n := Narrow(p, x, y)
	switch n.Verdict {
	case Never:
		return Empty(x.w), Empty(y.w), false
	case Always, Split:
		return n.X, n.Y, true
	}
	switch p {
	case Eq:
		v, _ := n.X.Witness()
		return Const(x.w, v), Const(y.w, v), true
	case Ne:
		v, _ := n.X.Witness()
		rest := n.Y.Remove(v)
		if rest.Exact && !rest.Set.IsEmpty() {
			return Const(x.w, v), rest.Set, true
		}
		return Empty(x.w), Empty(y.w), false
	case Ult, Ule:
		return boxLess(n.X, n.Y, p == Ult)
	case Ugt, Uge:
		by, bx, ok = boxLess(n.Y, n.X, p == Ugt)
		return bx, by, ok
	}
	b := Const(x.w, signBit(x.w))
	unsigned := [...]Pred{Slt: Ult, Sle: Ule, Sgt: Ugt, Sge: Uge}[p]
	bx, by, ok = Box(unsigned, Add(x, b).Set, Add(y, b).Set)
	return Add(bx, b).Set, Add(by, b).Set, ok
}

func boxLess(x, y Set, strict bool) (Set, Set, bool) {
	minX, _ := x.Min()
	maxX, _ := x.Max()
	minY, _ := y.Min()
	maxY, _ := y.Max()
	lo, hi := max(minX, minY), min(maxX, maxY)
	var lower uint64 // the smallest y allowed above a split at m
	split := func(m uint64) (Set, Set) {
		lower = m
		if strict {
			lower = m + 1
		}
		return x.clip(0, m), y.clip(lower, mask(y.w))
	}
	if lo <= hi && (!strict || hi > 0) {
		m := lo + (hi-lo)/2
		if strict && m == hi { // keep room for y > m
			m = hi - 1
		}
		if bx, by := split(m); !bx.IsEmpty() && !by.IsEmpty() {
			return bx, by, true
		}
	}
	if strict && minX == mask(x.w) {
		return Empty(x.w), Empty(y.w), false
	}
	if bx, by := split(minX); !bx.IsEmpty() && !by.IsEmpty() {
		return bx, by, true
	}
	return Empty(x.w), Empty(y.w), false
}
