package merge

import (
	"go/token"
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
//   - the cost from a block is memoised by (block, predecessor, frame),
//     which is exact on acyclic code and ignores which blocks the path
//     holds inside loops;
//   - a return goes on after the call in the caller's frame, for the frames
//     the waiting state has; the entry function's return is the last
//     instruction;
//   - a call to a function with a body costs that function's own Eq. (7)
//     sum once, as a summary (not once per path through it); a call
//     without a body, or recursive, or deeper than 4, costs 0;
//   - the taint is forward data dependence, computed once per variable and
//     flow-insensitively (taint.go's closure): through SSA operands (a phi
//     when any operand is tainted), into callees (arguments to parameters,
//     free variables) and out of them (a tainted return taints every call of
//     the function), and through memory by type: a load through a tainted
//     address is tainted, and a load of a type a tainted value was stored as
//     is tainted (a conservative alias policy). A memory object's contents
//     taint the loads through addresses derived from its allocation site and
//     the loads of its type and of its fields' and elements' types that are
//     not basic types (contentTypes).

// CostModel computes Eq. (7) sums for the code ahead of a waiting state.
type CostModel struct {
	Beta float64
	// indexes of the code reachable from an entry function, for the taint
	// closures (built once per entry).
	indexes map[*ssa.Function]*codeIndex
	// closures by seed: a taint does not depend on where the state waits.
	closures map[closureKey]*taint
}

type closureKey struct {
	ix        *codeIndex
	size      int // functions in ix: a grown index makes a new closure
	val, site ssa.Value
	all       bool
}

// closureOf is closure, cached for one seed.
func (m *CostModel) closureOf(ix *codeIndex, seeds *Seeds) *taint {
	if len(seeds.Values)+len(seeds.Sites) > 1 {
		return closure(ix, seeds)
	}
	k := closureKey{ix: ix, size: len(ix.seen), all: seeds.AllMemory}
	if len(seeds.Values) == 1 {
		k.val = seeds.Values[0]
	}
	if len(seeds.Sites) == 1 {
		k.site = seeds.Sites[0]
	}
	if t, ok := m.closures[k]; ok {
		return t
	}
	t := closure(ix, seeds)
	if m.closures == nil {
		m.closures = map[closureKey]*taint{}
	}
	m.closures[k] = t
	return t
}

// Seeds is where a taint starts: SSA values, and memory objects by
// allocation site. AllMemory marks an object whose site is unknown: every
// load is then tainted.
type Seeds struct {
	Values    []ssa.Value
	Sites     []ssa.Value
	AllMemory bool
}

// Cost is Eq. (7) from where a state with frames waits (the top frame at
// its Next instruction), with every site counting when seeds is nil, else
// the sites that read a value tainted from seeds.
func (m *CostModel) Cost(frames []Frame, seeds *Seeds) float64 {
	if len(frames) == 0 {
		return 0
	}
	w := &costWalk{m: m, frames: frames, onPath: map[*ssa.BasicBlock]bool{}, memo: map[walkKey]float64{},
		sums: map[*ssa.Function]float64{}, active: map[*ssa.Function]bool{}}
	if seeds != nil {
		ix := m.indexOf(frames[0].Block.Parent())
		for _, f := range frames[1:] {
			ix.visit(f.Block.Parent()) // reached by a dynamic call
		}
		w.taint = m.closureOf(ix, seeds)
	}
	top := len(frames) - 1
	return w.from(frames[top].Block, nil, frames[top].Next, top)
}

// costWalk is one computation of a sum.
type costWalk struct {
	m      *CostModel
	taint  *taint // nil: every site counts
	frames []Frame
	onPath map[*ssa.BasicBlock]bool
	memo   map[walkKey]float64
	sums   map[*ssa.Function]float64
	active map[*ssa.Function]bool // callees being summed
	depth  int
}

type walkKey struct {
	b, from     *ssa.BasicBlock
	start       int
	frame       int
	summaryWalk bool
}

// from is the sum from instruction start of block b (entered from from,
// nil when the walk starts inside b) in frame depth frame.
func (w *costWalk) from(b *ssa.BasicBlock, from *ssa.BasicBlock, start, frame int) float64 {
	if from != nil && w.onPath[b] {
		return 0
	}
	key := walkKey{b: b, from: from, start: start, frame: frame, summaryWalk: w.depth > 0}
	if c, ok := w.memo[key]; ok {
		return c
	}
	w.onPath[b] = true
	c := w.block(b, start, frame)
	delete(w.onPath, b)
	w.memo[key] = c
	return c
}

// site is the query function at an instruction.
func (w *costWalk) site(in ssa.Instruction) float64 {
	if w.taint == nil || w.taint.reads(in) {
		return 1
	}
	return 0
}

func (w *costWalk) block(b *ssa.BasicBlock, start, frame int) float64 {
	var sum float64
	for i := start; i < len(b.Instrs); i++ {
		switch x := b.Instrs[i].(type) {
		case *ssa.If:
			return sum + w.site(x) + w.m.Beta*w.from(b.Succs[0], b, 0, frame) + w.m.Beta*w.from(b.Succs[1], b, 0, frame)
		case *ssa.Jump:
			return sum + w.from(b.Succs[0], b, 0, frame)
		case *ssa.Panic:
			return sum
		case *ssa.Return:
			if w.depth > 0 || frame == 0 || frame >= len(w.frames) {
				return sum
			}
			caller := w.frames[frame-1]
			return sum + w.from(caller.Block, nil, caller.Next, frame-1)
		case *ssa.UnOp:
			if x.Op == token.MUL {
				sum += w.site(x)
			}
		case *ssa.Store:
			sum += w.site(x)
		case ssa.CallInstruction:
			sum += w.call(x)
		}
	}
	return sum
}

// call costs a call by its callee's summary: the callee's own Eq. (7) sum
// from its entry, its returns ending it.
func (w *costWalk) call(x ssa.CallInstruction) float64 {
	fn := x.Common().StaticCallee()
	if fn == nil || len(fn.Blocks) == 0 || w.active[fn] || w.depth >= 4 {
		return 0
	}
	if c, ok := w.sums[fn]; ok {
		return c
	}
	inner := &costWalk{m: w.m, taint: w.taint, onPath: map[*ssa.BasicBlock]bool{}, memo: w.memo, sums: w.sums,
		active: w.active, depth: w.depth + 1}
	w.active[fn] = true
	c := inner.from(fn.Blocks[0], nil, 0, 0)
	delete(w.active, fn)
	w.sums[fn] = c
	return c
}

// taint is the values tainted from some seeds.
type taint struct {
	vals map[ssa.Value]bool
	all  bool // every load is tainted (an object of unknown site)
}

// reads reports whether in reads a tainted value.
func (t *taint) reads(in ssa.Instruction) bool {
	var buf [8]*ssa.Value
	for _, op := range in.Operands(buf[:0]) {
		if *op != nil && t.vals[*op] {
			return true
		}
	}
	return false
}

// codeIndex lists the loads (by type) and the calls (by static callee) of
// the functions reachable from an entry by static calls.
type codeIndex struct {
	seen  map[*ssa.Function]bool
	loads map[string][]*ssa.UnOp
	calls map[*ssa.Function][]ssa.Value
}

func (m *CostModel) indexOf(entry *ssa.Function) *codeIndex {
	if ix, ok := m.indexes[entry]; ok {
		return ix
	}
	ix := &codeIndex{seen: map[*ssa.Function]bool{}, loads: map[string][]*ssa.UnOp{}, calls: map[*ssa.Function][]ssa.Value{}}
	ix.visit(entry)
	if m.indexes == nil {
		m.indexes = map[*ssa.Function]*codeIndex{}
	}
	m.indexes[entry] = ix
	return ix
}

func (ix *codeIndex) visit(fn *ssa.Function) {
	if fn == nil || ix.seen[fn] {
		return
	}
	ix.seen[fn] = true
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch x := in.(type) {
			case *ssa.UnOp:
				if x.Op == token.MUL {
					k := typeKey(x.Type())
					ix.loads[k] = append(ix.loads[k], x)
				}
			case ssa.CallInstruction:
				if callee := x.Common().StaticCallee(); callee != nil {
					if v := x.Value(); v != nil {
						ix.calls[callee] = append(ix.calls[callee], v)
					}
					ix.visit(callee)
				}
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		ix.visit(anon)
	}
}

// closure computes the taint of seeds over the code of ix (see the comment
// at the top).
func closure(ix *codeIndex, seeds *Seeds) *taint {
	c := &closer{ix: ix, t: &taint{vals: map[ssa.Value]bool{}, all: seeds.AllMemory}, addrs: map[ssa.Value]bool{},
		types: map[string]bool{}, retTainted: map[*ssa.Function]bool{}}
	for _, v := range seeds.Values {
		c.add(v)
	}
	for _, site := range seeds.Sites {
		for _, a := range derived(site) {
			c.addAddr(a)
		}
		if p, ok := site.Type().Underlying().(*types.Pointer); ok {
			for _, ty := range contentTypes(p.Elem()) {
				c.addType(ty)
			}
		}
	}
	if seeds.AllMemory {
		for _, ls := range ix.loads {
			for _, l := range ls {
				c.add(l)
			}
		}
	}
	for len(c.work) > 0 {
		v := c.work[len(c.work)-1]
		c.work = c.work[:len(c.work)-1]
		c.propagate(v)
	}
	return c.t
}

// closer is closure's worklist.
type closer struct {
	ix         *codeIndex
	t          *taint
	work       []ssa.Value
	addrs      map[ssa.Value]bool // addresses into seed objects: loads through them are tainted
	types      map[string]bool    // memory types holding tainted values
	retTainted map[*ssa.Function]bool
}

func typeKey(t types.Type) string { return types.TypeString(t, nil) }

func (c *closer) add(v ssa.Value) {
	if v == nil || c.t.vals[v] {
		return
	}
	c.t.vals[v] = true
	c.work = append(c.work, v)
}

func (c *closer) addAddr(a ssa.Value) {
	if c.addrs[a] {
		return
	}
	c.addrs[a] = true
	if refs := a.Referrers(); refs != nil {
		for _, r := range *refs {
			if l, ok := r.(*ssa.UnOp); ok && l.Op == token.MUL && l.X == a {
				c.add(l)
			}
		}
	}
}

func (c *closer) addType(t types.Type) {
	k := typeKey(t)
	if c.types[k] {
		return
	}
	c.types[k] = true
	for _, l := range c.ix.loads[k] {
		c.add(l)
	}
}

// propagate taints what a tainted value reaches.
func (c *closer) propagate(v ssa.Value) {
	refs := v.Referrers()
	if refs == nil {
		return
	}
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.Store:
			if x.Val == v {
				c.addType(v.Type())
			}
		case *ssa.Return:
			fn := x.Parent()
			if !c.retTainted[fn] {
				c.retTainted[fn] = true
				for _, cv := range c.ix.calls[fn] {
					c.add(cv)
				}
			}
		case *ssa.MakeClosure:
			fn, _ := x.Fn.(*ssa.Function)
			for i, b := range x.Bindings {
				if b == v && fn != nil && i < len(fn.FreeVars) {
					c.add(fn.FreeVars[i])
				}
			}
			c.add(x)
		case ssa.CallInstruction:
			com := x.Common()
			callee := com.StaticCallee()
			if callee != nil && len(callee.Blocks) > 0 {
				for i, a := range com.Args {
					if a == v && i < len(callee.Params) {
						c.add(callee.Params[i])
					}
				}
				if com.Value == v { // a closure value called
					c.add(x.Value())
				}
				continue
			}
			c.add(x.Value()) // no body: the result depends on the arguments
		case ssa.Value:
			c.add(x)
		}
	}
}

// contentTypes is t and the types of its fields or elements: the types a
// load from an object of type t may have. Basic types are left out: a
// load of an int8 elsewhere is taken to read another object (the rule
// would make every small scalar hot), so D undercounts loads of an
// object's scalar fields through pointers that left its function.
func contentTypes(t types.Type) []types.Type {
	var out []types.Type
	keep := func(t types.Type) {
		if _, basic := t.Underlying().(*types.Basic); !basic {
			out = append(out, t)
		}
	}
	keep(t)
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			keep(u.Field(i).Type())
		}
	case *types.Array:
		keep(u.Elem())
	}
	return out
}

// derived is site and the values of its function computed from it by
// address arithmetic, conversions and phis: the addresses into the object.
// (Addresses the object's pointer reaches through memory or calls are
// covered by the type rule.)
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
				*ssa.Slice, *ssa.SliceToArrayPointer:
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
