//go:build siftmodels

// Models of package sync whose real code needs the runtime's scheduler.
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
