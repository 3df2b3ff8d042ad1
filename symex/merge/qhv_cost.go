package merge

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

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
//   - the taint is forward data dependence from v's value at l, over the
//     code ahead of l only (codeIndex: what the waiting state's frames can
//     still run and what that calls), computed once per variable and point
//     and flow-insensitively within that code: through SSA operands (a phi
//     when any operand is tainted), into callees (arguments to parameters,
//     free variables) and out of them (a tainted return taints the calls of
//     the function, the call a caller frame waits on included), and through
//     memory: a load through a tainted address is tainted, and a load of
//     memory a tainted value was stored to ahead is tainted. The alias
//     policy is field-sensitive, by allocation site where an address is
//     visibly computed from one in its function, and by type (struct and
//     field, element type, cell type) elsewhere (memKey, readKeys). A memory
//     object's contents taint the loads through addresses derived from its
//     site and the loads of its fields and elements (basic types included)
//     through pointers of unknown origin.
//
// The taint was first a closure over the whole program, memory by the
// loaded value's type: a value stored before l tainted every later load of
// its type (BST's finished loop counter, stored as a key into a tree node,
// made the lookup's key compares depend on it: D = 2 of C = 7, hot), two
// local [5]int8 arrays aliased, and an object's scalar fields read through
// pointers in other functions were not counted at all (container/list's
// List: D = 0, so qhv merged lists of different lengths and ListOps took
// 319 queries where none takes 1).

// CostModel computes Eq. (7) sums for the code ahead of a waiting state.
type CostModel struct {
	Beta float64
	// the code ahead of each point (by where its frames resume), for the
	// taint closures; points with the same code ahead share one.
	indexes   map[string]*codeIndex
	byContent map[string]*codeIndex
	fns       map[*ssa.Function]*fnIndex
	// every indexed function's reads by key and calls by callee
	readsByKey    map[string][]ssa.Value
	callsByCallee map[*ssa.Function][]ssa.Value
	// closures by code ahead and seed
	closures map[closureKey]*taint
}

type closureKey struct {
	ix    *codeIndex
	seeds string // seedsKey
}

// closureOf is closure, cached by code ahead and seeds.
func (m *CostModel) closureOf(ix *codeIndex, seeds *Seeds) *taint {
	k := closureKey{ix: ix, seeds: seeds.key()}
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

// key names the seeds, whatever their order.
func (s *Seeds) key() string {
	ps := make([]string, 0, len(s.Values)+len(s.Sites)+1)
	for _, v := range s.Values {
		ps = append(ps, fmt.Sprintf("v%p", v))
	}
	for _, v := range s.Sites {
		ps = append(ps, fmt.Sprintf("s%p", v))
	}
	for _, f := range s.Fields {
		ps = append(ps, fmt.Sprintf("f%p.%d", f.Site, f.Field))
	}
	if s.AllMemory {
		ps = append(ps, "*")
	}
	slices.Sort(ps)
	return strings.Join(slices.Compact(ps), ",")
}

// Seeds is where a taint starts: SSA values, and memory objects by
// allocation site. AllMemory marks an object whose site is unknown: every
// load is then tainted.
type Seeds struct {
	Values    []ssa.Value
	Sites     []ssa.Value
	Fields    []FieldSeed // one field of the objects of a site (sift's form)
	AllMemory bool
}

// FieldSeed is field Field of the struct objects allocated at Site.
type FieldSeed struct {
	Site  ssa.Value
	Field int
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
		w.taint = m.closureOf(m.indexOf(frames), seeds)
	}
	return w.run()
}

func (w *costWalk) run() float64 {
	top := len(w.frames) - 1
	return w.from(w.frames[top].Block, nil, w.frames[top].Next, top)
}

// CostOf is Eq. (7) from frames with query function q.
func (m *CostModel) CostOf(frames []Frame, q func(ssa.Instruction) float64) float64 {
	if len(frames) == 0 {
		return 0
	}
	w := &costWalk{m: m, frames: frames, sitef: q, onPath: map[*ssa.BasicBlock]bool{}, memo: map[walkKey]float64{},
		sums: map[*ssa.Function]float64{}, active: map[*ssa.Function]bool{}}
	return w.run()
}

// maxCallDepth is how deep into calls a sum looks (and the taint runs).
const maxCallDepth = 4

// costWalk is one computation of a sum.
type costWalk struct {
	m     *CostModel
	taint *taint // nil: every site counts
	// sitef, when set, is the query function instead of taint's
	sitef  func(ssa.Instruction) float64
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
	if w.sitef != nil {
		return w.sitef(in)
	}
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
	if fn == nil || len(fn.Blocks) == 0 || w.active[fn] || w.depth >= maxCallDepth {
		return 0
	}
	if c, ok := w.sums[fn]; ok {
		return c
	}
	inner := &costWalk{m: w.m, taint: w.taint, sitef: w.sitef, onPath: map[*ssa.BasicBlock]bool{}, memo: w.memo, sums: w.sums,
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

// codeIndex is the code ahead of a waiting state: the instructions its
// frames can still run (the top frame's from the merge point, each
// caller's after its call, and whatever blocks those reach) and every
// function they call. depend(l, v, l', e) is about e at some l' after l,
// so the taint runs over this code only: a value stored into memory
// before l, or an SSA value only code before l uses, taints nothing.
// Whole functions' reads and calls are indexed once per function
// (fnIndex, shared by every point); a point adds its frames' blocks.
type codeIndex struct {
	m      *CostModel
	blocks map[*ssa.BasicBlock]bool // frames' blocks with code ahead
	behind map[ssa.Instruction]bool // instructions of those blocks before the resume point
	fns    map[*ssa.Function]bool   // whole functions called from the code ahead
	own    *fnIndex                 // the reads and calls of the frames' code ahead
	reads  map[string][]ssa.Value   // memory reads ahead by key, merged on demand
	calls  map[*ssa.Function][]ssa.Value
}

// fnIndex is what a piece of code reads from memory (loads, map lookups,
// by the keys of readKeys) and the values of its calls by static callee.
type fnIndex struct {
	reads   map[string][]ssa.Value
	calls   map[*ssa.Function][]ssa.Value
	callees []*ssa.Function // static callees and closures made
}

func newFnIndex() *fnIndex {
	return &fnIndex{reads: map[string][]ssa.Value{}, calls: map[*ssa.Function][]ssa.Value{}}
}

func (fx *fnIndex) add(in ssa.Instruction) {
	switch x := in.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			for _, k := range readKeys(x.X, x) {
				fx.reads[k] = append(fx.reads[k], x)
			}
		}
	case *ssa.Lookup:
		if _, isMap := x.X.Type().Underlying().(*types.Map); isMap {
			k := "M" + typeKey(x.X.Type())
			fx.reads[k] = append(fx.reads[k], x)
		}
	case *ssa.MakeClosure:
		if fn, ok := x.Fn.(*ssa.Function); ok {
			fx.callees = append(fx.callees, fn)
		}
	case ssa.CallInstruction:
		if callee := x.Common().StaticCallee(); callee != nil {
			if v := x.Value(); v != nil {
				fx.calls[callee] = append(fx.calls[callee], v)
			}
			fx.callees = append(fx.callees, callee)
		}
	}
}

// fnIndexOf indexes a whole function, once.
func (m *CostModel) fnIndexOf(fn *ssa.Function) *fnIndex {
	if fx, ok := m.fns[fn]; ok {
		return fx
	}
	fx := newFnIndex()
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			fx.add(in)
		}
	}
	fx.callees = append(fx.callees, fn.AnonFuncs...)
	if m.fns == nil {
		m.fns, m.readsByKey, m.callsByCallee = map[*ssa.Function]*fnIndex{}, map[string][]ssa.Value{}, map[*ssa.Function][]ssa.Value{}
	}
	m.fns[fn] = fx
	for k, rs := range fx.reads {
		m.readsByKey[k] = append(m.readsByKey[k], rs...)
	}
	for c, vs := range fx.calls {
		m.callsByCallee[c] = append(m.callsByCallee[c], vs...)
	}
	return fx
}

// indexOf is the code index of the code ahead of frames, cached by where
// each frame resumes.
func (m *CostModel) indexOf(frames []Frame) *codeIndex {
	key := framesKey(frames)
	if ix, ok := m.indexes[key]; ok {
		return ix
	}
	ix := &codeIndex{m: m, blocks: map[*ssa.BasicBlock]bool{}, behind: map[ssa.Instruction]bool{},
		fns: map[*ssa.Function]bool{}, own: newFnIndex(), reads: map[string][]ssa.Value{},
		calls: map[*ssa.Function][]ssa.Value{}}
	for i, f := range frames {
		ix.visitFrom(f.Block, f.Next)
		// the call a caller waits on: the callee's return value flows there
		if i+1 < len(frames) && f.Next > 0 {
			if v, ok := f.Block.Instrs[f.Next-1].(ssa.Value); ok {
				callee := frames[i+1].Block.Parent()
				ix.own.calls[callee] = append(ix.own.calls[callee], v)
			}
		}
	}
	ix.visit(ix.own.callees)
	if m.indexes == nil {
		m.indexes, m.byContent = map[string]*codeIndex{}, map[string]*codeIndex{}
	}
	// Points with the same code ahead (the blocks of one loop, say) share
	// one index, hence their taint closures.
	ck := ix.contentKey()
	if same, ok := m.byContent[ck]; ok {
		ix = same
	} else {
		m.byContent[ck] = ix
	}
	m.indexes[key] = ix
	return ix
}

// contentKey names the code ahead: the frames' blocks and the
// instructions of those before their resume points (the whole functions
// follow from these).
func (ix *codeIndex) contentKey() string {
	ps := make([]string, 0, len(ix.blocks)+len(ix.behind))
	for b := range ix.blocks {
		ps = append(ps, fmt.Sprintf("b%p", b))
	}
	for in := range ix.behind {
		ps = append(ps, fmt.Sprintf("i%p", in))
	}
	slices.Sort(ps)
	return strings.Join(ps, ",")
}

func framesKey(frames []Frame) string {
	var b strings.Builder
	for _, f := range frames {
		fmt.Fprintf(&b, "%p:%d;", f.Block, f.Next)
	}
	return b.String()
}

// visitFrom adds instruction next of b on and every block reachable from
// b; a block reached again from an earlier instruction (a cycle back to a
// resume point, or a recursive frame) gets those instructions too.
func (ix *codeIndex) visitFrom(b *ssa.BasicBlock, next int) {
	if ix.blocks[b] {
		for i, in := range b.Instrs {
			if i >= next && ix.behind[in] {
				delete(ix.behind, in)
				ix.own.add(in)
			}
		}
		return
	}
	ix.blocks[b] = true
	for i, in := range b.Instrs {
		if i < next {
			ix.behind[in] = true
		} else {
			ix.own.add(in)
		}
	}
	for _, s := range b.Succs {
		ix.visitFrom(s, 0)
	}
}

// visit adds whole functions: the callees of the frames' code and what
// they call, to the depth the sums look into (maxCallDepth). A call to a
// function beyond it is, for the taint, a call without a body (its result
// depends on its arguments), as the sums cost it 0.
func (ix *codeIndex) visit(callees []*ssa.Function) {
	level := callees
	for depth := 1; depth <= maxCallDepth && len(level) > 0; depth++ {
		var next []*ssa.Function
		for _, fn := range level {
			if fn == nil || ix.fns[fn] {
				continue
			}
			ix.fns[fn] = true
			next = append(next, ix.m.fnIndexOf(fn).callees...)
		}
		level = next
	}
}

// ahead reports whether in is in the code ahead.
func (ix *codeIndex) ahead(in ssa.Instruction) bool {
	if ix.fns[in.Parent()] {
		return true
	}
	return ix.blocks[in.Block()] && !ix.behind[in]
}

// readsOf are the memory reads ahead indexed under key k.
func (ix *codeIndex) readsOf(k string) []ssa.Value {
	return aheadOf(ix, ix.reads, k, ix.own.reads[k], ix.m.readsByKey[k])
}

// callsOf are the calls of fn ahead (and the call a caller frame waits on).
func (ix *codeIndex) callsOf(fn *ssa.Function) []ssa.Value {
	return aheadOf(ix, ix.calls, fn, ix.own.calls[fn], ix.m.callsByCallee[fn])
}

// aheadOf returns cache[k], computed once: the point's own values for k and
// those of the whole-function index (all) that lie in a function ahead.
func aheadOf[K comparable](ix *codeIndex, cache map[K][]ssa.Value, k K, own, all []ssa.Value) []ssa.Value {
	if vs, ok := cache[k]; ok {
		return vs
	}
	vs := append([]ssa.Value(nil), own...)
	for _, v := range all {
		if ix.fns[v.Parent()] {
			vs = append(vs, v)
		}
	}
	cache[k] = vs
	return vs
}

// allTypeReads calls f with every read ahead (an object of unknown site).
func (ix *codeIndex) allTypeReads(f func(ssa.Value)) {
	each := func(fx *fnIndex) {
		for k, rs := range fx.reads {
			if strings.HasPrefix(k, "T") || strings.HasPrefix(k, "a") {
				for _, r := range rs {
					f(r)
				}
			}
		}
	}
	each(ix.own)
	for fn := range ix.fns {
		each(ix.m.fnIndexOf(fn))
	}
}

// The alias policy of the taint: field-sensitive, by allocation site where
// the address visibly starts at one, by type elsewhere. memKey names the
// memory an address reads or writes by type: field i of struct type S
// ("F" S.i), an element of an array or slice of T ("E" T), or a whole
// cell of type T through any other pointer ("C" T). An address computed
// from an allocation (an Alloc, a MakeSlice, a Global) in the same
// function reads that site's memory ("A" site, and "A" site K); any other
// address ("u" K) may point into any object of the type.
func memKey(addr ssa.Value) string {
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		return "F" + typeKey(deref(a.X.Type())) + "." + strconv.Itoa(a.Field)
	case *ssa.IndexAddr:
		return "E" + typeKey(deref(a.Type()))
	}
	return "C" + typeKey(deref(addr.Type()))
}

// base is the allocation an address is computed from in its function, nil
// when it comes from a parameter, a load, a call…
func base(addr ssa.Value) ssa.Value {
	for {
		switch a := addr.(type) {
		case *ssa.FieldAddr:
			addr = a.X
		case *ssa.IndexAddr:
			addr = a.X
		case *ssa.Slice:
			addr = a.X
		case *ssa.Alloc, *ssa.MakeSlice, *ssa.Global:
			return a
		default:
			return nil
		}
	}
}

func siteKey(site ssa.Value) string { return fmt.Sprintf("A%p", site) }

// readKeys are the keys a read of v through addr is indexed under.
func readKeys(addr, v ssa.Value) []string {
	k := memKey(addr)
	if b := base(addr); b != nil {
		return []string{siteKey(b), siteKey(b) + k, "a" + k}
	}
	return []string{"u" + k, "T" + typeKey(v.Type())}
}

func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// closure computes the taint of seeds over the code of ix (see the comment
// at the top).
func closure(ix *codeIndex, seeds *Seeds) *taint {
	c := &closer{ix: ix, t: &taint{vals: map[ssa.Value]bool{}, all: seeds.AllMemory}, addrs: map[ssa.Value]bool{},
		keys: map[string]bool{}, retTainted: map[*ssa.Function]bool{}}
	for _, v := range seeds.Values {
		c.add(v)
	}
	for _, site := range seeds.Sites {
		for _, a := range derived(site) {
			c.addAddr(a)
		}
		c.addKey(siteKey(site))
		c.addObject(deref(site.Type()))
	}
	for _, f := range seeds.Fields {
		c.addField(f)
	}
	if seeds.AllMemory {
		ix.allTypeReads(c.add)
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
	keys       map[string]bool    // memory (memKey) holding tainted values
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
			if l, ok := r.(*ssa.UnOp); ok && l.Op == token.MUL && l.X == a && c.ix.ahead(l) {
				c.add(l)
			}
		}
	}
}

// addKey taints the reads indexed under k.
func (c *closer) addKey(k string) {
	if c.keys[k] {
		return
	}
	c.keys[k] = true
	for _, r := range c.ix.readsOf(k) {
		c.add(r)
	}
}

// addStore taints what a tainted value stored at addr reaches: the reads
// of the same memory through the same site, and through pointers of
// unknown origin; a store through a pointer of unknown origin reaches
// every read of the key, and a whole cell of type T every read of a T.
func (c *closer) addStore(addr ssa.Value) {
	k := memKey(addr)
	c.addKey("u" + k)
	if b := base(addr); b != nil {
		c.addKey(siteKey(b) + k)
	} else {
		c.addKey("a" + k)
	}
	t := deref(addr.Type())
	if k[0] == 'C' {
		c.addKey("T" + typeKey(t))
	} else {
		c.addKey("uC" + typeKey(t)) // a *T to the field or element, from elsewhere
	}
}

// addObject taints the reads of an object of type t through pointers of
// unknown origin (its own site's reads are the site key): every field (of
// nested struct fields too), every element, whole loads of t.
func (c *closer) addObject(t types.Type) {
	c.addKey("uC" + typeKey(t))
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			c.addKey("uF" + typeKey(t) + "." + strconv.Itoa(i))
			ft := u.Field(i).Type()
			c.addKey("uC" + typeKey(ft))
			switch ft.Underlying().(type) {
			case *types.Struct, *types.Array:
				c.addObject(ft)
			}
		}
	case *types.Array:
		c.addKey("uE" + typeKey(u.Elem()))
		c.addKey("uC" + typeKey(u.Elem()))
	case *types.Slice: // a MakeSlice site: its backing array
		c.addKey("uE" + typeKey(u.Elem()))
		c.addKey("uC" + typeKey(u.Elem()))
	}
}

// addField taints the reads of one field of the objects of a site: through
// the field's addresses derived from the site in its function, through the
// site's key for that field, and through pointers of unknown origin to the
// field or to a whole object of the type (and a *F to the field).
func (c *closer) addField(f FieldSeed) {
	t := deref(f.Site.Type())
	st, ok := t.Underlying().(*types.Struct)
	if !ok || f.Field >= st.NumFields() {
		return
	}
	for _, a := range derived(f.Site) {
		if fa, ok := a.(*ssa.FieldAddr); ok && fa.Field == f.Field {
			for _, d := range derived(fa) {
				c.addAddr(d)
			}
		}
	}
	k := "F" + typeKey(t) + "." + strconv.Itoa(f.Field)
	c.addKey(siteKey(f.Site) + k)
	c.addKey(siteKey(f.Site) + "C" + typeKey(t))
	c.addKey("u" + k)
	c.addKey("uC" + typeKey(t))
	ft := st.Field(f.Field).Type()
	c.addKey("uC" + typeKey(ft))
	switch ft.Underlying().(type) {
	case *types.Struct, *types.Array:
		c.addObject(ft)
	}
}

// propagate taints what a tainted value reaches ahead.
func (c *closer) propagate(v ssa.Value) {
	refs := v.Referrers()
	if refs == nil {
		return
	}
	for _, r := range *refs {
		if !c.ix.ahead(r) {
			continue
		}
		switch x := r.(type) {
		case *ssa.Store:
			if x.Val == v {
				c.addStore(x.Addr)
			}
		case *ssa.MapUpdate:
			if x.Value == v || x.Key == v {
				c.addKey("M" + typeKey(x.Map.Type()))
			}
		case *ssa.Return:
			fn := x.Parent()
			if !c.retTainted[fn] {
				c.retTainted[fn] = true
				for _, cv := range c.ix.callsOf(fn) {
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
			if callee != nil && len(callee.Blocks) > 0 && c.ix.fns[callee] {
				for i, a := range com.Args {
					if a == v && i < len(callee.Params) {
						c.add(callee.Params[i])
					}
				}
				if com.Value == v { // a closure value called
					c.addResult(x)
				}
				continue
			}
			c.addResult(x) // no body: the result depends on the arguments
		case ssa.Value:
			c.add(x)
		}
	}
}

// addResult taints the result of call x. Go and Defer have none: their
// Value is a nil *ssa.Call, which as an ssa.Value is not nil.
func (c *closer) addResult(x ssa.CallInstruction) {
	if v := x.Value(); v != nil {
		c.add(v)
	}
}

// derived is site and the values of its function computed from it by
// address arithmetic, conversions and phis: the addresses into the object.
// (Addresses the object's pointer reaches through memory or calls are
// covered by the memory keys.)
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
