// Command sift is an SMT-LIB 2 solver for bit-vector and array queries.
//
//	sift [flags] [file.smt2]   solve a script (stdin without a file; -in is accepted)
//	sift bench …               benchmark sift against peer solvers
//	sift symex PKG FUNC        symbolically execute a Go function
//	sift symex PKG             … every exported function and method of a package
//
// This command owns sift's whole command line (kong): the packages expose
// options structs and functions, and parse no flags. main.go holds the
// command tree, the z3-style spellings (-in, -t:MS), the exit codes and the
// Z3 worker hook; solve.go the solver (package engine behind package
// smtlib's interpreter); bench.go sift bench (package bench); symex.go sift
// symex (package symex, its flag defaults among them), symexpkg.go its
// package mode (no FUNC), symex_fuzz.go its --fuzz-corpus output and
// concolic.go its --concolic mode (package
// symex/concolic).
//
// testdata/help fixes every command's --help (TestHelpGolden), and
// testdata/*-summary.golden.json the --json summaries of sift symex and its
// concolic mode, testdata/symex-package.golden.txt package mode's table.
package main
