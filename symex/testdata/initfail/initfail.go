// Package initfail has initializers the executor cannot run whole (a
// send on an unbuffered channel, which waits for a receiver that no
// goroutine runs): what they could not compute must end only the paths
// that use it, with a clear message (globals_test.go).
package initfail

type tag struct{ a, b byte }

// root is set by setup before the step that fails: an object the failed
// call changed, so Opaque.
var root tag

// late is set by setup after the step that fails: 5 in Go, and not
// known to the executor (not zero).
var late int

func setup() {
	root = tag{'r', 0}
	ch := make(chan int)
	ch <- 1
	late = 5
}

func init() { setup() }

func chanVal() int {
	ch := make(chan int)
	ch <- 3
	return <-ch
}

type conf struct{ a, b int }

// table's initializer stores an Opaque into a lifted array: only table
// is lost.
var table = [2]conf{{a: chanVal()}}

// other is computed after table's failed store.
var other = [3]int{7, 8, 9}

// Eq compares a struct with root (the Opaque is the right operand).
func Eq(s string) int {
	if len(s) == 2 && (tag{s[0], s[1]}) == root {
		return 1
	}
	return 0
}

// Other reads a global the failed steps did not touch.
func Other(s string) int {
	if len(s) == 1 && s[0] == 'x' {
		panic("x")
	}
	if other[len(s)] == 8 {
		return 1
	}
	return 0
}

// Late panics where late is 0, which it never is in Go.
func Late(s string) int {
	if late == 0 {
		panic("late unset")
	}
	return len(s)
}

// Table reads the global whose initializer failed.
func Table(s string) int {
	if table[len(s)%2].b > 0 {
		return 1
	}
	return 0
}

// made is made by one statement and filled by the next, whose call fails
// before it fills it (as protobuf's message tables are): 1 in Go, and not
// known to the executor (not the zero it held before the call).
var made = make([]int, 2)

func fill(t []int) {
	ch := make(chan int)
	ch <- 1
	t[0] = 1
}

func init() { fill(made) }

// Made panics where made[0] is 0, which it never is in Go.
func Made(s string) int {
	if made[0] == 0 {
		panic("made unfilled")
	}
	return len(s)
}
