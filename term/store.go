package term

import (
	"strconv"

	"github.com/sift-solver/sift/bv"
)

// Term is an interned term id of a Store. Term 0 is invalid.
type Term uint32

// NoTerm is the invalid term.
const NoTerm Term = 0

// node is one interned term. Arguments live in the Store's shared args arena,
// so a node costs no allocation of its own.
type node struct {
	op     Op
	feat   Features // of the node and everything below it (features.go)
	sort   Sort
	i0, i1 uint32 // operator indices; for OpBVConst i0 indexes values, for OpVar/OpBound names
	argOff uint32
	nargs  uint32
}

// Store interns sorts and terms. It is not safe for concurrent mutation.
type Store struct {
	sorts  sortTable
	nodes  []node
	args   []Term
	values []bv.Value
	names  []string

	// table is an open-addressing hash set of term ids (0 = empty slot).
	table []Term
	count int

	// nameUse counts the variables per name, so Fresh can avoid clashes.
	nameUse    map[string]int
	freshCount map[string]int

	trueT, falseT Term

	// segments index long store chains for constant reads (selectindex.go).
	segments map[Term]*storeSegment
}

// NewStore returns an empty store holding only the Boolean constants.
func NewStore() *Store {
	st := &Store{
		sorts:      newSortTable(),
		nodes:      make([]node, 1, 1024),
		args:       make([]Term, 0, 4096),
		table:      make([]Term, 1024),
		nameUse:    map[string]int{},
		freshCount: map[string]int{},
	}
	st.trueT = st.intern(node{op: OpTrue, sort: BoolSortID}, nil)
	st.falseT = st.intern(node{op: OpFalse, sort: BoolSortID}, nil)
	return st
}

// NumTerms returns the number of terms ever built; ids are below it.
func (st *Store) NumTerms() int { return len(st.nodes) }

// Op returns the operator of t.
func (st *Store) Op(t Term) Op { return st.nodes[t].op }

// SortOf returns the sort of t.
func (st *Store) SortOf(t Term) Sort { return st.nodes[t].sort }

// NumArgs returns the number of arguments of t.
func (st *Store) NumArgs(t Term) int { return int(st.nodes[t].nargs) }

// Arg returns the i-th argument of t.
func (st *Store) Arg(t Term, i int) Term { return st.args[int(st.nodes[t].argOff)+i] }

// Args returns the arguments of t. The slice aliases the store: do not modify
// it, and do not keep it across calls that build terms.
func (st *Store) Args(t Term) []Term {
	n := &st.nodes[t]
	return st.args[n.argOff : n.argOff+n.nargs : n.argOff+n.nargs]
}

// Indices returns the operator indices of t, e.g. hi and lo of an extract.
func (st *Store) Indices(t Term) (uint32, uint32) { n := &st.nodes[t]; return n.i0, n.i1 }

// Value returns the value of a bit-vector constant, or the IEEE encoding of
// a floating-point constant.
func (st *Store) Value(t Term) bv.Value { return st.values[st.nodes[t].i0] }

// Name returns the name of a variable (OpVar or OpBound).
func (st *Store) Name(t Term) string { return st.names[st.nodes[t].i0] }

// IsConst reports whether t is a Boolean, bit-vector, floating-point or
// rounding-mode constant.
func (st *Store) IsConst(t Term) bool {
	switch st.nodes[t].op {
	case OpTrue, OpFalse, OpBVConst, OpFPConst, OpRMConst:
		return true
	}
	return false
}

// True returns the constant true.
func (st *Store) True() Term { return st.trueT }

// False returns the constant false.
func (st *Store) False() Term { return st.falseT }

// Bool returns the Boolean constant b.
func (st *Store) Bool(b bool) Term {
	if b {
		return st.trueT
	}
	return st.falseT
}

// Const returns the bit-vector constant v.
func (st *Store) Const(v bv.Value) Term { return st.valueLeaf(OpBVConst, st.BitVecSort(v.Width()), v) }

// valueLeaf interns a constant whose bits v are kept in values: a
// bit-vector (OpBVConst) or a floating-point encoding (OpFPConst).
func (st *Store) valueLeaf(op Op, sort Sort, v bv.Value) Term {
	h := hashNode(op, sort, 0, 0, nil) ^ v.Hash()*0x9e3779b97f4a7c15
	for i := h & uint64(len(st.table)-1); ; i = (i + 1) & uint64(len(st.table)-1) {
		t := st.table[i]
		if t == NoTerm {
			break
		}
		n := &st.nodes[t]
		if n.op == op && n.sort == sort && st.values[n.i0].Equal(v) {
			return t
		}
	}
	st.values = append(st.values, v)
	return st.insert(h, node{op: op, sort: sort, i0: uint32(len(st.values) - 1)}, nil)
}

// ConstUint64 returns the w-bit constant x (truncated to w bits).
func (st *Store) ConstUint64(w uint32, x uint64) Term { return st.Const(bv.New(w, x)) }

// Var returns the free variable (declared constant or function symbol) called
// name with the given sort. The same name and sort give the same term.
func (st *Store) Var(name string, sort Sort) Term { return st.namedLeaf(OpVar, name, sort) }

// BoundVar returns the bound variable called name with the given sort.
func (st *Store) BoundVar(name string, sort Sort) Term { return st.namedLeaf(OpBound, name, sort) }

// Fresh returns a new free variable whose name starts with prefix and is used
// by no other variable of the store.
func (st *Store) Fresh(prefix string, sort Sort) Term {
	for {
		n := st.freshCount[prefix]
		st.freshCount[prefix] = n + 1
		name := prefix + "!" + strconv.Itoa(n)
		if !st.NameUsed(name) {
			return st.Var(name, sort)
		}
	}
}

func (st *Store) namedLeaf(op Op, name string, sort Sort) Term {
	h := hashNode(op, sort, 0, 0, nil) ^ hashString(name)
	for i := h & uint64(len(st.table)-1); ; i = (i + 1) & uint64(len(st.table)-1) {
		t := st.table[i]
		if t == NoTerm {
			break
		}
		n := &st.nodes[t]
		if n.op == op && n.sort == sort && st.names[n.i0] == name {
			return t
		}
	}
	st.names = append(st.names, name)
	st.nameUse[name]++
	return st.insert(h, node{op: op, sort: sort, i0: uint32(len(st.names) - 1)}, nil)
}

// intern returns the term for n over args, creating it if needed. args is
// copied.
func (st *Store) intern(n node, args []Term) Term {
	h := hashNode(n.op, n.sort, n.i0, n.i1, args)
	mask := uint64(len(st.table) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		t := st.table[i]
		if t == NoTerm {
			break
		}
		m := &st.nodes[t]
		if m.op == n.op && m.sort == n.sort && m.i0 == n.i0 && m.i1 == n.i1 && int(m.nargs) == len(args) &&
			equalTerms(st.args[m.argOff:m.argOff+m.nargs], args) {
			return t
		}
	}
	return st.insert(h, n, args)
}

func (st *Store) insert(h uint64, n node, args []Term) Term {
	if uint32(len(st.nodes)) == ^uint32(0) {
		panic("term: store full")
	}
	n.argOff = uint32(len(st.args))
	n.nargs = uint32(len(args))
	n.feat = st.sorts.nodes[n.sort].feat | opFeatures(n.op)
	for _, a := range args {
		n.feat |= st.nodes[a].feat
	}
	st.args = append(st.args, args...)
	t := Term(len(st.nodes))
	st.nodes = append(st.nodes, n)
	st.count++
	if st.count*4 >= len(st.table)*3 {
		st.grow()
	} else {
		st.place(h, t)
	}
	return t
}

func (st *Store) place(h uint64, t Term) {
	mask := uint64(len(st.table) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		if st.table[i] == NoTerm {
			st.table[i] = t
			return
		}
	}
}

// grow doubles the hash table and reinserts every term.
func (st *Store) grow() {
	st.table = make([]Term, len(st.table)*2)
	for t := Term(1); int(t) < len(st.nodes); t++ {
		st.place(st.hashOf(t), t)
	}
}

func (st *Store) hashOf(t Term) uint64 {
	n := &st.nodes[t]
	switch n.op {
	case OpBVConst, OpFPConst:
		return hashNode(n.op, n.sort, 0, 0, nil) ^ st.values[n.i0].Hash()*0x9e3779b97f4a7c15
	case OpVar, OpBound:
		return hashNode(n.op, n.sort, 0, 0, nil) ^ hashString(st.names[n.i0])
	}
	return hashNode(n.op, n.sort, n.i0, n.i1, st.args[n.argOff:n.argOff+n.nargs])
}

func equalTerms(a, b []Term) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func mix(h, x uint64) uint64 {
	h ^= x
	h *= 0x100000001b3
	h ^= h >> 29
	return h
}

func hashNode(op Op, sort Sort, i0, i1 uint32, args []Term) uint64 {
	h := uint64(0xcbf29ce484222325)
	h = mix(h, uint64(op)|uint64(sort)<<8)
	h = mix(h, uint64(i0)|uint64(i1)<<32)
	for _, a := range args {
		h = mix(h, uint64(a))
	}
	h ^= h >> 32
	h *= 0x9e3779b97f4a7c15
	return h ^ h>>31
}

func hashString(s string) uint64 {
	h := uint64(0xcbf29ce484222325)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 0x100000001b3
	}
	h *= 0x9e3779b97f4a7c15
	return h ^ h>>31
}

// NameUsed reports whether some variable of the store is called name.
func (st *Store) NameUsed(name string) bool { return st.nameUse[name] > 0 }
