package svi

import "testing"

var allPreds = []Pred{Eq, Ne, Ult, Ule, Ugt, Uge, Slt, Sle, Sgt, Sge}

// TestNarrowExhaustive6 checks every predicate on all pairs of a 6-bit
// family: the narrowed sets are exactly the projections of the solution
// set, and the verdict is true to its definition.
func TestNarrowExhaustive6(t *testing.T) {
	const w = 6
	sets := append(family(w, []uint64{0, 5, 31, 32, 60}, []uint64{1, 3, 4, 16}, []uint64{0, 1, 7, 40}, 20), Empty(w))
	for _, p := range allPreds {
		t.Run(p.String(), func(t *testing.T) {
			for _, x := range sets {
				for _, y := range sets {
					checkNarrow(t, p, x, y)
				}
			}
		})
	}
}

func checkNarrow(t *testing.T, p Pred, x, y Set) {
	t.Helper()
	const w = 6
	n := Narrow(p, x, y)
	var px, py bset
	all, any := true, false
	for _, a := range mustElems(x) {
		for _, b := range mustElems(y) {
			if p.Holds(a, b, w) {
				px.add(a)
				py.add(b)
				any = true
			} else {
				all = false
			}
		}
	}
	gx, gy := toBset(t, n.X), toBset(t, n.Y)
	if gx != px || gy != py {
		t.Fatalf("Narrow(%v, %v, %v) = %v, %v; want projections", p, x, y, n.X, n.Y)
	}
	switch n.Verdict {
	case Never:
		if any {
			t.Fatalf("Narrow(%v, %v, %v) says never but a pair satisfies", p, x, y)
		}
	case Always:
		if !all {
			t.Fatalf("Narrow(%v, %v, %v) says always but a pair fails", p, x, y)
		}
	case Split, CannotHandle:
		if !any {
			t.Fatalf("Narrow(%v, %v, %v) = %v but nothing satisfies", p, x, y, n.Verdict)
		}
		productExact := true
		for _, a := range mustElems(n.X) {
			for _, b := range mustElems(n.Y) {
				productExact = productExact && p.Holds(a, b, w)
			}
		}
		if productExact != (n.Verdict == Split) {
			t.Fatalf("Narrow(%v, %v, %v) = %v, but product exact is %v", p, x, y, n.Verdict, productExact)
		}
	}
	if !any && n.Verdict != Never {
		t.Fatalf("Narrow(%v, %v, %v) = %v, want never", p, x, y, n.Verdict)
	}
	bx, by, ok := Box(p, x, y)
	if !ok {
		if any && p != Ne {
			t.Fatalf("Box(%v, %v, %v) found no box although solutions exist", p, x, y)
		}
		return
	}
	if bx.IsEmpty() || by.IsEmpty() || !bx.SubsetOf(x) || !by.SubsetOf(y) {
		t.Fatalf("Box(%v, %v, %v) = %v, %v not inside the operands", p, x, y, bx, by)
	}
	for _, a := range mustElems(bx) {
		for _, b := range mustElems(by) {
			if !p.Holds(a, b, w) {
				t.Fatalf("Box(%v, %v, %v) = %v, %v holds a failing point %d,%d", p, x, y, bx, by, a, b)
			}
		}
	}
}

func TestPredNegate(t *testing.T) {
	for _, p := range allPreds {
		for a := uint64(0); a < 16; a++ {
			for b := uint64(0); b < 16; b++ {
				if p.Holds(a, b, 4) == p.Negate().Holds(a, b, 4) {
					t.Fatalf("%v and its negation %v agree on %d,%d", p, p.Negate(), a, b)
				}
			}
		}
	}
}
