// Command smallrw writes new bv-term-small-rw-style instances (package
// internal/smallrw) into a directory:
//
//	go run ./cmd/smallrw -o DIR -n 500 -seed 1
//
// main.go holds the flags and the writing of the files.
package main
