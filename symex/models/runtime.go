//go:build siftmodels

// Models of the runtime's hooks that user code calls. The runtime's own
// package initializer needs the operating system (page sizes, the
// scheduler), so its globals are not there to read.
package siftmodels

// KeepAlive only keeps x reachable until the call: nothing to do with one
// goroutine and no collector. (The runtime's reads a global that is
// always false.)
//
//sift:model runtime.KeepAlive
func keepAlive(x any) {}

// A finalizer runs at some time after x becomes unreachable, or never:
// never is one of the behaviours Go allows.
//
//sift:model runtime.SetFinalizer
func setFinalizer(obj any, finalizer any) {}

// Gosched yields to other goroutines: there are none.
//
//sift:model runtime.Gosched
func gosched() {}
