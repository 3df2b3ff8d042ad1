package seed002

// Heap programs for heap-aware merging: after each join the two sides'
// heaps differ, and a merge must pair their objects.

type node struct {
	v    int8
	next *node
}

// OneSided allocates one node on one side and two on the other: the
// second node exists on one side only and is kept, guarded.
func OneSided(c, d int8) int8 {
	var h *node
	if c > 0 {
		h = &node{v: 1}
	} else {
		h = &node{v: d, next: &node{v: 3}}
	}
	// A diamond whose sides touch nothing: the states merge at its join
	// (when they merged above) or stay two.
	s := h.v
	if h.next != nil {
		s += h.next.v
	}
	if s == 100 {
		panic("s == 100")
	}
	return s
}

// PtrPhi picks one of two cells and writes through the merged pointer.
func PtrPhi(c, d int8) int8 {
	a, b := new(int8), new(int8)
	*a, *b = 1, 2
	p := a
	if c > 0 {
		p = b
	}
	*p += d // a store through an ite pointer: lifted, no fork
	if *a+*b == 0 {
		panic("sum zero")
	}
	return *a - *b
}

// PtrSlice swaps pointers in a slice of pointers on one side.
func PtrSlice(c, d int8) int8 {
	x, y := &node{v: 1}, &node{v: 2}
	ps := []*node{x, y}
	if c > 0 {
		ps[0], ps[1] = ps[1], ps[0]
	}
	ps[0].v += d
	if ps[0].v == ps[1].v {
		panic("equal")
	}
	return ps[0].v
}

type pair struct {
	left, right *node
	n           int8
}

// StructPtrs keeps pointers in a struct whose fields the sides set apart.
func StructPtrs(c, d int8) int8 {
	p := pair{left: &node{v: 1}}
	if c > 0 {
		p.right = &node{v: d}
		p.n = 2
	} else {
		p.right = p.left
		p.n = 1
	}
	if p.right.v == 5 {
		panic("five")
	}
	return p.n + p.right.v
}

// Push builds a list whose length depends on the inputs: lists of
// different lengths pair their common nodes; the longer list's extra
// nodes are one-sided.
func Push(x [3]int8) int8 {
	var h *node
	for i := range x {
		if x[i] > 0 {
			h = &node{v: x[i], next: h}
		}
	}
	var s int8
	for n := h; n != nil; n = n.next {
		s += n.v
	}
	return s
}

// NewT uses new(T) on both sides and a nil pointer on neither.
func NewT(c, d int8) int8 {
	var p *node
	if c > 0 {
		p = new(node)
		p.v = d
	} else {
		p = new(node)
		p.v = 1
		p.next = new(node)
	}
	q := p
	if d > 10 {
		q = p.next
	}
	if q == nil {
		return -1
	}
	return q.v
}
