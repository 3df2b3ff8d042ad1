// Command blowup writes the blow-up scripts of package internal/blowup
// into a directory (scripts/limits.sh runs sift on them); with -parse N,
// the parser's stress scripts of size N instead (scripts/parse-compare.sh):
//
//	go run ./cmd/blowup -o DIR [-small] [-parse N]
//
// main.go holds the flags and the writing of the files.
package main
