// Command smallrw writes new bv-term-small-rw-style instances (package
// internal/smallrw) into a directory:
//
//	go run ./cmd/smallrw -o DIR -n 500 -seed 1
package main
