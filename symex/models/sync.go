//go:build siftmodels

// Models of package sync whose real code needs the runtime's scheduler
// or its type descriptors.
package siftmodels

import "sync"

// A pool may drop any item at any time, so Get calling New (or returning
// nil) is one of the behaviours of the real pool.
//
//sift:model (*sync.Pool).Get
func poolGet(p *sync.Pool) any {
	if p.New != nil {
		return p.New()
	}
	return nil
}

//sift:model (*sync.Pool).Put
func poolPut(p *sync.Pool, x any) {}

// A sync.Map's real code is a hash-trie that hashes keys through the
// runtime's type descriptors. The models keep each map's entries in a
// table of their own, in insertion order, found by the map's address:
// the executor runs one goroutine, so no operation races another.
type syncEntry struct{ k, v any }

var syncMaps map[*sync.Map][]syncEntry

func syncFind(m *sync.Map, k any) int {
	for i, e := range syncMaps[m] {
		if e.k == k {
			return i
		}
	}
	return -1
}

//sift:model (*sync.Map).Load
func syncMapLoad(m *sync.Map, k any) (any, bool) {
	if i := syncFind(m, k); i >= 0 {
		return syncMaps[m][i].v, true
	}
	return nil, false
}

//sift:model (*sync.Map).Store
func syncMapStore(m *sync.Map, k, v any) { syncMapSwap(m, k, v) }

//sift:model (*sync.Map).Swap
func syncMapSwap(m *sync.Map, k, v any) (any, bool) {
	if syncMaps == nil {
		syncMaps = map[*sync.Map][]syncEntry{}
	}
	if i := syncFind(m, k); i >= 0 {
		old := syncMaps[m][i].v
		syncMaps[m][i].v = v
		return old, true
	}
	syncMaps[m] = append(syncMaps[m], syncEntry{k, v})
	return nil, false
}

//sift:model (*sync.Map).LoadOrStore
func syncMapLoadOrStore(m *sync.Map, k, v any) (any, bool) {
	if old, ok := syncMapLoad(m, k); ok {
		return old, true
	}
	syncMapSwap(m, k, v)
	return v, false
}

//sift:model (*sync.Map).LoadAndDelete
func syncMapLoadAndDelete(m *sync.Map, k any) (any, bool) {
	i := syncFind(m, k)
	if i < 0 {
		return nil, false
	}
	old := syncMaps[m][i].v
	syncMaps[m] = append(syncMaps[m][:i:i], syncMaps[m][i+1:]...)
	return old, true
}

//sift:model (*sync.Map).Delete
func syncMapDelete(m *sync.Map, k any) { syncMapLoadAndDelete(m, k) }

//sift:model (*sync.Map).CompareAndSwap
func syncMapCompareAndSwap(m *sync.Map, k, old, v any) bool {
	i := syncFind(m, k)
	if i < 0 || syncMaps[m][i].v != old {
		return false
	}
	syncMaps[m][i].v = v
	return true
}

//sift:model (*sync.Map).CompareAndDelete
func syncMapCompareAndDelete(m *sync.Map, k, old any) bool {
	i := syncFind(m, k)
	if i < 0 || syncMaps[m][i].v != old {
		return false
	}
	syncMapLoadAndDelete(m, k)
	return true
}

//sift:model (*sync.Map).Range
func syncMapRange(m *sync.Map, f func(k, v any) bool) {
	for _, e := range append([]syncEntry(nil), syncMaps[m]...) {
		if !f(e.k, e.v) {
			return
		}
	}
}

//sift:model (*sync.Map).Clear
func syncMapClear(m *sync.Map) { delete(syncMaps, m) }
