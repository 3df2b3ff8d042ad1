package difftest

import "fmt"

// The array sorts of the arrays-and-functions vocabulary: a byte array indexed
// by bytes, one indexed by nibbles, a nested array of those, and a KLEE-style
// memory of bytes at 32-bit addresses.
const (
	sortA8  = "(Array (_ BitVec 8) (_ BitVec 8))"
	sortA4  = "(Array (_ BitVec 4) (_ BitVec 8))"
	sortN   = "(Array (_ BitVec 4) " + sortA4 + ")"
	sortMem = "(Array (_ BitVec 32) (_ BitVec 8))"
)

// arrayDeclarations declares the array variables and the uninterpreted
// functions, one of which takes an array argument and one of which is a
// predicate.
const arrayDeclarations = "(declare-const a " + sortA8 + ")(declare-const b " + sortA8 + ")" +
	"(declare-const n " + sortN + ")(declare-const mem " + sortMem + ")" +
	"(declare-fun f ((_ BitVec 8)) (_ BitVec 8))(declare-fun g ((_ BitVec 32) (_ BitVec 8)) (_ BitVec 16))" +
	"(declare-fun h (" + sortA8 + ") (_ BitVec 4))(declare-fun pf ((_ BitVec 4)) Bool)\n"

type arraySort int

const (
	arrA8 arraySort = iota
	arrA4
	arrNested
	arrMem
)

func (s arraySort) String() string { return [...]string{sortA8, sortA4, sortN, sortMem}[s] }

// indexWidth is the width of the sort's indices.
func (s arraySort) indexWidth() int { return [...]int{8, 4, 4, 32}[s] }

// arrayTerm returns a random array term of sort s.
func (g *Gen) arrayTerm(s arraySort, depth int) string {
	if depth <= 0 || g.r.IntN(4) == 0 {
		switch s {
		case arrA8:
			return []string{"a", "b"}[g.r.IntN(2)]
		case arrA4:
			return "(select n " + g.BVTerm(4, 0) + ")"
		case arrNested:
			return "n"
		}
		return "mem"
	}
	d := depth - 1
	switch g.r.IntN(5) {
	case 0, 1:
		if s == arrMem && g.r.IntN(2) == 0 {
			// A KLEE-style two-byte little-endian store.
			base, v := g.address(d), g.BVTerm(16, d)
			return fmt.Sprintf("(store (store %s %s ((_ extract 7 0) %s)) (bvadd %s #x00000001) ((_ extract 15 8) %s))",
				g.arrayTerm(s, d), base, v, base, v)
		}
		return "(store " + g.arrayTerm(s, d) + " " + g.index(s, d) + " " + g.element(s, d) + ")"
	case 2:
		return "((as const " + s.String() + ") " + g.element(s, d) + ")"
	case 3:
		return "(ite " + g.BoolTerm(d) + " " + g.arrayTerm(s, d) + " " + g.arrayTerm(s, d) + ")"
	}
	if s == arrA4 {
		return "(select " + g.arrayTerm(arrNested, d) + " " + g.BVTerm(4, d) + ")"
	}
	return g.arrayTerm(s, 0)
}

// index returns an index for arrays of sort s; memory addresses are mostly a
// base plus a small offset, so that reads and writes alias interestingly.
func (g *Gen) index(s arraySort, depth int) string {
	if s == arrMem {
		return g.address(depth)
	}
	return g.BVTerm(s.indexWidth(), depth)
}

func (g *Gen) address(depth int) string {
	if g.r.IntN(3) == 0 {
		return g.BVTerm(32, depth)
	}
	base := []string{"x32", "y32"}[g.r.IntN(2)]
	return fmt.Sprintf("(bvadd %s (_ bv%d 32))", base, g.r.IntN(4))
}

// element returns a value for arrays of sort s.
func (g *Gen) element(s arraySort, depth int) string {
	if s == arrNested {
		return g.arrayTerm(arrA4, depth)
	}
	return g.BVTerm(8, depth)
}

// arrayRead returns a bit-vector term of width w that reads an array or
// applies a function, or "" when no such term has width w.
func (g *Gen) arrayRead(w, depth int) string {
	switch w {
	case 8:
		switch g.r.IntN(5) {
		case 0:
			return "(f " + g.BVTerm(8, depth) + ")"
		case 1:
			return "(select (select " + g.arrayTerm(arrNested, depth) + " " + g.BVTerm(4, depth) + ") " + g.BVTerm(4, depth) + ")"
		}
		s := []arraySort{arrA8, arrA4, arrMem}[g.r.IntN(3)]
		return "(select " + g.arrayTerm(s, depth) + " " + g.index(s, depth) + ")"
	case 16, 32:
		if w == 16 && g.r.IntN(3) == 0 {
			return "(g " + g.BVTerm(32, depth) + " " + g.BVTerm(8, depth) + ")"
		}
		// A little-endian multi-byte read of adjacent addresses.
		m, base := g.arrayTerm(arrMem, depth), g.address(depth)
		t := fmt.Sprintf("(select %s %s)", m, base)
		for k := 1; k < w/8; k++ {
			t = fmt.Sprintf("(concat (select %s (bvadd %s (_ bv%d 32))) %s)", m, base, k, t)
		}
		return t
	case 4:
		return "(h " + g.arrayTerm(arrA8, depth) + ")"
	}
	return ""
}

// arrayAtom returns a Boolean term over arrays or functions: an equality
// between arrays (extensionality) or a predicate application.
func (g *Gen) arrayAtom(depth int) string {
	if g.r.IntN(4) == 0 {
		return "(pf " + g.BVTerm(4, depth) + ")"
	}
	s := arraySort(g.r.IntN(4))
	return "(= " + g.arrayTerm(s, depth) + " " + g.arrayTerm(s, depth) + ")"
}
