package preprocess

import (
	"context"
	"slices"

	"github.com/sift-solver/sift/term"
)

// Slice splits bit-vector variables that are only taken apart (extracts)
// or glued together (concats, equalities) into one fresh variable per
// slice, cutting each variable at every point where some extract of it
// begins or ends and where an equality between concatenations lines up a
// boundary on one side with the inside of a variable on the other (the cut
// points are propagated through the equalities to a fixed point). The
// variable becomes the concatenation of its slices (x := (concat s_k … s_1)
// on the trail); the rewrite pass then reduces extracts of it to slices and
// splits the equalities into equalities between slices (eq-concat), which
// EqWidth can shrink. This is the word-level slicing of Bitwuzla, boolector
// and STP for extract/concat equalities.
type Slice struct {
	fresh freshCache
}

// NewSlice returns the slicing pass.
func NewSlice() *Slice { return &Slice{} }

func (*Slice) Name() string { return "slice" }

// Triggered: cut points are not propagated below quantifiers.
func (*Slice) Triggered(f term.Features) bool { return f&term.FeatQuantifier == 0 }

// Bounds on the work of one application: rounds of cut propagation, and
// slices in all (past it slicing approaches bit-blasting and is left to it).
const (
	maxSliceRounds = 64
	maxSlices      = 4096
)

// maxSlicesOf bounds the slices of a variable of width w: slicing pays on
// coarse slices (words, fields); a variable cut into bits is a bit-blasted
// encoding, which slicing only makes longer to rewrite.
func maxSlicesOf(w uint32) int { return max(4, min(64, int(w/8))) }

// A piece is a maximal part of a concatenation: a slice [lo, lo+w) of the
// variable x, or (x == NoTerm) any other term of width w.
type piece struct {
	x     term.Term
	lo, w uint32
}

func (p *Slice) Apply(ctx context.Context, s *State) (bool, error) {
	st := s.Store
	cuts := map[term.Term]map[uint32]bool{} // interior cut points per variable
	bad := map[term.Term]bool{}             // variables with a use slicing does not serve
	candidate := func(x term.Term) bool {
		return st.Op(x) == term.OpVar && st.IsBitVec(st.SortOf(x)) && !bad[x] && s.Eliminable(x)
	}
	addCut := func(x term.Term, c uint32) bool {
		if c == 0 || c >= st.Width(st.SortOf(x)) {
			return false
		}
		m := cuts[x]
		if m == nil {
			m = map[uint32]bool{}
			cuts[x] = m
		}
		if m[c] {
			return false
		}
		m[c] = true
		return true
	}
	var eqs [][2][]piece
	// A use is pure when it only takes the variable apart or compares it:
	// an extract, an equality or distinct between slice terms (variables,
	// constants, their extracts and concatenations), or a concatenation
	// whose own uses are pure.
	// Slicing a variable with an impure use (a slice fed to arithmetic)
	// buys nothing and costs the rewriter concatenations to normalise.
	sliceTerm := map[term.Term]bool{} // built from variables and constants by extract and concat
	isSliceTerm := func(t term.Term) bool {
		switch st.Op(t) {
		case term.OpVar, term.OpBVConst:
			return st.IsBitVec(st.SortOf(t))
		case term.OpExtract:
			return st.Op(st.Arg(t, 0)) == term.OpVar
		case term.OpConcat:
			return sliceTerm[t]
		}
		return false
	}
	allSliceTerms := func(ts []term.Term) bool {
		for _, a := range ts {
			if !isSliceTerm(a) {
				return false
			}
		}
		return true
	}
	var nodes []term.Term
	st.PostOrder(s.Assertions, func(t term.Term) {
		nodes = append(nodes, t)
		if st.Op(t) == term.OpConcat {
			sliceTerm[t] = allSliceTerms(st.Args(t)) // arguments come first
		}
	})
	impure := map[term.Term]bool{}
	for i := len(nodes) - 1; i >= 0; i-- { // parents before their arguments
		t := nodes[i]
		if s.Interrupted() {
			return false, s.Err()
		}
		op := st.Op(t)
		for _, a := range st.Args(t) {
			switch {
			case op == term.OpExtract && st.Op(a) == term.OpVar:
				if impure[t] {
					bad[a] = true
				}
			case (op == term.OpEq || op == term.OpDistinct) && allSliceTerms(st.Args(t)):
			case op == term.OpConcat && !impure[t]:
			default:
				impure[a] = true
				if st.Op(a) == term.OpVar {
					bad[a] = true
				}
			}
		}
		switch op {
		case term.OpExtract:
			if x := st.Arg(t, 0); st.Op(x) == term.OpVar {
				hi, lo := st.Indices(t)
				addCut(x, lo)
				addCut(x, hi+1)
			}
		case term.OpEq:
			if st.IsBitVec(st.SortOf(st.Arg(t, 0))) {
				eqs = append(eqs, [2][]piece{p.pieces(st, st.Arg(t, 0), nil), p.pieces(st, st.Arg(t, 1), nil)})
			}
		}
	}
	// Propagate cut points through the equalities: a boundary at position b
	// of either side cuts every variable piece of the other side that spans b.
	for round := 0; round < maxSliceRounds; round++ {
		grew := false
		for _, e := range eqs {
			if s.Interrupted() {
				return false, s.Err()
			}
			var bounds []uint32
			for _, side := range e {
				pos := uint32(0)
				for _, pc := range side {
					if pos > 0 {
						bounds = append(bounds, pos)
					}
					if pc.x != term.NoTerm {
						for c := range cuts[pc.x] {
							if c > pc.lo && c < pc.lo+pc.w {
								bounds = append(bounds, pos+c-pc.lo)
							}
						}
					}
					pos += pc.w
				}
			}
			for _, side := range e {
				pos := uint32(0)
				for _, pc := range side {
					if pc.x != term.NoTerm {
						for _, b := range bounds {
							if b > pos && b < pos+pc.w && addCut(pc.x, pc.lo+b-pos) {
								grew = true
							}
						}
					}
					pos += pc.w
				}
			}
		}
		if !grew {
			break
		}
	}
	// Only variables compared with other variables are worth slicing: their
	// slices meet in equalities that EqWidth can narrow. A variable whose
	// slices are only compared with constants or fed to concatenations
	// stays whole (bit-blasting treats both forms alike).
	linked := map[term.Term]bool{}
	for _, e := range eqs {
		if hasVarPiece(e[0]) && hasVarPiece(e[1]) {
			for _, side := range e {
				for _, pc := range side {
					if pc.x != term.NoTerm {
						linked[pc.x] = true
					}
				}
			}
		}
	}
	sub := map[term.Term]term.Term{}
	var order []term.Term
	total := 0
	for x, m := range cuts {
		if len(m) > 0 && linked[x] && candidate(x) && len(m)+1 <= maxSlicesOf(st.Width(st.SortOf(x))) {
			order = append(order, x)
			total += len(m) + 1
		}
	}
	if len(order) == 0 || total > maxSlices {
		return false, nil
	}
	slices.Sort(order) // a deterministic trail and fresh-variable order
	for _, x := range order {
		w := st.Width(st.SortOf(x))
		points := make([]uint32, 0, len(cuts[x])+1)
		for c := range cuts[x] {
			points = append(points, c)
		}
		slices.Sort(points)
		points = append(points, w)
		def, lo := term.NoTerm, uint32(0)
		for _, hi := range points {
			sl := p.fresh.get(st, freshKey{role: "slice", t: x, n: int(lo)}, "slice", st.BitVecSort(hi-lo))
			if def == term.NoTerm {
				def = sl
			} else {
				def = st.MustMake(term.OpConcat, nil, sl, def)
			}
			lo = hi
		}
		sub[x] = def
		s.Eliminate(x, def)
	}
	applyAll(s, sub)
	s.NoteRewritten(len(sub))
	return true, nil
}

// hasVarPiece reports whether some piece is a slice of a variable.
func hasVarPiece(ps []piece) bool {
	for _, pc := range ps {
		if pc.x != term.NoTerm {
			return true
		}
	}
	return false
}

// pieces appends the pieces of t, lowest bits first, to out.
func (p *Slice) pieces(st *term.Store, t term.Term, out []piece) []piece {
	switch st.Op(t) {
	case term.OpConcat:
		for i := st.NumArgs(t) - 1; i >= 0; i-- {
			out = p.pieces(st, st.Arg(t, i), out)
		}
		return out
	case term.OpExtract:
		if x := st.Arg(t, 0); st.Op(x) == term.OpVar {
			hi, lo := st.Indices(t)
			return append(out, piece{x: x, lo: lo, w: hi - lo + 1})
		}
	case term.OpVar:
		return append(out, piece{x: t, w: st.Width(st.SortOf(t))})
	}
	return append(out, piece{x: term.NoTerm, w: st.Width(st.SortOf(t))})
}
