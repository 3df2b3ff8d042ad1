// Command sift is an SMT-LIB 2 solver for bit-vector and array queries.
//
//	sift [flags] [file.smt2]   solve a script (stdin without a file; -in is accepted)
//	sift bench …               benchmark sift against peer solvers
//
// All logic lives in the packages; this command only wires flags to them.
package main
