// Package smtlib is sift's SMT-LIB 2.6 front-end: a streaming lexer, a reader
// that cuts the input into top-level commands, a participle grammar for the
// command layer, a hand-written recursive-descent term parser that builds
// term DAG nodes directly, the interpreter that runs commands against a
// solver, and the printer of terms, models and responses.
//
// The hot paths are (assert …) and the declarations and definitions that
// scripts repeat by the thousand (declarations.go): the reader hands their
// bytes straight to the term parser, with no token buffer and no intermediate
// tree. Every other command is parsed by the participle grammar (grammar.go),
// whose term positions are captured as byte offsets and parsed by the same
// term parser.
//
// Errors carry the line and column of the offending token; after an error the
// interpreter goes on with the next command. The package knows nothing of
// solving: it talks to a Solver (solver.go), which package engine implements.
//
// Start reading at interp.go.
package smtlib
