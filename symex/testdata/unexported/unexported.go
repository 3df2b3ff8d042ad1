// Package unexportedcases holds methods whose receivers have unexported
// fields: some panic with those fields at zero (a caller outside the
// package reaches them), some only with values no caller can set
// (TestUnexportedState).
package unexportedcases

var names = []string{"ZZ", "AA", "BB"}

// Region is a code into names.
type Region struct{ id uint16 }

// String panics only for an id past names: a Region no caller makes.
func (r Region) String() string { return names[r.id] }

// Buf holds bytes a caller cannot set.
type Buf struct{ data []byte }

// At panics on the zero Buf too.
func (b Buf) At(i int) byte { return b.data[i] }

// Pair has an exported and an unexported field.
type Pair struct {
	N    int
	seen bool
}

// Check panics for N > 3, whatever seen holds.
func (p Pair) Check() int {
	if p.N > 3 {
		panic("big")
	}
	if p.seen {
		return 1
	}
	return 0
}

// Both panics only when seen is set as well.
func (p *Pair) Both() int {
	if p.N == 2 && p.seen {
		panic("both")
	}
	return p.N
}

// Inner wraps an exported struct field whose own field is unexported.
type Inner struct{ R Region }

// Name panics only for an id past names.
func (x Inner) Name() string { return x.R.String() }

// Start makes the package's code first for the loader.
func Start() {}
