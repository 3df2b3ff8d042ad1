package merge

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Seed 002's static query-count estimate, Eq. (7), over Go SSA:
//
//	cost(l) = q(l) + β·cost(l') + β·cost(l'')   at a branch (If)
//	cost(l) = q(l) + cost(succ(l))              at a load or a store
//	cost(l) = 0                                 at the last return, a panic
//	cost(l) = cost(succ(l))                     otherwise
//
// q(l) is the query function: λ.1 (every site counts: C) or "the site
// reads a tainted value" (D(v), the taint starting at variable v). The
// query sites are convention C7's: If, loads (*p) and stores; Go's
// assert(e) is `if !e { panic }`, which Eq. (7) costs as the assert it
// stands for when β = 1.
//
// Choices the digest leaves open (§2.8, its [ours] notes):
//   - a block already on the current path costs 0 (loops, mini.py's cut);
//   - the cost from a block is memoised by (block, predecessor, frame,
//     taint), which is exact on acyclic code and ignores which blocks the
//     path holds inside loops;
//   - a return goes on after the call in the caller's frame, for the frames
//     the waiting state has; the entry function's return is the last
//     instruction;
//   - a call to a function with a body costs that function's own Eq. (7)
//     sum once, as a summary (not once per path through it), and its result
//     is tainted when a tainted value may reach one of its returns; a call
//     without a body (or recursive, or deeper than 4) costs 0 and taints
//     its result when an argument is tainted;
//   - taint is forward data dependence through SSA operands (phis take
//     the operand of the edge taken); a load is tainted when its address
//     is, or when a tainted value of its type was stored before
//     (a conservative alias policy by type);
//   - a memory object's taint starts at its allocation site and the values
//     derived from it in the site's function (addresses into it).

// CostModel computes Eq. (7) sums for the code ahead of a waiting state.
type CostModel struct {
	Beta float64
}

// taintSet is the set of tainted SSA values and memory types along one
// walk, with an undo log so that branches share it.
type taintSet struct {
	vals  map[ssa.Value]bool
	types map[string]bool
	log   []taintEntry
	hash  uint64
	all   bool           // every site counts (λ.1)
	ids   map[any]uint64 // small numbers for the set hash
}

type taintEntry struct {
	v ssa.Value
	t string
	h uint64
}

func newTaint(all bool) *taintSet {
	return &taintSet{vals: map[ssa.Value]bool{}, types: map[string]bool{}, all: all, ids: map[any]uint64{}}
}

// mixID is a hash of x, with XOR making the set hash order-free.
func (t *taintSet) mixID(x any) uint64 {
	id, ok := t.ids[x]
	if !ok {
		id = uint64(len(t.ids) + 1)
		t.ids[x] = id
	}
	z := id * 0x9e3779b97f4a7c15
	z ^= z >> 31
	return z * 0xbf58476d1ce4e5b9
}

func (t *taintSet) addVal(v ssa.Value) {
	if v == nil || t.vals[v] {
		return
	}
	h := t.mixID(v)
	t.vals[v] = true
	t.hash ^= h
	t.log = append(t.log, taintEntry{v: v, h: h})
}

func (t *taintSet) addType(ty types.Type) {
	k := types.TypeString(ty, nil)
	if t.types[k] {
		return
	}
	h := t.mixID("type:" + k)
	t.types[k] = true
	t.hash ^= h
	t.log = append(t.log, taintEntry{t: k, h: h})
}

func (t *taintSet) undo(n int) {
	for len(t.log) > n {
		e := t.log[len(t.log)-1]
		t.log = t.log[:len(t.log)-1]
		if e.v != nil {
			delete(t.vals, e.v)
		} else {
			delete(t.types, e.t)
		}
		t.hash ^= e.h
	}
}

// uses reports whether some operand of in is tainted.
func (t *taintSet) uses(in ssa.Instruction) bool {
	var buf [8]*ssa.Value
	for _, op := range in.Operands(buf[:0]) {
		if *op != nil && t.vals[*op] {
			return true
		}
	}
	return false
}

// costWalk is one computation of a sum: the query function's taint, the
// frames it may return into, and the memo.
type costWalk struct {
	m      *CostModel
	taint  *taintSet
	frames []Frame // the waiting state's frames, entry first
	onPath map[*ssa.BasicBlock]bool
	memo   map[walkKey]float64
	sums   map[sumKey]summary
	active map[*ssa.Function]bool // callees being summarised
	depth  int
	summ   *summary // a callee's summary being computed, nil in the main walk
	// addrs are the addresses into the memory objects whose contents are
	// the taint's seeds: not tainted themselves (the objects are the same
	// in both states, their contents differ), but what is loaded through
	// them is.
	addrs map[ssa.Value]bool
}

type walkKey struct {
	b     *ssa.BasicBlock
	from  *ssa.BasicBlock
	start int
	frame int
	hash  uint64
}

type sumKey struct {
	fn   *ssa.Function
	hash uint64
}

type summary struct {
	cost    float64
	tainted bool         // a tainted value may reach a return
	types   []types.Type // memory types a tainted value was stored as
}

// Cost is Eq. (7) from where a state with frames waits (the top frame at
// its Next instruction), with every site counting when seeds is nil, else
// the sites that read a value tainted from seeds (values, and the memory
// objects allocated at sites: see Seeds).
func (m *CostModel) Cost(frames []Frame, seeds *Seeds) float64 {
	if len(frames) == 0 {
		return 0
	}
	w := &costWalk{m: m, taint: newTaint(seeds == nil), frames: frames, onPath: map[*ssa.BasicBlock]bool{},
		memo: map[walkKey]float64{}, sums: map[sumKey]summary{}, active: map[*ssa.Function]bool{},
		addrs: map[ssa.Value]bool{}}
	if seeds != nil {
		for _, v := range seeds.Values {
			w.taint.addVal(v)
		}
		for _, site := range seeds.Sites {
			for _, v := range derived(site) {
				w.addrs[v] = true
			}
		}
	}
	top := len(frames) - 1
	return w.from(frames[top].Block, nil, frames[top].Next, top, seeds != nil && seeds.AllMemory)
}

// Seeds is where a taint starts: SSA values, and memory objects by
// allocation site. AllMemory marks an object whose site is unknown: every
// load is then tainted.
type Seeds struct {
	Values    []ssa.Value
	Sites     []ssa.Value
	AllMemory bool
}

// derived is site and the values of its function computed from it by
// address arithmetic, conversions and phis: the addresses into the object.
// (Addresses the object's pointer reaches through memory, a pointer to it
// stored and loaded back, are covered by the type rule: a load of a
// tainted type is tainted.)
func derived(site ssa.Value) []ssa.Value {
	out := []ssa.Value{site}
	seen := map[ssa.Value]bool{site: true}
	for i := 0; i < len(out); i++ {
		refs := out[i].Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			switch r.(type) {
			case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Phi, *ssa.ChangeType, *ssa.Convert, *ssa.MakeInterface,
				*ssa.Slice, *ssa.SliceToArrayPointer, *ssa.Extract:
				v := r.(ssa.Value)
				if !seen[v] {
					seen[v] = true
					out = append(out, v)
				}
			}
		}
	}
	return out
}

// from is the sum from instruction start of block b (entered from from,
// nil when the walk starts inside b) in frame depth frame.
func (w *costWalk) from(b *ssa.BasicBlock, from *ssa.BasicBlock, start, frame int, allMem bool) float64 {
	if from != nil && w.onPath[b] {
		return 0
	}
	key := walkKey{b: b, from: from, start: start, frame: frame, hash: w.taint.hash}
	if c, ok := w.memo[key]; ok {
		return c
	}
	mark := len(w.taint.log)
	w.onPath[b] = true
	c := w.block(b, from, start, frame, allMem)
	delete(w.onPath, b)
	w.taint.undo(mark)
	w.memo[key] = c
	return c
}

// site is the query function at an instruction: 1 when every site counts
// or the instruction reads a tainted value.
func (w *costWalk) site(in ssa.Instruction) float64 {
	if w.taint.all || w.taint.uses(in) {
		return 1
	}
	return 0
}

func (w *costWalk) block(b *ssa.BasicBlock, from *ssa.BasicBlock, start, frame int, allMem bool) float64 {
	t := w.taint
	var sum float64
	for i := start; i < len(b.Instrs); i++ {
		in := b.Instrs[i]
		switch x := in.(type) {
		case *ssa.Phi:
			if from != nil {
				for k, p := range b.Preds {
					if p == from && k < len(x.Edges) && t.vals[x.Edges[k]] {
						t.addVal(x)
					}
				}
			}
		case *ssa.If:
			q := w.site(x)
			return sum + q + w.m.Beta*w.from(b.Succs[0], b, 0, frame, allMem) + w.m.Beta*w.from(b.Succs[1], b, 0, frame, allMem)
		case *ssa.Jump:
			return sum + w.from(b.Succs[0], b, 0, frame, allMem)
		case *ssa.Panic:
			return sum
		case *ssa.Return:
			if w.summ != nil && t.uses(x) {
				w.summ.tainted = true
			}
			if frame == 0 || frame >= len(w.frames) {
				return sum
			}
			caller := w.frames[frame-1]
			if caller.Next > 0 && caller.Next <= len(caller.Block.Instrs) && t.uses(x) {
				if v, ok := caller.Block.Instrs[caller.Next-1].(ssa.Value); ok {
					t.addVal(v)
				}
			}
			return sum + w.from(caller.Block, nil, caller.Next, frame-1, allMem)
		case *ssa.UnOp:
			if x.Op.String() == "*" {
				sum += w.site(x)
				if t.vals[x.X] || w.addrs[x.X] || allMem || t.types[types.TypeString(x.Type(), nil)] {
					t.addVal(x)
				}
				continue
			}
			if t.uses(x) {
				t.addVal(x)
			}
		case *ssa.Store:
			sum += w.site(x)
			if t.vals[x.Val] {
				t.addType(x.Val.Type())
				if w.summ != nil {
					w.summ.types = append(w.summ.types, x.Val.Type())
				}
			}
		case ssa.CallInstruction:
			sum += w.call(x)
		default:
			if v, ok := in.(ssa.Value); ok && t.uses(in) {
				t.addVal(v)
			}
		}
	}
	return sum
}

// call costs a call by its callee's summary and taints its result.
func (w *costWalk) call(x ssa.CallInstruction) float64 {
	t := w.taint
	com := x.Common()
	var argTainted bool
	for _, a := range com.Args {
		argTainted = argTainted || t.vals[a]
	}
	if com.IsInvoke() {
		argTainted = argTainted || t.vals[com.Value]
	}
	fn := com.StaticCallee()
	v := x.Value()
	if fn == nil || len(fn.Blocks) == 0 || w.active[fn] || w.depth >= 4 {
		if argTainted && v != nil {
			t.addVal(v)
		}
		return 0
	}
	// The callee's own sum with its parameters tainted as the arguments.
	mark := len(t.log)
	for i, p := range fn.Params {
		if i < len(com.Args) && t.vals[com.Args[i]] {
			t.addVal(p)
		}
	}
	for i, fv := range fn.FreeVars {
		if mc, ok := com.Value.(*ssa.MakeClosure); ok && i < len(mc.Bindings) && t.vals[mc.Bindings[i]] {
			t.addVal(fv)
		}
	}
	key := sumKey{fn: fn, hash: t.hash}
	s, ok := w.sums[key]
	if !ok {
		// A walk of fn with no frames to return into: its returns end it
		// and say whether a tainted value leaves; its memo is its own, as
		// that side effect is not memoised.
		inner := &costWalk{m: w.m, taint: t, onPath: map[*ssa.BasicBlock]bool{}, memo: map[walkKey]float64{},
			sums: w.sums, active: w.active, depth: w.depth + 1, summ: &s, addrs: w.addrs}
		w.active[fn] = true
		s.cost = inner.from(fn.Blocks[0], nil, 0, 0, false)
		delete(w.active, fn)
		w.sums[key] = s
	}
	t.undo(mark)
	for _, ty := range s.types {
		t.addType(ty)
	}
	if s.tainted && v != nil {
		t.addVal(v)
	}
	return s.cost
}
