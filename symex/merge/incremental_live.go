package merge

import (
	"sync"

	"golang.org/x/tools/go/ssa"
)

// Liveness is the SSA liveness incremental merging compares stores with
// (seed 000 §4: equal stores restricted to live variables). A value is live
// at a block's entry, after its phis, when some path from there reaches a
// use of it without passing its definition; a phi's operand is used at the
// end of the edge it comes in on. Results are computed once per function.
type Liveness struct {
	mu  sync.Mutex
	fns map[*ssa.Function][]map[ssa.Value]bool // per block: live after the phis
}

// NewLiveness returns an empty liveness cache.
func NewLiveness() *Liveness { return &Liveness{fns: map[*ssa.Function][]map[ssa.Value]bool{}} }

// LiveAt reports whether v is live at the entry of block b of fn, after
// its phis. Values that are not instructions, parameters or free variables
// (constants, globals, functions) are never live: they are not state.
func (l *Liveness) LiveAt(fn *ssa.Function, b int, v ssa.Value) bool {
	l.mu.Lock()
	sets, ok := l.fns[fn]
	if !ok {
		sets = liveAfterPhis(fn)
		l.fns[fn] = sets
	}
	l.mu.Unlock()
	return b >= 0 && b < len(sets) && sets[b][v]
}

// isState reports whether v is a value a frame holds.
func isState(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.Parameter, *ssa.FreeVar:
		return true
	case ssa.Instruction:
		return true
	}
	return false
}

// liveAfterPhis solves the backward dataflow
//
//	in(B)  = (uses(B) − phis(B)) ∪ (out(B) − defs(B))
//	out(B) = ⋃_S in(S) ∪ phi operands of S on the edge B→S
//
// where uses(B) are the operands of B's other instructions not defined
// before them in B, and defs(B) include the phis. It returns, per block,
// uses(B) ∪ (out(B) − defs of B's non-phi instructions): the values live
// once B's phis have run.
func liveAfterPhis(fn *ssa.Function) []map[ssa.Value]bool {
	n := len(fn.Blocks)
	uses := make([]map[ssa.Value]bool, n)
	defs := make([]map[ssa.Value]bool, n)
	phis := make([]map[ssa.Value]bool, n)
	nonPhiDefs := make([]map[ssa.Value]bool, n)
	edge := make([]map[ssa.Value]bool, n) // phi operands used at the end of B
	for i := range n {
		uses[i], defs[i], phis[i], nonPhiDefs[i], edge[i] = map[ssa.Value]bool{}, map[ssa.Value]bool{}, map[ssa.Value]bool{}, map[ssa.Value]bool{}, map[ssa.Value]bool{}
	}
	var ops []*ssa.Value
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if phi, ok := in.(*ssa.Phi); ok {
				defs[b.Index][phi], phis[b.Index][phi] = true, true
				for k, e := range phi.Edges {
					if k < len(b.Preds) && isState(e) {
						edge[b.Preds[k].Index][e] = true
					}
				}
				continue
			}
			ops = in.Operands(ops[:0])
			for _, o := range ops {
				if o != nil && *o != nil && isState(*o) && !nonPhiDefs[b.Index][*o] {
					uses[b.Index][*o] = true
				}
			}
			if v, ok := in.(ssa.Value); ok {
				defs[b.Index][v], nonPhiDefs[b.Index][v] = true, true
			}
		}
	}
	in := make([]map[ssa.Value]bool, n)
	out := make([]map[ssa.Value]bool, n)
	for i := range n {
		in[i], out[i] = map[ssa.Value]bool{}, map[ssa.Value]bool{}
	}
	for changed := true; changed; {
		changed = false
		for i := n - 1; i >= 0; i-- {
			b := fn.Blocks[i]
			for v := range edge[i] {
				if !out[i][v] {
					out[i][v], changed = true, true
				}
			}
			for _, s := range b.Succs {
				for v := range in[s.Index] {
					if !out[i][v] {
						out[i][v], changed = true, true
					}
				}
			}
			for v := range uses[i] {
				if !phis[i][v] && !in[i][v] {
					in[i][v], changed = true, true
				}
			}
			for v := range out[i] {
				if !defs[i][v] && !in[i][v] {
					in[i][v], changed = true, true
				}
			}
		}
	}
	after := make([]map[ssa.Value]bool, n)
	for i := range n {
		after[i] = map[ssa.Value]bool{}
		for v := range uses[i] {
			after[i][v] = true
		}
		for v := range out[i] {
			if !nonPhiDefs[i][v] {
				after[i][v] = true
			}
		}
	}
	return after
}
