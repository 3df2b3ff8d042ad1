//go:build siftmodels

// A model of sync/atomic.Value, whose real code reads interfaces as the
// runtime's two words and spins on a pinned first store.
package siftmodels

import (
	"reflect"
	"sync/atomic"
)

// The models keep each Value's content in a table of their own, found by
// the Value's address: one goroutine runs, so no operation races another.
var atomicValues map[*atomic.Value]any

func atomicValueSet(v *atomic.Value, val any) {
	if atomicValues == nil {
		atomicValues = map[*atomic.Value]any{}
	}
	atomicValues[v] = val
}

// atomicSameType reports whether the Value's current content, when it has
// one, has val's dynamic type.
func atomicSameType(cur, val any) bool {
	return cur == nil || reflect.TypeOf(cur) == reflect.TypeOf(val)
}

//sift:model (*sync/atomic.Value).Load
func atomicValueLoad(v *atomic.Value) any { return atomicValues[v] }

//sift:model (*sync/atomic.Value).Store
func atomicValueStore(v *atomic.Value, val any) {
	if val == nil {
		panic("sync/atomic: store of nil value into Value")
	}
	if !atomicSameType(atomicValues[v], val) {
		panic("sync/atomic: store of inconsistently typed value into Value")
	}
	atomicValueSet(v, val)
}

//sift:model (*sync/atomic.Value).Swap
func atomicValueSwap(v *atomic.Value, val any) any {
	if val == nil {
		panic("sync/atomic: swap of nil value into Value")
	}
	old := atomicValues[v]
	if !atomicSameType(old, val) {
		panic("sync/atomic: swap of inconsistently typed value into Value")
	}
	atomicValueSet(v, val)
	return old
}

//sift:model (*sync/atomic.Value).CompareAndSwap
func atomicValueCompareAndSwap(v *atomic.Value, old, val any) bool {
	if val == nil {
		panic("sync/atomic: compare and swap of nil value into Value")
	}
	if old != nil && reflect.TypeOf(old) != reflect.TypeOf(val) {
		panic("sync/atomic: compare and swap of inconsistently typed values")
	}
	cur := atomicValues[v]
	if cur == nil {
		if old != nil {
			return false
		}
		atomicValueSet(v, val)
		return true
	}
	if !atomicSameType(cur, val) {
		panic("sync/atomic: compare and swap of inconsistently typed value into Value")
	}
	if cur != old {
		return false
	}
	atomicValueSet(v, val)
	return true
}
