package symex

import (
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Object identity under merging. Without merging a path numbers its
// objects 1, 2, … in allocation order, and two paths that allocated
// different things give one id to unrelated objects. Merging pairs the
// objects of two states by id, so with merging on an id names an
// allocation site and an ordinal: the k-th object a path allocates at
// instruction I has the same id on every path. Objects both states
// allocated then pair up, and an object only one of them allocated has an
// id the other never uses (seed 002's objects "allocated on one side
// only", kept in the merged state; see mergeRound's padding).

// siteKey is an allocation: the instruction running when the object was
// made (the top frame's current instruction) and how many objects the
// path had made there before.
type siteKey struct {
	site ssa.Instruction
	n    int
}

// siteTable is the executor's numbering of allocations, shared by all its
// states: ids from 1, in the order allocations are first seen.
type siteTable struct {
	ids  map[siteKey]int
	keys []siteKey // by id-1
	// params names the input objects (made before the entry function's
	// first instruction runs) by the parameter they back.
	params map[int]ssa.Value
}

func newSiteTable() *siteTable {
	return &siteTable{ids: map[siteKey]int{}, params: map[int]ssa.Value{}}
}

// next is the id of the object s allocates now, and counts it.
func (t *siteTable) next(s *State) int {
	var site ssa.Instruction
	if len(s.frames) > 0 {
		if f := s.top(); f.pc < len(f.block.Instrs) {
			site = f.block.Instrs[f.pc]
		}
	}
	if s.allocShared || s.allocs == nil {
		s.allocs = maps.Clone(s.allocs)
		if s.allocs == nil {
			s.allocs = map[ssa.Instruction]int{}
		}
		s.allocShared = false
	}
	k := siteKey{site, s.allocs[site]}
	s.allocs[site]++
	id, ok := t.ids[k]
	if !ok {
		id = len(t.keys) + 1
		t.ids[k] = id
		t.keys = append(t.keys, k)
	}
	return id
}

// siteOf is the instruction that allocated object id (> 0), nil if none.
func (t *siteTable) siteOf(id int) ssa.Instruction {
	if id <= 0 || id > len(t.keys) {
		return nil
	}
	return t.keys[id-1].site
}

// mergedAllocs is the allocation counts of a merged state: per site the
// largest of its members', so that no later allocation reuses the id of
// an object some member made.
func mergedAllocs(states []*State, members []int) map[ssa.Instruction]int {
	var out map[ssa.Instruction]int
	for _, i := range members {
		for site, n := range states[i].allocs {
			if out == nil {
				out = map[ssa.Instruction]int{}
			}
			out[site] = max(out[site], n)
		}
	}
	return out
}

// padObjects gives the states parked at one point the same objects: a
// state lacking an object another one allocated gets a copy of it (from
// the first state that has it). The copy is unreachable in that state (its
// id is one the state's path never allocated), so the state means the same;
// merged, the object is kept and only pointers guarded by the other states'
// conditions reach it. The states are returned as they are when nothing is
// missing, else as padded clones; the originals stay as they were, for the
// states a strategy leaves unmerged.
func (e *Executor) padObjects(states []*State) []*State {
	if e.sites == nil {
		return states
	}
	donor := map[int]*State{}
	for _, s := range states {
		for id := range s.mem {
			if id > 0 && donor[id] == nil {
				donor[id] = s
			}
		}
	}
	out, cloned := states, false
	for i, s := range states {
		var c *State
		for id, d := range donor {
			if _, ok := s.mem[id]; ok {
				continue
			}
			if c == nil {
				c = s.clone()
			}
			c.mem[id] = d.mem[id]
		}
		if c == nil {
			continue
		}
		if !cloned {
			out, cloned = slices.Clone(states), true
		}
		out[i] = c
	}
	return out
}
