// Package smtlib is sift's SMT-LIB 2.6 front-end: a streaming lexer, a reader
// that cuts the input into top-level commands, a participle grammar for the
// command layer, a hand-written recursive-descent term parser that builds
// term DAG nodes directly, the interpreter that runs commands against a
// solver, and the printer of terms, models and responses.
//
// The hot paths are (assert …) and the declarations and definitions that
// scripts repeat by the thousand (declarations.go): the reader hands their
// bytes straight to the term parser, with no token buffer and no intermediate
// tree. So are the commands of at most one operand token that pipe clients
// send around every check (check-sat, push, pop, set-info: simple_commands.go).
// Every other command is parsed by the participle grammar (grammar.go),
// whose term positions are captured as byte offsets and parsed by the same
// term parser.
//
// Errors carry the line and column of the offending token; after an error the
// interpreter goes on with the next command. The package knows nothing of
// solving: it talks to a Solver (solver.go), which package engine implements.
//
// Files:
//
//	lexer.go         tokens (Lexer) and positions
//	reader.go        Reader: the input cut into top-level commands (the
//	                 scanning is internal/sexpr's, shared with every reader
//	                 of solver output)
//	grammar.go       the participle grammar of the command layer
//	declarations.go  the repeated declarations and definitions, parsed
//	                 without participle
//	simple_commands.go  check-sat, push, pop, set-info and the like, read
//	                 without participle as the grammar reads them
//	parse_term.go    the term and sort parser
//	parse_match.go   match, read as an ite chain of testers
//	datatypes.go     declare-datatype(s): records and enumerations
//	                 lowered to bit-vectors
//	scriptsort.go    script sorts: a datatype is a sort of its own to the script
//	env.go           the symbol table, scoped by push and pop
//	scoped.go        lists that follow the assertion stack
//	interp.go        Interpreter: runs commands against a Solver
//	options.go       set-option, get-option and get-info
//	dialect.go       where z3 departs from the standard (--compat=z3)
//	posed.go         the script text that posed a check (PosedSolver)
//	script.go        ReadAssertions: a script's problem without solving
//	solver.go        the Solver seam and the answer type
//	value.go         ParseTerm and Scope: terms read outside a script
//	printer.go       terms, sorts, values and models as SMT-LIB text
//	errors.go        Error (with line and column) and Unsupported
//
// Start reading at interp.go.
package smtlib
