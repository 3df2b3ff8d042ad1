package svi

import "fmt"

// Pred is a bit-vector comparison.
type Pred uint8

const (
	Eq Pred = iota
	Ne
	Ult
	Ule
	Ugt
	Uge
	Slt
	Sle
	Sgt
	Sge
)

var predNames = [...]string{"=", "distinct", "bvult", "bvule", "bvugt", "bvuge", "bvslt", "bvsle", "bvsgt", "bvsge"}

func (p Pred) String() string {
	if int(p) < len(predNames) {
		return predNames[p]
	}
	return fmt.Sprintf("Pred(%d)", p)
}

// Negate is the predicate of the false branch.
func (p Pred) Negate() Pred {
	return [...]Pred{Ne, Eq, Uge, Ugt, Ule, Ult, Sge, Sgt, Sle, Slt}[p]
}

// Holds evaluates p on two w-bit values.
func (p Pred) Holds(a, b uint64, w uint) bool {
	sa, sb := a^signBit(w), b^signBit(w) // biasing maps signed order to unsigned
	switch p {
	case Eq:
		return a == b
	case Ne:
		return a != b
	case Ult:
		return a < b
	case Ule:
		return a <= b
	case Ugt:
		return a > b
	case Uge:
		return a >= b
	case Slt:
		return sa < sb
	case Sle:
		return sa <= sb
	case Sgt:
		return sa > sb
	default:
		return sa >= sb
	}
}

// Verdict says what a comparison's narrowing established.
type Verdict uint8

const (
	// Never: no pair of X×Y satisfies the predicate (the branch is
	// unreachable). Sound even when X and Y are over-approximations.
	Never Verdict = iota
	// Always: every pair of X×Y satisfies it; X and Y are unchanged. Sound
	// even when X and Y are over-approximations.
	Always
	// Split: the narrowed X'×Y' is exactly the set of satisfying pairs
	// (Table I rows 3-4, generalised): when X and Y are exact, the literal is
	// decided and may be pushed backward.
	Split
	// CannotHandle: X'×Y' strictly over-approximates the satisfying pairs
	// (overlapping operands). The narrowing is still sound, so UNSAT may
	// follow from it, but SAT needs the ubox layer (Box) or bvt.
	CannotHandle
)

func (v Verdict) String() string {
	return [...]string{"never", "always", "split", "cannot-handle"}[v]
}

// Narrowing is the outcome of a comparison on one branch. X and Y contain
// every element of the operands that has a partner satisfying the predicate
// (they are the exact projections of the solution set, unless a meet
// exceeded MaxParts, in which case they are supersets).
type Narrowing struct {
	Verdict Verdict
	X, Y    Set
}

// Narrow evaluates p(x, y) over X×Y and narrows both operands to the values
// that can satisfy it. This is the digest's Table I, generalised: operands
// may wrap or have several parts, since a Set keeps them split.
func Narrow(p Pred, x, y Set) Narrowing {
	if x.Wide() || y.Wide() {
		return Narrowing{CannotHandle, x, y}
	}
	if x.IsEmpty() || y.IsEmpty() {
		return Narrowing{Never, Empty(x.w), Empty(y.w)}
	}
	switch p {
	case Eq:
		return narrowEq(x, y)
	case Ne:
		return narrowNe(x, y)
	case Ult:
		return narrowLess(x, y, true)
	case Ule:
		return narrowLess(x, y, false)
	case Ugt:
		return swap(narrowLess(y, x, true))
	case Uge:
		return swap(narrowLess(y, x, false))
	}
	// Signed: adding 2^(w-1) maps the signed order onto the unsigned one.
	unsigned := [...]Pred{Slt: Ult, Sle: Ule, Sgt: Ugt, Sge: Uge}[p]
	b := Const(x.w, signBit(x.w))
	n := Narrow(unsigned, Add(x, b).Set, Add(y, b).Set)
	n.X, n.Y = Add(n.X, b).Set, Add(n.Y, b).Set
	return n
}

// Branches narrows both sides of a branch on p(x, y).
func Branches(p Pred, x, y Set) (onTrue, onFalse Narrowing) {
	return Narrow(p, x, y), Narrow(p.Negate(), x, y)
}

func swap(n Narrowing) Narrowing { n.X, n.Y = n.Y, n.X; return n }

// narrowLess handles x < y (strict) or x <= y.
func narrowLess(x, y Set, strict bool) Narrowing {
	minX, _ := x.Min()
	maxX, _ := x.Max()
	minY, _ := y.Min()
	maxY, _ := y.Max()
	lt := func(a, b uint64) bool { return a < b || !strict && a == b }
	switch {
	case lt(maxX, minY):
		return Narrowing{Always, x, y}
	case !lt(minX, maxY):
		return Narrowing{Never, Empty(x.w), Empty(y.w)}
	}
	var nx, ny Set
	if strict {
		nx, ny = x.clip(0, maxY-1), y.clip(minX+1, mask(y.w))
	} else {
		nx, ny = x.clip(0, maxY), y.clip(minX, mask(y.w))
	}
	hiX, _ := nx.Max()
	loY, _ := ny.Min()
	if lt(hiX, loY) {
		return Narrowing{Split, nx, ny}
	}
	return Narrowing{CannotHandle, nx, ny}
}

func narrowEq(x, y Set) Narrowing {
	m := Meet(x, y).Set
	if m.IsEmpty() {
		return Narrowing{Never, m, m}
	}
	if _, ok := m.Singleton(); ok {
		if x.Equal(m) && y.Equal(m) {
			return Narrowing{Always, x, y}
		}
		return Narrowing{Split, m, m}
	}
	return Narrowing{CannotHandle, m, m}
}

func narrowNe(x, y Set) Narrowing {
	cx, xs := x.Singleton()
	cy, ys := y.Singleton()
	switch {
	case Meet(x, y).Set.IsEmpty():
		return Narrowing{Always, x, y}
	case xs && ys: // equal constants
		return Narrowing{Never, Empty(x.w), Empty(y.w)}
	case ys:
		return removed(x.Remove(cy), y, false)
	case xs:
		return removed(y.Remove(cx), x, true)
	}
	// Both have two or more elements: every value has a partner.
	return Narrowing{CannotHandle, x, y}
}

// removed builds the narrowing of x ≠ c; a lossy removal (MaxParts) can only
// be reported as an over-approximation.
func removed(r Result, other Set, swapped bool) Narrowing {
	n := Narrowing{Split, r.Set, other}
	if !r.Exact {
		n.Verdict = CannotHandle
	}
	if swapped {
		return swap(n)
	}
	return n
}
