// Package engine decides SMT problems. A Session keeps the assertion stack
// and implements the front-end's smtlib.Solver; on each check it builds a
// Problem and hands it to the stage driver, which tries the stages in a fixed
// order until one decides.
//
// Invariants:
//   - A stage never guesses: it answers Unknown when it cannot decide.
//   - The driver alone owns the order of stages; stages never call each other.
//   - No sat answer leaves the engine unless its model makes every original
//     assertion and assumption true under term's exact evaluation
//     (validate.go). A model that fails validation is a bug: the answer
//     becomes unknown and the trace says so.
//
// Start reading at stage.go, then driver.go and session.go.
package engine
