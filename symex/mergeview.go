package symex

import (
	"fmt"
	"go/types"
	"hash/fnv"
	"slices"
	"sort"
	"strconv"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/sift-solver/sift/symex/merge"
	"github.com/sift-solver/sift/term"
)

// A state as merging sees it (merge.View): everything that is not a term
// (frames, blocks, object ids, the shape of every value, pointers' objects
// and fields, functions, interfaces' dynamic types, Opaque values) is
// hashed into the layout; every term leaf is a cell, pointers' index terms
// included. The concrete length bounds of strings and slices (Max) are
// neither: a merged state takes the largest of its members', which bounds
// the merged length as well. One walk (walkState) serves both
// directions: it flattens a parked state into a view, and it rebuilds a
// merged state from a member by putting the merged cells back in the same
// order.
//
// Only live SSA values are part of a frame. A value v defined in block D is
// kept at block B (the frame's block, at the next instruction to run) when
// D strictly dominates B, or D is B and v comes before that instruction.
// Every state at B then has v, since every path to B ran D. Any other value
// is dead at B: let U use v, so D dominates U. If some path from B reached
// U without running D again, then a path from the entry to B that avoids D
// (one exists, D not dominating B) followed by it would reach U without D.
// So every use of v after B is preceded by a new definition, and the old
// value is never read. In particular a value defined on one side of a join
// only is dead at the join, which lets the two sides merge. Of the values
// kept, those defined outside B that no path from B's entry uses
// (merge.Liveness) give cells marked Dead: a loop's counter at an exit
// that returns (netip.ParseAddr's i before parseIPv4(s)). They stay in the
// state (seed 000's merged memory has them), but pat does not build a
// pattern merge for them alone ("no cell uses k").

// valuePos places an SSA value of a function: its rank in a fixed order of
// all the function's values (parameters, free variables, then instructions
// block by block) and its index in its block.
type valuePos struct {
	rank, index int
}

// walkTables are what a state walk hashes into layouts and reads of each
// function: identities of functions, call sites, builtins and types, the
// order of a function's values and their liveness. Merging keeps one set
// for an exploration, and so does a follow run's shadow (follow.go).
type walkTables struct {
	order   map[*ssa.Function]map[ssa.Value]valuePos
	ids     map[any]int // identities of functions, call sites and builtins in layouts
	typeIDs typeutil.Map
	opaque  int // layouts nothing else may equal
	live    *merge.Liveness
	livePos map[livePos][]ssa.Value // liveAt's table
}

// livePos is a position in a function: a block and the next instruction.
type livePos struct {
	fn    *ssa.Function
	block int
	pc    int
}

func newWalkTables() walkTables {
	return walkTables{order: map[*ssa.Function]map[ssa.Value]valuePos{}, ids: map[any]int{}, live: merge.NewLiveness(),
		livePos: map[livePos][]ssa.Value{}}
}

func (t *walkTables) orderOf(fn *ssa.Function) map[ssa.Value]valuePos {
	o, ok := t.order[fn]
	if ok {
		return o
	}
	o = map[ssa.Value]valuePos{}
	for _, p := range fn.Params {
		o[p] = valuePos{len(o), -1}
	}
	for _, fv := range fn.FreeVars {
		o[fv] = valuePos{len(o), -1}
	}
	for _, b := range fn.Blocks {
		for i, in := range b.Instrs {
			if v, ok := in.(ssa.Value); ok {
				o[v] = valuePos{len(o), i}
			}
		}
	}
	t.order[fn] = o
	return o
}

// liveKeys lists the values of f's environment that are live at its
// position (see above), in the function's fixed order.
// deadAt reports whether no path from f's block's entry uses k, a value
// of f.fn that liveKeys keeps, when k was defined before that block (a value defined in
// it, before the next instruction, may be used after it: never dead here).
func (t *walkTables) deadAt(f *frame, k ssa.Value) bool {
	if in, ok := k.(ssa.Instruction); ok && in.Block() == f.block {
		return false
	}
	return !t.live.LiveAt(f.fn, f.block.Index, k)
}

// allKeys lists the values of f's environment, live or not, in the
// function's fixed order (those of no place in it last).
func (t *walkTables) allKeys(f *frame) []ssa.Value {
	return t.keysOf(f, false)
}

func (t *walkTables) liveKeys(f *frame) []ssa.Value {
	return t.keysOf(f, true)
}

// liveAt is liveKeys for a frame whose environment holds values of its
// function only (a follow run's: no merge rebuilt it), from a table of
// the values live at each position instead of a sort.
func (t *walkTables) liveAt(f *frame) []ssa.Value {
	at := livePos{f.fn, f.block.Index, f.pc}
	all, ok := t.livePos[at]
	if !ok {
		o := t.orderOf(f.fn)
		all = make([]ssa.Value, len(o))
		for k, pos := range o {
			if in, ok := k.(ssa.Instruction); ok && pos.index >= 0 {
				d := in.Block()
				if d == f.block && pos.index >= f.pc || d != f.block && !d.Dominates(f.block) {
					continue
				}
			}
			all[pos.rank] = k
		}
		all = slices.DeleteFunc(all, func(k ssa.Value) bool { return k == nil })
		t.livePos[at] = all
	}
	out := make([]ssa.Value, 0, len(all))
	for _, k := range all {
		if _, ok := f.env[k]; ok {
			out = append(out, k)
		}
	}
	return out
}

func (t *walkTables) keysOf(f *frame, liveOnly bool) []ssa.Value {
	o := t.orderOf(f.fn)
	type ranked struct {
		rank int
		k    ssa.Value
	}
	keys := make([]ranked, 0, len(f.env))
	var unknown []ssa.Value
	for k := range f.env {
		pos, known := o[k]
		if !known {
			unknown = append(unknown, k) // not a value of f.fn: kept, and it spoils the layout
			continue
		}
		if in, ok := k.(ssa.Instruction); ok && pos.index >= 0 && liveOnly {
			d := in.Block()
			if d == f.block && pos.index >= f.pc || d != f.block && !d.Dominates(f.block) {
				continue
			}
		}
		keys = append(keys, ranked{pos.rank, k})
	}
	slices.SortFunc(keys, func(a, b ranked) int { return a.rank - b.rank })
	out := make([]ssa.Value, 0, len(keys)+len(unknown))
	for _, r := range keys {
		out = append(out, r.k)
	}
	return append(out, unknown...)
}

// flattener walks a state. Flattening, it hashes the layout and collects
// the cells; rebuilding (cells != nil), it replaces each cell by the next
// merged term, in the same order.
type flattener struct {
	e      *Executor
	t      *walkTables
	st     *term.Store
	layout uint64
	frames uint64 // the layout of the frames alone, before memory
	v      merge.VarID
	dead   bool         // flattening: v is dead at its frame's position (Cell.Dead)
	view   []merge.Cell // flattening
	bounds []int        // flattening: the length bounds met; rebuilding: the merged ones
	cells  []term.Term  // rebuilding: the merged terms
	next   int
	nextB  int
	err    error
	// follow walks a follow run's state (shadow.go): pointers, and the
	// bounds of slices and strings and the bytes of strings while they are
	// constants, are layout, not cells; the store holds scalars.
	follow bool
	// layoutFrom leaves the frames below it, and where its frame returns
	// to, out of the layout (their cells are walked all the same).
	layoutFrom int
	muted      bool
	// mapCell, when set, replaces each cell by what it returns for it, in
	// one walk that flattens and rebuilds (the state's frames are updated
	// in place).
	mapCell func(merge.Cell) term.Term
	// hashOnly computes the layout alone: no cells, paths or bounds.
	hashOnly bool
}

func (fl *flattener) rebuilding() bool { return fl.cells != nil || fl.mapCell != nil }

func (fl *flattener) mix(x int) {
	if !fl.muted {
		fl.layout = (fl.layout ^ uint64(x)) * 0x100000001b3
	}
}

func (fl *flattener) mixString(s string) {
	if fl.muted {
		return
	}
	h := fnv.New64a()
	h.Write([]byte(s))
	fl.layout = (fl.layout ^ h.Sum64()) * 0x100000001b3
}

// sub is the path of a part of a value (not computed when rebuilding from
// merged cells).
func (fl *flattener) sub(path, part string) string {
	if fl.cells != nil || fl.hashOnly {
		return ""
	}
	return path + part
}

func (fl *flattener) cell(t term.Term, path string) term.Term { return fl.cellKind(t, path, false) }

// cellKind passes one cell; loc says it is a pointer's location id.
func (fl *flattener) cellKind(t term.Term, path string, loc bool) term.Term {
	fl.mix('t')
	fl.mix(int(fl.st.SortOf(t)))
	if fl.hashOnly {
		return t
	}
	if !fl.rebuilding() {
		fl.view = append(fl.view, merge.Cell{Var: fl.v, Path: path, T: t, Loc: loc, Dead: fl.dead})
		return t
	}
	if fl.mapCell != nil {
		return fl.mapCell(merge.Cell{Var: fl.v, Path: path, T: t, Loc: loc})
	}
	if fl.next >= len(fl.cells) {
		fl.err = fmt.Errorf("fewer merged cells than the layout has")
		return t
	}
	n := fl.cells[fl.next]
	fl.next++
	if fl.st.SortOf(n) != fl.st.SortOf(t) {
		fl.err = fmt.Errorf("merged cell %d has sort %s, want %s", fl.next-1,
			fl.st.SortString(fl.st.SortOf(n)), fl.st.SortString(fl.st.SortOf(t)))
	}
	return n
}

// shape passes a term of a value's structure: a pointer's index, a slice's
// or a string's offset, length or capacity. Following, a constant one is
// layout.
func (fl *flattener) shape(t term.Term, path string) term.Term {
	if fl.follow && fl.st.IsConst(t) {
		fl.mix('c')
		fl.mix(int(t))
		return t
	}
	return fl.cell(t, path)
}

// bound passes a length bound: collected when flattening, the merged one
// when rebuilding.
func (fl *flattener) bound(x int) int {
	if fl.hashOnly {
		return x
	}
	if !fl.rebuilding() {
		fl.bounds = append(fl.bounds, x)
		return x
	}
	if fl.mapCell != nil {
		return x
	}
	if fl.nextB >= len(fl.bounds) {
		fl.err = fmt.Errorf("fewer merged bounds than the layout has")
		return x
	}
	fl.nextB++
	return fl.bounds[fl.nextB-1]
}

// value walks one value and returns it with its cells replaced (the same
// value when flattening).
func (fl *flattener) value(v Value, path string) Value {
	switch x := v.(type) {
	case nil:
		fl.mix('n')
		return nil
	case term.Term:
		return fl.cell(x, path)
	case Struct:
		fl.mix('s')
		fl.mix(len(x))
		var out Struct
		if fl.rebuilding() {
			out = make(Struct, len(x))
		}
		for i := range x {
			if y := fl.value(x[i], fl.sub(path, "."+strconv.Itoa(i))); out != nil {
				out[i] = y
			}
		}
		if out == nil {
			return x
		}
		return out
	case StringVal:
		if fl.follow { // only the follow walk asks: reading every byte is dear on big tables
			if text, ok := fl.e.concreteString(x); ok {
				fl.mix('s')
				fl.mixString(text)
				return x
			}
		}
		fl.mix('S')
		return StringVal{Bytes: fl.cell(x.Bytes, fl.sub(path, ".Bytes")), Off: fl.shape(x.Off, fl.sub(path, ".Off")),
			Len: fl.shape(x.Len, fl.sub(path, ".Len")), Max: fl.bound(x.Max)}
	case SliceVal:
		fl.mix('L')
		at := fl.place(x.Obj, x.At, fl.sub(path, ".At"))
		out := SliceVal{Obj: x.Obj, At: at, Off: fl.shape(x.Off, fl.sub(path, ".Off")), Len: fl.shape(x.Len, fl.sub(path, ".Len")),
			Cap: fl.shape(x.Cap, fl.sub(path, ".Cap")), Max: fl.bound(x.Max)}
		if x.Data != term.NoTerm {
			fl.mix('d')
			out.Data = fl.shape(x.Data, fl.sub(path, ".Data"))
		}
		if x.elemsInit != nil {
			fl.mix('i')
			out.elemsInit = fl.value(x.elemsInit, fl.sub(path, "[init]"))
		}
		return out
	case ArrayVal:
		fl.mix('A')
		fl.mix(x.Len)
		return ArrayVal{Elems: fl.value(x.Elems, fl.sub(path, "[elems]")), Len: x.Len}
	case Backing:
		fl.mix('B')
		return Backing{Elems: fl.value(x.Elems, fl.sub(path, "[elems]"))}
	case PtrVal:
		if fl.follow {
			fl.mix('p')
			return PtrVal{Obj: x.Obj, Path: fl.place(x.Obj, x.Path, fl.sub(path, ".ptr"))}
		}
		id, index := fl.e.locs.id(x)
		if v := fl.pointer(fl.st.ConstUint64(64, uint64(id)), index, path); v != nil {
			return v
		}
		return x
	case SymPtr:
		if v := fl.pointer(x.Loc, x.Index, path); v != nil {
			return v
		}
		return x
	case FuncVal:
		fl.mix('F')
		fl.mix(fl.t.id(x.Fn))
		fl.mix(len(x.Bindings))
		var b []Value
		if x.Bindings != nil {
			b = make([]Value, len(x.Bindings))
		}
		for i := range x.Bindings {
			b[i] = fl.value(x.Bindings[i], fl.sub(path, ".free"+strconv.Itoa(i)))
		}
		return FuncVal{Fn: x.Fn, Bindings: b}
	case IfaceVal:
		fl.mix('I')
		fl.mix(fl.typeID(x.T))
		return IfaceVal{T: x.T, V: fl.value(x.V, fl.sub(path, ".V"))}
	case Vec:
		fl.mix('V')
		fl.mix(len(x))
		var out Vec
		if fl.rebuilding() {
			out = make(Vec, len(x))
		}
		for i := range x {
			if y := fl.value(x[i], fl.sub(path, "["+strconv.Itoa(i)+"]")); out != nil {
				out[i] = y
			}
		}
		if out == nil {
			return x
		}
		return out
	case MapObj:
		return fl.mapObj(x, path)
	case ChanObj:
		// The buffer's length, the capacity and closedness are layout;
		// the buffered elements are cells like a Vec's.
		fl.mix('C')
		fl.mix(x.Cap)
		if x.Closed {
			fl.mix('c')
		}
		buf := fl.value(Vec(x.Buf), fl.sub(path, ".buf")).(Vec)
		return ChanObj{Buf: []Value(buf), Cap: x.Cap, Closed: x.Closed}
	case Opaque:
		fl.mix('O')
		fl.mixString(x.What)
		return x
	case *ssa.Builtin:
		fl.mix('b')
		fl.mix(fl.t.id(x))
		return x
	}
	// A kind of value merging does not know: no other layout equals this one.
	fl.t.opaque++
	fl.mix('?')
	fl.mix(fl.t.opaque)
	return v
}

// mapObj walks a map's entries in order. A concrete key's text goes into
// the layout (maps merge only when their concrete keys agree); symbolic keys
// and all values are cells. Rebuilding re-derives the index of concrete
// keys from the merged entries.
func (fl *flattener) mapObj(m MapObj, path string) Value {
	fl.mix('M')
	fl.mix(len(m.Entries))
	out := MapObj{Entries: make([]MapEntry, len(m.Entries))}
	for i, ent := range m.Entries {
		p := fl.sub(path, "{"+strconv.Itoa(i)+"}")
		if ent.Dead {
			fl.mix('d')
		}
		if text, ok := fl.e.keyText(ent.K); ok {
			fl.mixString(text)
		} else {
			fl.mix('k')
		}
		out.Entries[i] = MapEntry{K: fl.value(ent.K, fl.sub(p, ".K")), V: fl.value(ent.V, fl.sub(p, ".V")), Dead: ent.Dead}
	}
	if !fl.rebuilding() {
		return m
	}
	return fl.e.reindex(out)
}

// deferred walks a frame's pending deferred calls: which calls (layout)
// and their arguments and bindings (cells).
func (fl *flattener) deferred(ds []deferred, path string) []deferred {
	fl.mix('D')
	fl.mix(len(ds))
	out := make([]deferred, len(ds))
	for i, d := range ds {
		fl.mix(fl.t.id(d.in))
		fl.mix(fl.t.id(d.cl.fn))
		fl.mix(fl.t.id(d.cl.builtin))
		p := fl.sub(path, "defer"+strconv.Itoa(i))
		out[i] = d
		out[i].cl.args = fl.values(d.cl.args, fl.sub(p, ".arg"))
		out[i].cl.bindings = fl.values(d.cl.bindings, fl.sub(p, ".free"))
	}
	return out
}

func (fl *flattener) values(vs []Value, path string) []Value {
	fl.mix(len(vs))
	var out []Value
	if vs != nil {
		out = make([]Value, len(vs))
	}
	for i := range vs {
		out[i] = fl.value(vs[i], fl.sub(path, strconv.Itoa(i)))
	}
	return out
}

// pointer walks a pointer value given as its location term and index
// terms (symptr.go): all are cells, so pointers to different objects
// merge. Rebuilding, it returns the merged pointer; flattening, nil.
func (fl *flattener) pointer(loc term.Term, index []term.Term, path string) Value {
	fl.mix('P')
	fl.mix(len(index))
	loc = fl.cellKind(loc, fl.sub(path, ".loc"), true)
	var out []term.Term
	if len(index) > 0 {
		out = make([]term.Term, len(index))
	}
	for i := range index {
		out[i] = fl.cell(index[i], fl.sub(path, ".ptr"+strconv.Itoa(i)))
	}
	if !fl.rebuilding() {
		return nil
	}
	return fl.e.pointerValue(loc, out)
}

// place walks the place a slice (or a range iterator) is into: its object
// and field steps are layout (slices into different arrays do not merge),
// the index terms of the path are cells.
func (fl *flattener) place(obj int, at []PathStep, path string) []PathStep {
	fl.mix('P')
	fl.mix(obj)
	fl.mix(len(at))
	if len(at) == 0 {
		return at
	}
	out := make([]PathStep, len(at))
	for i, step := range at {
		fl.mix(step.Field)
		out[i] = step
		if step.Field < 0 {
			out[i].Index = fl.shape(step.Index, fl.sub(path, ".ptr"+strconv.Itoa(i)))
		}
	}
	return out
}

func (fl *flattener) typeID(t types.Type) int {
	if t == nil {
		return 0
	}
	if id := fl.t.typeIDs.At(t); id != nil {
		return id.(int)
	}
	id := fl.t.typeIDs.Len() + 1
	fl.t.typeIDs.Set(t, id)
	return id
}

// walkState walks s's frames (live values only) and its memory, in a
// fixed order. Rebuilding, it writes the new values into s and drops the
// dead values from the frames.
func (fl *flattener) walkState(s *State) {
	fl.mix(len(s.frames))
	for d, f := range s.frames {
		fl.muted = d < fl.layoutFrom
		fl.mix(fl.t.id(f.fn))
		fl.mix(f.block.Index)
		fl.mix(f.pc)
		if d > 0 && d == fl.layoutFrom {
			fl.muted = true // where the frame returns to is the stack's
		}
		fl.mix(fl.t.id(f.call))
		fl.muted = d < fl.layoutFrom
		var keys []ssa.Value
		if fl.follow {
			keys = fl.t.liveAt(f)
		} else {
			keys = fl.t.liveKeys(f)
		}
		fl.mix(len(keys))
		var env map[ssa.Value]Value
		switch {
		case fl.mapCell != nil:
			env = f.env // dead values stay, unread
		case fl.rebuilding():
			env = make(map[ssa.Value]Value, len(keys))
		}
		for _, k := range keys {
			pos, known := fl.t.orderOf(f.fn)[k]
			if !known {
				fl.t.opaque++
				pos.rank = -fl.t.opaque
			}
			fl.mix(pos.rank)
			fl.dead = known && !fl.rebuilding() && fl.t.live != nil && fl.t.deadAt(f, k)
			nv := fl.frameValue(d, f, k)
			fl.dead = false
			if env != nil {
				env[k] = nv
			}
		}
		if env != nil {
			f.env = env
		}
		fl.frameExtras(d, f)
	}
	fl.muted = false
	fl.frames = fl.layout
	ids := make([]int, 0, len(s.mem))
	for id := range s.mem {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	fl.mix(len(ids))
	for _, id := range ids {
		fl.mix(id)
		fl.object(s, id)
	}
}

// frameValue walks value k of frame f at depth d and returns it.
func (fl *flattener) frameValue(d int, f *frame, k ssa.Value) Value {
	fl.v = merge.VarID{Frame: d, Value: k}
	return fl.value(f.env[k], "")
}

// frameExtras walks what frame f at depth d holds besides its values: its
// deferred calls, a panic in flight, a range over a string's step.
func (fl *flattener) frameExtras(d int, f *frame) {
	fl.v = merge.VarID{Frame: d}
	fl.mix(boolInt(f.deferCall))
	fl.mix(boolInt(f.unwinding))
	if ds := fl.deferred(f.defers, "defers."); fl.rebuilding() {
		f.defers = ds
	}
	if p := f.panic; p != nil {
		// a panic in flight: where and what (layout), its value (cells)
		fl.mix('!')
		fl.mix(fl.t.id(p.instr))
		fl.mix(fl.t.id(p.first))
		fl.mixString(p.msg)
		val := fl.value(p.val, "panic")
		if fl.rebuilding() {
			f.panic = &panicked{instr: p.instr, msg: p.msg, val: val, first: p.first}
		}
	}
	if f.recoveredAt != nil {
		fl.mix('r')
		fl.mix(fl.t.id(f.recoveredAt))
	}
	if it := f.iter; it != nil {
		fl.mix('R')
		fl.mix(fl.t.id(it.in))
		fl.v = merge.VarID{Frame: d, Value: it.in}
		itp := PtrVal{Obj: it.itp.Obj, Path: fl.place(it.itp.Obj, it.itp.Path, fl.sub("", "iter.it"))}
		sv := fl.value(it.sv, fl.sub("", "iter.str")).(StringVal)
		k := fl.cell(it.k, fl.sub("", "iter.k"))
		if fl.rebuilding() {
			f.iter = &rangeReturn{in: it.in, itp: itp, sv: sv, k: k}
		}
	}
}

// object walks memory object id of s, writing it back when rebuilding.
func (fl *flattener) object(s *State, id int) {
	fl.v = merge.VarID{Frame: -1, Obj: id, Site: fl.e.objSite(id)}
	nv := fl.value(s.mem[id], "")
	if fl.rebuilding() {
		s.mem[id] = nv
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// viewsOf flattens the states parked at one point. Only views of equal
// layouts merge, so a state whose layout no other one has is hashed only:
// its view has no cells (the strategies read the cells of a layout's
// group alone). At a point where most states differ in layout (a parser's
// stack of a different shape on every path) the full walk, with a path
// and a cell for every leaf, was most of the merge rounds' work
// (regexp/syntax.Parse at 3 bytes: 15 of 29 s of CPU in viewOf).
func (e *Executor) viewsOf(states []*State) []*merge.View {
	hashed := make([]*flattener, len(states))
	n := map[uint64]int{}
	for i, s := range states {
		hashed[i] = &flattener{e: e, t: &e.mg.walkTables, st: e.st, hashOnly: true}
		hashed[i].walkState(s)
		n[hashed[i].layout]++
	}
	views := make([]*merge.View, len(states))
	for i, s := range states {
		if n[hashed[i].layout] < 2 {
			views[i] = e.viewFrom(s, hashed[i])
		} else {
			views[i] = e.viewOf(s)
		}
	}
	return views
}

// viewOf flattens s, parked at a merge point.
func (e *Executor) viewOf(s *State) *merge.View {
	fl := &flattener{e: e, t: &e.mg.walkTables, st: e.st}
	fl.walkState(s)
	return e.viewFrom(s, fl)
}

// viewFrom is the view of s that the walk fl made.
func (e *Executor) viewFrom(s *State, fl *flattener) *merge.View {
	root := 0
	for i := len(s.frames) - 1; i >= 0; i-- {
		f := s.frames[i]
		if f.left.loop != nil {
			root = f.left.pcLen
			break
		}
		if n := len(f.regions); n > 0 {
			root = f.regions[n-1].pcLen
			break
		}
	}
	root = min(root, len(s.pc))
	top := s.top()
	return &merge.View{Point: e.pointOf(s), PC: s.pc, Root: root, Implied: s.implied, Trail: s.trail[root:], Layout: fl.layout, Cells: fl.view,
		FrameLayout: fl.frames, Frames: framesOf(s), Kind: e.mg.pointsOf(top.fn).Kinds[top.block.Index]}
}

// framesOf is where s waits, for the cost models: each frame's block and
// next instruction (a caller's after its call).
func framesOf(s *State) []merge.Frame {
	frames := make([]merge.Frame, len(s.frames))
	for i, f := range s.frames {
		frames[i] = merge.Frame{Block: f.block, Next: f.pc}
		if i < len(s.frames)-1 {
			frames[i].Next++ // after the call
		}
	}
	return frames
}

// objSite is the allocation site of object id as merging names it (see
// merge.VarID): the allocating instruction when it is a value, the global
// a negative id is.
func (e *Executor) objSite(id int) ssa.Value {
	if id < 0 {
		if g := e.globalOf[id]; g != nil {
			return g
		}
		return nil
	}
	if e.sites != nil {
		if p, ok := e.sites.params[id]; ok {
			return p
		}
		if v, ok := e.sites.siteOf(id).(ssa.Value); ok {
			return v
		}
	}
	return nil
}

// joinValues is ite(c, a, b) for two values of one type: a with every cell
// that differs in b replaced by the ite of the two, length bounds by the
// larger. ok is false when the two do not have one layout (a slice into
// another array, another dynamic type…).
func (e *Executor) joinValues(c term.Term, a, b Value) (Value, bool) {
	fa := &flattener{e: e, t: &e.mg.walkTables, st: e.st}
	fa.value(a, "")
	fb := &flattener{e: e, t: &e.mg.walkTables, st: e.st}
	fb.value(b, "")
	if fa.layout != fb.layout || len(fa.view) != len(fb.view) || len(fa.bounds) != len(fb.bounds) {
		return nil, false
	}
	cells := make([]term.Term, len(fa.view))
	for i := range cells {
		cells[i] = iteOf(e.st, c, fa.view[i].T, fb.view[i].T)
	}
	bounds := make([]int, len(fa.bounds))
	for i := range bounds {
		bounds[i] = max(fa.bounds[i], fb.bounds[i])
	}
	fr := &flattener{e: e, t: &e.mg.walkTables, st: e.st, cells: cells, bounds: bounds}
	out := fr.value(a, "")
	if fr.err != nil || fr.next != len(cells) {
		return nil, false
	}
	return out, true
}

// iteOf is ite(c, a, b), with an arm that is itself an ite on c replaced
// by its own arm on that side.
func iteOf(st *term.Store, c, a, b term.Term) term.Term {
	if st.Op(a) == term.OpIte && st.Arg(a, 0) == c {
		a = st.Arg(a, 1)
	}
	if st.Op(b) == term.OpIte && st.Arg(b, 0) == c {
		b = st.Arg(b, 2)
	}
	return st.Ite(c, a, b)
}

// boundsOf lists the length bounds of s's strings and slices, in layout
// order.
func (e *Executor) boundsOf(s *State) []int {
	fl := &flattener{e: e, t: &e.mg.walkTables, st: e.st}
	fl.walkState(s)
	return fl.bounds
}

// maxSpareModels bounds the models a merged state keeps besides its own:
// its members' models, which satisfy the merged path constraint and so
// decide branches without queries.
const maxSpareModels = 8

// rebuild makes the merged state m of states (parked at p): a copy of its
// first member with the merged cells, the largest of the members' length
// bounds and the merged path constraint. Its trace keeps every member's;
// its models are the members' that satisfy the merged path constraint.
func (e *Executor) rebuild(p merge.Point, states []*State, m merge.Merged) (*State, error) {
	rep := states[m.Members[0]]
	s := rep.clone()
	if s.sites != nil {
		s.allocs, s.allocShared = mergedAllocs(states, m.Members), false
	}
	fl := &flattener{e: e, t: &e.mg.walkTables, st: e.st, cells: m.Cells, bounds: e.boundsOf(rep)}
	if len(m.Cells) == 0 {
		fl.cells = []term.Term{}
	}
	for _, i := range m.Members[1:] {
		bs := e.boundsOf(states[i])
		if len(bs) != len(fl.bounds) {
			return nil, fmt.Errorf("symex: internal: %s merged states of different layouts", e.mg.strategy.Name())
		}
		for j, b := range bs {
			fl.bounds[j] = max(fl.bounds[j], b)
		}
	}
	fl.walkState(s)
	if fl.err == nil && (fl.next != len(m.Cells) || fl.nextB != len(fl.bounds)) {
		fl.err = fmt.Errorf("%d merged cells for %d in the layout", len(m.Cells), fl.next)
	}
	if fl.err != nil {
		return nil, fmt.Errorf("symex: internal: %s merge at %s block %d: %v", e.mg.strategy.Name(), p.Func, p.Block, fl.err)
	}
	for _, c := range m.PC {
		if !e.st.IsBool(e.st.SortOf(c)) {
			return nil, fmt.Errorf("symex: internal: %s merge: a path conjunct is not Boolean", e.mg.strategy.Name())
		}
	}
	s.pc = append([]term.Term(nil), m.PC...)
	members := make([]*State, len(m.Members))
	for k, i := range m.Members {
		members[k] = states[i]
	}
	e.vs.merged(s, members)
	s.views = joinViews(members)
	e.vs.merge(m.Aux, m.AuxValues)
	// The prefix every member shares with the merged constraint keeps its
	// steps; every conjunct after it is one step at the merge point.
	lcp := len(s.pc)
	for _, i := range m.Members {
		pc := states[i].pc
		n := 0
		for n < lcp && n < len(pc) && pc[n] == s.pc[n] {
			n++
		}
		lcp = n
	}
	s.trail = make([]merge.Step, len(s.pc))
	copy(s.trail, rep.trail[:lcp])
	// The shared prefix keeps the representative's implied steps.
	n := 0
	for n < len(rep.implied) && rep.implied[n] < lcp {
		n++
	}
	s.implied = slices.Clip(rep.implied[:n])
	for i := lcp; i < len(s.pc); i++ {
		s.trail[i] = merge.Step{Lit: s.pc[i], Point: p}
	}
	for _, f := range s.frames {
		f.left = region{}
		if len(f.regions) > 0 {
			rs := make([]region, len(f.regions))
			for i, r := range f.regions {
				rs[i] = region{loop: r.loop, pcLen: min(r.pcLen, lcp)}
			}
			f.regions = rs
		}
	}
	s.tr = trace{from: make([]tracedMember, len(m.Members))}
	s.model, s.spare = nil, nil
	for k, i := range m.Members {
		st := states[i]
		s.tr.from[k] = tracedMember{pc: st.pc, tr: st.tr}
		s.steps = min(s.steps, st.steps)
		s.forks = min(s.forks, st.forks)
		if st.model == nil || len(s.spare) >= maxSpareModels {
			continue
		}
		mm := withAux(e.st, st.model, m, k)
		if !holds(term.NewEvaluator(e.st, mm), s.pc) {
			continue
		}
		if s.model == nil {
			s.model = mm
		} else {
			s.spare = append(s.spare, mm)
		}
	}
	s.arrived = false
	return s, nil
}

// withAux extends member k's model with its values of the merge's fresh
// variables (a copy; the member's model is unchanged).
func withAux(st *term.Store, model *term.Model, m merge.Merged, k int) *term.Model {
	if len(m.Aux) == 0 || k >= len(m.AuxValues) {
		return model
	}
	out := term.NewModel()
	for x, v := range model.Values {
		out.Set(x, v)
	}
	for a, x := range m.Aux {
		if a < len(m.AuxValues[k]) {
			out.Set(x, st.BVValue(st.Value(m.AuxValues[k][a])))
		}
	}
	return out
}
