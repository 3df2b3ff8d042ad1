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
package harness

var (
	fed   []int
	next  int
	marks []string
)

// Int returns the next input.
func Int() int {
	if next < len(fed) {
		next++
		return fed[next-1]
	}
	return 0
}

// Rand returns the next input; under sift it lies in [0, 2^53-1].
func Rand() int { return Int() }

// Mark records that the run reached label.
func Mark(label string) { marks = append(marks, label) }

// Feed sets the values the next calls of Int return, in order, and forgets
// the marks.
func Feed(vals ...int) { fed, next, marks = vals, 0, nil }

// Marks returns the labels Mark recorded since the last Feed.
func Marks() []string { return marks }
