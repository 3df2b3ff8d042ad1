package arrays

import (
	"math/bits"

	"github.com/sift-solver/sift/term"
)

// access is one read of an array in the formula: width consecutive
// elements starting at index base (a concat of adjacent selects, or a lone
// select of width 1).
type access struct {
	array term.Term
	base  term.Term // the index term of the lowest element
	width int
}

// splitOffset writes an index term as root + off (mod 2^n) by peeling
// constant additions, so (bvadd 3 (bvadd 2 t)) is (t, 5).
func splitOffset(st *term.Store, t term.Term) (term.Term, uint64) {
	n := st.Width(st.SortOf(t))
	if n > 64 {
		return t, 0
	}
	var off uint64
	for {
		switch st.Op(t) {
		case term.OpBVAdd:
			a, b := st.Arg(t, 0), st.Arg(t, 1)
			if st.Op(b) == term.OpBVConst {
				a, b = b, a
			}
			if st.Op(a) == term.OpBVConst {
				c, _ := st.Value(a).Uint64()
				off += c
				t = b
				continue
			}
		case term.OpBVSub:
			if c := st.Arg(t, 1); st.Op(c) == term.OpBVConst {
				x, _ := st.Value(c).Uint64()
				off -= x
				t = st.Arg(t, 0)
				continue
			}
		}
		return t, off & lowMask64(n)
	}
}

func lowMask64(n uint32) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return (uint64(1) << n) - 1
}

// concatLeaves flattens a concat tree, most significant part first.
func concatLeaves(st *term.Store, t term.Term, out []term.Term) []term.Term {
	if st.Op(t) == term.OpConcat {
		out = concatLeaves(st, st.Arg(t, 0), out)
		return concatLeaves(st, st.Arg(t, 1), out)
	}
	return append(out, t)
}

// accessGroup recognises a concat of selects on one array at consecutive
// indices, in little-endian (highest index left-most, KLEE/x86) or
// big-endian order, and returns it as an access.
func accessGroup(st *term.Store, c term.Term) (access, bool) {
	leaves := concatLeaves(st, c, nil)
	if len(leaves) < 2 {
		return access{}, false
	}
	var arr, root term.Term
	offs := make([]uint64, len(leaves))
	for i, x := range leaves {
		if st.Op(x) != term.OpSelect {
			return access{}, false
		}
		if i == 0 {
			arr = st.Arg(x, 0)
		} else if st.Arg(x, 0) != arr {
			return access{}, false
		}
		r, off := splitOffset(st, st.Arg(x, 1))
		if i == 0 {
			root = r
		} else if r != root {
			return access{}, false
		}
		offs[i] = off
	}
	n := st.Width(st.SortOf(st.Arg(leaves[0], 1)))
	mask := lowMask64(n)
	little, big := true, true
	last := len(leaves) - 1
	for i := range leaves {
		if offs[i] != (offs[last]+uint64(last-i))&mask {
			little = false
		}
		if offs[i] != (offs[0]+uint64(i))&mask {
			big = false
		}
	}
	switch {
	case little:
		return access{arr, st.Arg(leaves[last], 1), len(leaves)}, true
	case big:
		return access{arr, st.Arg(leaves[0], 1), len(leaves)}, true
	}
	return access{}, false
}

// maxAccessSize caps the recovered access size.
const maxAccessSize = 1 << 16

// accessSizes recovers M(a) for each array read in reach (digest §6.3.3):
// the largest power of two m such that every access to a has a width
// divisible by m and a base index proven congruent to 0 mod m. Selects with
// constant indices outside a group are elements, not accesses: their index
// mod m is known anyway. Alignment is checked, never assumed (t05, t16).
func accessSizes(st *term.Store, reach []term.Term, cong *congruences) map[term.Term]uint32 {
	inner := map[term.Term]bool{} // concats that are an operand of a concat
	for _, t := range reach {
		if st.Op(t) == term.OpConcat {
			inner[st.Arg(t, 0)], inner[st.Arg(t, 1)] = true, true
		}
	}
	grouped := map[term.Term]bool{}
	size := map[term.Term]uint32{}
	note := func(ac access) {
		m := uint32(maxAccessSize)
		if tz := uint32(bits.TrailingZeros(uint(ac.width))); tz < 16 {
			m = min(m, 1<<tz)
		}
		if tz := cong.of(ac.base).trailingZeros(); tz < 16 {
			m = min(m, 1<<tz)
		}
		// M must divide 2^n so that residues survive index wrap-around.
		if n := st.Width(st.SortOf(ac.base)); n < 16 {
			m = min(m, 1<<n)
		}
		if cur, ok := size[ac.array]; !ok || m < cur {
			size[ac.array] = m
		}
	}
	for _, t := range reach {
		if st.Op(t) != term.OpConcat || inner[t] {
			continue
		}
		if ac, ok := accessGroup(st, t); ok {
			note(ac)
			for _, x := range concatLeaves(st, t, nil) {
				grouped[x] = true
			}
		}
	}
	for _, t := range reach {
		if st.Op(t) != term.OpSelect || grouped[t] || !st.IsBitVec(st.SortOf(st.Arg(t, 1))) {
			continue
		}
		if st.Op(st.Arg(t, 1)) == term.OpBVConst {
			if _, ok := size[st.Arg(t, 0)]; !ok {
				size[st.Arg(t, 0)] = maxAccessSize // refined by symbolic accesses, if any
			}
			continue
		}
		note(access{st.Arg(t, 0), st.Arg(t, 1), 1})
	}
	for arr, m := range size {
		if m == maxAccessSize {
			size[arr] = 1 // only constant indices: no access size to speak of
		}
	}
	return size
}
