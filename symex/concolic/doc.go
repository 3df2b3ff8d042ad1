// Package concolic is `sift symex --concolic`: concolic testing with state
// merging in an execution DAG, after seed 001 (STACKFUL, Vandercammen & De
// Roover). See docs/symex/concolic.md.
//
// A run executes the entry on symex's interpreter in follow mode
// (symex.Follow: given inputs, the side they give at every branch), which
// records its symbolic shadow: every branch, concrete or not, and every
// event choice is a symex.Step, with the store updates since the previous
// step. A variable read after the last mark is a read term (symex.Read),
// so a step's condition and updates are functions of the store at the
// previous node, whichever path reached it (seed 001 §3.9 item 1). run.go
// (Interp) names the inputs (p|name, harness calls in|point|#k, events
// e|i), binds their values, answers package harness, runs the event loop,
// keeps coverage, and keeps runs to this mode's subset of Go (admit).
//
// The DAG (dag.go) inserts each trace and merges every new node with the
// first-created node at the same program point (merge.Point: function,
// block, call stack, event index, loop iteration counters) and layout that
// is not its ancestor (Alg. 3 with the cycle guard). Path constraints,
// stores and conditions are derived from the DAG, memoised and cleared on
// every merge: PC(n) = ⋁ PC(p) ∧ EC(p,d) over in-edges, the store joined
// with merge.Joiner (newest in-edge outermost), Cond(n) the raw condition
// with the reads replaced. A merge clears the UNSAT marks below the merged
// node. select.go picks the next edge (bfs, dfs, covfirst, seed 001 §7.1)
// and asks a Solver (solver.go: symex's one solver interface; the
// reference Enumerative for tests) for inputs; a run that does not take
// the edge it was solved for is a divergence, counted and not tried again.
// explore.go is the loop (run, insert, select), summary.go the --json
// output, testgen.go the generated tests, cmd.go the command.
//
// Events: an entry returning []func() is event-driven; after it returns,
// Interp runs up to --max-events handlers, the i-th chosen by the event
// input e|i ∈ {-1 (stop), 0 … n-1}. Package harness is what programs call
// for inputs and markers.
//
// explore.go holds Config, Result and Explore, the loop of runs; trace.go a
// run's Steps and store updates; solver.go the engine behind Solver;
// bvint.go the 64-bit constants of event inputs. report.go prints a run's
// text report, summary.go its --json summary and testgen.go its Go tests;
// cmd/sift (concolic.go) turns the flags of sift symex --concolic into a
// Config.
//
// Invariants: the DAG is acyclic; only nodes with equal points and layouts
// merge; every sat answer of a solver is checked by evaluation; a query
// mentions only inputs (never a read).
package concolic
