// Package harness is what a Go program imports to be tested by
// `sift symex --concolic` (package symex/concolic).
//
// Inputs: Int returns a fresh input, any int; Rand one in [0, 2^53-1]
// (seed 001's randomInt). Under sift each call is a symbolic
// input named after where it is called (function, block, instruction, call
// stack, event index, loop iterations) and how often that place called it in
// the run. Run normally (a generated test), it returns the values given to
// Feed in call order, then 0.
//
// Rand is the same with its range as a constraint of every query.
//
// Markers: Mark(label) records that a run reached a place; sift reports
// which markers every run hit.
//
// Events: an entry function whose only result is a []func() is an
// event-driven program. Sift calls it (registration: branches in it belong
// to no event), then runs the event loop itself: up to --max-events times it
// reads an event input e_i ∈ {-1 (stop), 0 … len-1} and calls that handler;
// handlers run to completion one at a time, as in JavaScript. A generated
// test replays the loop by calling the handlers in the chosen order.
//
// harness.go is the whole package: Int, Rand, Mark, Feed and Marks.
package harness
