package symex

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// maxIndexClasses bounds the classes classIndex splits an array into; past
// it the index is made concrete one value at a time, as before.
const maxIndexClasses = 16

// classIndex picks the element that a symbolic index i selects in the
// array at arr (n elements the solver cannot hold: slices, strings,
// pointers), when the address in computes is only read before anything can
// write memory. Elements that are the same value read the same, so the
// path forks once per class of equal elements (strings.byteStringReplacer's
// [256][]byte table: 6 classes, not 256 values) and the address is that of
// the class's first element; the condition i ∈ class joins the path. ok is
// false when the split does not apply (an address that may be written
// through, or too many classes); the caller then makes i concrete.
func (e *Executor) classIndex(s *State, in *ssa.IndexAddr, arr PtrVal, i term.Term, n int) (k int, ok bool, err error) {
	if !readOnlyAddr(in) {
		return 0, false, nil
	}
	av, err := e.load(s, arr)
	if err != nil {
		return 0, false, nil
	}
	var elems Vec
	switch a := av.(type) {
	case ArrayVal:
		elems, _ = a.Elems.(Vec)
	case Backing:
		elems, _ = a.Elems.(Vec)
	}
	if len(elems) < n {
		return 0, false, nil
	}
	// classes[c] lists the indices of class c in increasing order; the
	// first is its representative.
	var classes [][]int
next:
	for x := 0; x < n; x++ {
		for c := range classes {
			if sameValue(elems[classes[c][0]], elems[x]) {
				classes[c] = append(classes[c], x)
				continue next
			}
		}
		if len(classes) == maxIndexClasses {
			return 0, false, nil
		}
		classes = append(classes, []int{x})
	}
	// The largest class goes last and takes no branch of its own: the
	// bounds check and the other classes' negations imply it.
	big := 0
	for c := range classes {
		if len(classes[c]) > len(classes[big]) {
			big = c
		}
	}
	for c, idx := range classes {
		if c == big {
			continue
		}
		hit, err := e.branchAt(s, e.inRuns(i, idx), siteBound)
		if err != nil || hit {
			return idx[0], err == nil, err
		}
	}
	return classes[big][0], true, nil
}

// inRuns is the condition that i is one of the increasing indices idx, as
// a disjunction over their runs of consecutive values.
func (e *Executor) inRuns(i term.Term, idx []int) term.Term {
	var or []term.Term
	for a := 0; a < len(idx); {
		b := a
		for b+1 < len(idx) && idx[b+1] == idx[b]+1 {
			b++
		}
		if a == b {
			or = append(or, e.mk(term.OpEq, i, e.idx(idx[a])))
		} else {
			or = append(or, e.st.And(e.ule(e.idx(idx[a]), i), e.ule(i, e.idx(idx[b]))))
		}
		a = b + 1
	}
	return e.st.Or(or...)
}

// readOnlyAddr reports whether the address v is only loaded from (directly
// or through a field's address), each load in v's block with nothing
// between that could write memory, so that an address of another element
// holding the same value reads the same.
func readOnlyAddr(v ssa.Value) bool {
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return false
	}
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.UnOp:
			if r.Op != token.MUL || !pureBetween(instr, r) {
				return false
			}
		case *ssa.FieldAddr:
			if !pureBetween(instr, r) || !readOnlyAddr(r) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// pureBetween reports whether from and to are in one block, from first,
// and every instruction between them leaves memory as it is.
func pureBetween(from, to ssa.Instruction) bool {
	b := from.Block()
	if b == nil || to.Block() != b {
		return false
	}
	seen := false
	for _, x := range b.Instrs {
		switch {
		case x == from:
			seen = true
			continue
		case x == to:
			return seen
		case !seen:
			continue
		}
		switch x := x.(type) {
		case *ssa.IndexAddr, *ssa.FieldAddr, *ssa.BinOp, *ssa.Convert, *ssa.ChangeType, *ssa.Field,
			*ssa.Index, *ssa.Extract, *ssa.DebugRef, *ssa.Slice:
		case *ssa.UnOp:
			if x.Op == token.ARROW {
				return false
			}
		default:
			return false
		}
	}
	return false
}
