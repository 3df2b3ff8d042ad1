// Command mergegen writes generated merge queries (package quant/mergegen)
// to a directory, one .smt2 file per query, for sift bench or any timing harness:
//
//	go run ./cmd/mergegen -o DIR [-seed N] [-n N] [-buffer N] [-k N] [-families a,b]
//
// main.go holds the flags and the writing of the files.
package main
