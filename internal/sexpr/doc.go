// Package sexpr finds where S-expressions end in SMT-LIB text: a list, an
// atom, a |quoted symbol| or a "string" ("" inside it is a quote), with
// ; comments skipped. It is the one scanner behind smtlib's command reader
// and every reader of solver output: bench's answers, the Z3 binding's
// scripts and printed models, symex's pipe to a solver, difftest's
// responses. It knows no SMT-LIB beyond these lexical rules; what the
// pieces mean is the caller's business.
//
//	scan.go   Scanner: the end of one expression whose text arrives in
//	          pieces (a stream read buffer by buffer or line by line)
//	text.go   End, Skip, Split, Elems and Head over text held whole
//
// An atom runs to the next white space or parenthesis outside quotes, so
// the text of every piece is as written: nothing is unquoted or unescaped.
package sexpr
