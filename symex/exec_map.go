package symex

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// Maps. A map value is a PtrVal to a MapObj (Obj 0 is the nil map). The
// model is exact for symbolic keys: finding a key compares it with the live
// keys in insertion order and forks where the solver cannot decide an
// equality, so on every path the live keys are distinct and each lookup,
// update or delete touches one decided entry. Concrete keys are found
// through an index without any comparison. The forks on key equality stay
// out of the trace, like concreteIndex's: a concrete run decides them all
// by the index.
//
// Iteration order: Go leaves it unspecified; sift fixes insertion order
// (a deleted and re-inserted key moves to the end). Replay uses the same
// order, so it is exact; a real run may iterate in another order, so a
// generated test whose outcome depends on the order can differ from the
// explored path.

// MapObj is the contents of a map: its entries in insertion order. Deleted
// entries stay as tombstones so that running iterators keep their place.
type MapObj struct {
	Entries []MapEntry
	Live    int            // entries not deleted: len(m)
	index   map[string]int // concrete key text → live entry; copied on write
	symKeys int            // live entries whose key is not concrete
}

// MapEntry is one key and its value.
type MapEntry struct {
	K, V Value
	Dead bool
}

// keyText is the text of a concrete key, which identifies it among
// concrete keys; ok is false when any part of k is symbolic.
func (e *Executor) keyText(k Value) (string, bool) {
	switch x := k.(type) {
	case term.Term:
		if !e.st.IsConst(x) {
			return "", false
		}
		if e.st.IsBool(e.st.SortOf(x)) {
			return fmt.Sprint(x == e.st.True()), true
		}
		return fmt.Sprintf("%d:%s", e.st.Width(e.st.SortOf(x)), e.st.Value(x)), true
	case StringVal:
		str, ok := e.concreteString(x)
		return fmt.Sprintf("%q", str), ok
	case Struct:
		parts := make([]string, len(x))
		for i, f := range x {
			t, ok := e.keyText(f)
			if !ok {
				return "", false
			}
			parts[i] = t
		}
		return "{" + strings.Join(parts, ",") + "}", true
	case ArrayVal:
		var parts []string
		for i := 0; i < x.Len; i++ {
			el, err := e.liftSelect(x.Elems, e.idx(i))
			if err != nil {
				return "", false
			}
			t, ok := e.keyText(el)
			if !ok {
				return "", false
			}
			parts = append(parts, t)
		}
		return "[" + strings.Join(parts, ",") + "]", true
	case IfaceVal:
		if x.T == nil {
			return "nil", true
		}
		t, ok := e.keyText(x.V)
		return x.T.String() + "(" + t + ")", ok
	case PtrVal:
		parts := []string{fmt.Sprint(x.Obj)}
		for _, p := range x.Path {
			if p.Field >= 0 {
				parts = append(parts, fmt.Sprint(p.Field))
				continue
			}
			t, ok := e.keyText(p.Index)
			if !ok {
				return "", false
			}
			parts = append(parts, "["+t+"]")
		}
		return "&" + strings.Join(parts, "."), true
	}
	return "", false
}

// mapFind returns the index of the live entry whose key equals k, or -1.
func (e *Executor) mapFind(s *State, m *MapObj, k Value) (int, error) {
	if t := unhashable(k); t != nil {
		return 0, &panicked{msg: "runtime error: hash of unhashable type " + t.String()}
	}
	text, concrete := e.keyText(k)
	if concrete && m.symKeys == 0 {
		if j, ok := m.index[text]; ok {
			return j, nil
		}
		return -1, nil
	}
	for j, ent := range m.Entries {
		if ent.Dead {
			continue
		}
		c, err := e.equal(k, ent.K)
		if err != nil {
			return 0, err
		}
		if c == e.st.False() {
			continue
		}
		if c != e.st.True() {
			eq, err := e.branchAt(s, c, siteBound)
			if err != nil || !eq {
				if err != nil {
					return 0, err
				}
				continue
			}
		}
		return j, nil
	}
	return -1, nil
}

// unhashable is the dynamic type of an interface inside k that cannot be
// a map key, or nil.
func unhashable(k Value) types.Type {
	switch x := k.(type) {
	case IfaceVal:
		if x.T != nil && !types.Comparable(x.T) {
			return x.T
		}
		return unhashable(x.V)
	case Struct:
		for _, f := range x {
			if t := unhashable(f); t != nil {
				return t
			}
		}
	}
	return nil
}

// mapObj is the map a map value points to, nil for the nil map, and its
// object. A merged map value forks over the maps it may be.
func (e *Executor) mapObj(s *State, v Value) (*MapObj, int, error) {
	p, ok, err := e.resolvePtr(s, v)
	if err != nil {
		return nil, 0, err
	}
	if !ok {
		return nil, 0, fmt.Errorf("map value is %T", v)
	}
	if p.Obj == 0 {
		return nil, 0, nil
	}
	o, err := e.object(s, p.Obj)
	if err != nil {
		return nil, 0, err
	}
	m, ok := o.(MapObj)
	if !ok {
		if op, isOpaque := o.(Opaque); isOpaque {
			return nil, 0, fmt.Errorf("use of %s", op.What)
		}
		return nil, 0, fmt.Errorf("map object is %T", o)
	}
	return &m, p.Obj, nil
}

// withEntries is a copy of m whose entries the caller may change.
func (m *MapObj) clone() MapObj {
	c := *m
	c.Entries = append([]MapEntry(nil), m.Entries...)
	return c
}

func (e *Executor) mapLookup(s *State, in *ssa.Lookup) (Value, error) {
	mv, err := e.value(s, in.X)
	if err != nil {
		return nil, err
	}
	k, err := e.value(s, in.Index)
	if err != nil {
		return nil, err
	}
	m, _, err := e.mapObj(s, mv)
	if err != nil {
		return nil, err
	}
	j := -1
	if m != nil {
		if j, err = e.mapFind(s, m, k); err != nil {
			return nil, err
		}
	}
	var v Value
	if j >= 0 {
		v = m.Entries[j].V
	} else {
		if v, err = e.zero(in.X.Type().Underlying().(*types.Map).Elem()); err != nil {
			return nil, err
		}
	}
	if in.CommaOk {
		return Struct{v, e.st.Bool(j >= 0)}, nil
	}
	return v, nil
}

func (e *Executor) mapUpdate(s *State, in *ssa.MapUpdate) error {
	mv, err := e.value(s, in.Map)
	if err != nil {
		return err
	}
	k, err := e.value(s, in.Key)
	if err != nil {
		return err
	}
	v, err := e.value(s, in.Value)
	if err != nil {
		return err
	}
	m, id, err := e.mapObj(s, mv)
	if err != nil {
		return err
	}
	if m == nil {
		return &panicked{instr: in, msg: "assignment to entry in nil map"}
	}
	j, err := e.mapFind(s, m, k)
	if err != nil {
		return err
	}
	return e.mapInsert(s, id, m, j, k, v)
}

// mapInsert sets the value of entry j of m (object id), or adds the entry
// k: v when j is -1.
func (e *Executor) mapInsert(s *State, id int, m *MapObj, j int, k, v Value) error {
	c := m.clone()
	if j >= 0 {
		c.Entries[j].V = v
	} else {
		c.Entries = append(c.Entries, MapEntry{K: k, V: v})
		c.Live++
		if text, ok := e.keyText(k); ok {
			c.index = cloneIndex(m.index)
			c.index[text] = len(c.Entries) - 1
		} else {
			c.symKeys++
		}
	}
	s.setMem(id, c)
	return nil
}

// reindex is m with its index of concrete keys and its counts derived
// from its entries.
func (e *Executor) reindex(m MapObj) MapObj {
	m.index, m.symKeys, m.Live = nil, 0, 0
	for j, ent := range m.Entries {
		if ent.Dead {
			continue
		}
		m.Live++
		if text, ok := e.keyText(ent.K); ok {
			if m.index == nil {
				m.index = map[string]int{}
			}
			m.index[text] = j
		} else {
			m.symKeys++
		}
	}
	return m
}

func cloneIndex(ix map[string]int) map[string]int {
	out := make(map[string]int, len(ix)+1)
	for k, v := range ix {
		out[k] = v
	}
	return out
}

// mapDelete is the builtin delete.
func (e *Executor) mapDelete(s *State, mv, k Value) error {
	m, id, err := e.mapObj(s, mv)
	if err != nil || m == nil {
		return err
	}
	j, err := e.mapFind(s, m, k)
	if err != nil || j < 0 {
		return err
	}
	c := m.clone()
	c.Entries[j].Dead = true
	c.Live--
	if text, ok := e.keyText(c.Entries[j].K); ok {
		c.index = cloneIndex(m.index)
		delete(c.index, text)
	} else {
		c.symKeys--
	}
	s.setMem(id, c)
	return nil
}

// mapClear is the builtin clear on a map: every entry is deleted.
func (e *Executor) mapClear(s *State, mv Value) error {
	m, id, err := e.mapObj(s, mv)
	if err != nil || m == nil {
		return err
	}
	c := m.clone()
	for j := range c.Entries {
		c.Entries[j].Dead = true
	}
	c.Live, c.symKeys, c.index = 0, 0, nil
	s.setMem(id, c)
	return nil
}

// mapNext is one step of range over a map: the iterator is an object
// holding the map value and the position of the next entry to look at.
func (e *Executor) mapNext(s *State, in *ssa.Next, itp PtrVal, it Struct) (Value, error) {
	m, _, err := e.mapObj(s, it[0])
	if err != nil {
		return nil, err
	}
	pos, _ := e.constInt(it[1].(term.Term))
	tup := in.Type().(*types.Tuple)
	if m != nil {
		for j := int(pos); j < len(m.Entries); j++ {
			if m.Entries[j].Dead {
				continue
			}
			if err := e.store(s, itp, Struct{it[0], e.idx(j + 1)}); err != nil {
				return nil, err
			}
			return Struct{e.st.True(), m.Entries[j].K, m.Entries[j].V}, nil
		}
	}
	out := Struct{e.st.False(), nil, nil}
	for i := 1; i < 3; i++ {
		if out[i], err = e.zero(tup.At(i).Type()); err != nil {
			return nil, err
		}
	}
	return out, nil
}
