package term

// Reads of long store chains. A Go string or table that the executor builds
// byte by byte is a chain of thousands of stores at constant indices, and
// every constant read of it walked the chain from its head: a lookup in a
// parser's keyword table cost the table's length per byte. A chain walked
// further than selectWalk steps gets an index of its constant writes from
// the node reached there down to the next indexed node (or the first write
// at a non-constant index, or the base array), so later reads cost a map
// lookup per indexed segment. A new segment takes in the indexed segments
// below it while they are no larger than it (as a binary counter carries),
// so that a chain of n constant stores has O(log n) segments: without
// that, a table the initializers build element by element (unicode's)
// cost a lookup per 32 stores for every write, quadratic in its length.
// The answer is the one the walk gives.

// selectWalk is how many stores a read walks before it indexes the chain.
const selectWalk = 32

// storeSegment indexes the constant-index writes of a chain from its head
// down to rest, where the walk goes on.
type storeSegment struct {
	elems map[Term]Term // index constant → the outermost value written there
	rest  Term
}

// readConstIndex walks a's store chain for a read at the constant index i.
// It returns the value read, or the array the walk stopped at (ok false):
// one whose store at index j is not syntactically decided against i.
func (st *Store) readConstIndex(a, i Term) (Term, bool) {
	for steps := 0; ; steps++ {
		if seg, ok := st.segments[a]; ok {
			if v, hit := seg.elems[i]; hit {
				return v, true
			}
			a = seg.rest
			continue
		}
		switch st.Op(a) {
		case OpConstArray:
			return st.Arg(a, 0), true
		case OpStore:
			j := st.Arg(a, 1)
			if j == i {
				return st.Arg(a, 2), true
			}
			if !st.IsConst(j) {
				return a, false
			}
			if steps >= selectWalk {
				st.indexSegment(a)
				continue
			}
			a = st.Arg(a, 0)
			continue
		}
		return a, false
	}
}

// indexSegment indexes the constant-index stores from a down to the next
// indexed node or non-constant store.
func (st *Store) indexSegment(a Term) {
	seg := &storeSegment{elems: map[Term]Term{}}
	b := a
	for st.Op(b) == OpStore && st.IsConst(st.Arg(b, 1)) {
		if _, ok := st.segments[b]; ok && b != a {
			break
		}
		j := st.Arg(b, 1)
		if _, seen := seg.elems[j]; !seen {
			seg.elems[j] = st.Arg(b, 2)
		}
		b = st.Arg(b, 0)
	}
	seg.rest = b
	for below, ok := st.segments[b]; ok && len(below.elems) <= len(seg.elems); below, ok = st.segments[seg.rest] {
		for j, v := range below.elems {
			if _, shadowed := seg.elems[j]; !shadowed {
				seg.elems[j] = v
			}
		}
		seg.rest = below.rest
	}
	if st.segments == nil {
		st.segments = map[Term]*storeSegment{}
	}
	st.segments[a] = seg
}
