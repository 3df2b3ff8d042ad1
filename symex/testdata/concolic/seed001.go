// Package seed001 holds the test programs of seed 001 §7.2 (STACKFUL,
// "State Merging for Concolic Testing of Event-driven Applications"),
// written in Go for `sift symex --concolic`. harness.Rand is the seed's
// randomInt()/in(), harness.Mark a marker, panic("BUG") the error.
// The diamonds T3(n) for n = 3 … 20 are in diamonds.go (scripts/gen-diamonds.sh).
package seed001

import "github.com/sift-solver/sift/symex/concolic/harness"

// T1 is Fig. 1: three paths, no join before the end.
func T1() {
	x := harness.Rand()
	y := harness.Rand()
	t1f(x, y)
}

func twice(v int) int { return 2 * v }

func t1f(x, y int) {
	z := twice(y)
	if z == x {
		if x > y+10 {
			panic("ERROR")
		}
	}
}

// T2 is Listing 1: three independent ifs, then a test of their sum.
func T2() {
	var a, b, c int
	if harness.Rand() == 0 {
		a = 1
	} else {
		a = 0
	}
	if harness.Rand() == 1 {
		b = 1
	} else {
		b = 0
	}
	if harness.Rand() == 2 {
		c = 1
	} else {
		c = 0
	}
	if a+b+c == 3 {
		harness.Mark("END_T")
	} else {
		harness.Mark("END_F")
	}
}

// T4 is Listing 3 with 42 replaced by 4: print's if must not merge across
// its callers f and g.
var t4x, t4y int

func t4print() {
	if harness.Rand() == 0 {
		harness.Mark("log")
	}
}

func t4f() {
	t4print()
	if t4x+t4y > 4 {
		harness.Mark("f_then")
	}
}

func t4g() {
	t4print()
	if harness.Rand() == 0 {
		harness.Mark("g_then")
	}
}

func T4() {
	t4x = harness.Rand()
	t4y = harness.Rand()
	if harness.Rand() == 0 {
		t4f()
	} else {
		t4g()
	}
}

// T5 is Listing 2: three buttons; foo needs both counters first.
var b0, b1 int

func b0Fun() { b0++ }
func b1Fun() { b1++ }

func b2Fun() {
	if b0 > 0 {
		if b1 > harness.Rand() {
			harness.Mark("foo")
		}
	}
}

// T5 registers the handlers; it resets the counters so that generated
// tests, which share the process, start each run alike.
func T5() []func() {
	b0, b1 = 0, 0
	return []func(){b0Fun, b1Fun, b2Fun}
}

// T6 is Listing 5, sequential: the loop's condition is a concrete branch
// and the iteration counter is part of the program point.
func loop(n int) {
	cnt := 0
	for i := 0; i < n; i++ {
		if harness.Rand() == 0 {
			cnt = cnt + 1
		}
	}
	if cnt == n {
		panic("BUG")
	}
}

func T6N3()  { loop(3) }
func T6N5()  { loop(5) }
func T6N10() { loop(10) }

// T7: both sides assign the same value; the merge builds no ite.
func T7() {
	y := 0
	if harness.Rand() == 0 {
		y = 5
	} else {
		y = 5
	}
	if y == 5 {
		harness.Mark("B_then")
	} else {
		harness.Mark("B_else")
	}
}

// T8: three paths join at one node.
func T8() {
	x := 0
	i := harness.Rand()
	if i == 0 {
		x = 1
	} else if i == 1 {
		x = 2
	} else {
		x = 3
	}
	if x == 3 {
		panic("BUG")
	}
}

// T9 needs UNSAT marks reset below merged nodes. The seed's y==1 && z==1
// is an expression, not a branch; Go's && branches, so it is written
// (y-1)|(z-1) == 0, which is the same on the domain 0…3.
func T9() {
	y := 0
	if harness.Rand() == 1 {
		y = 1
	}
	if harness.Rand() == 0 {
		harness.Mark("B") // Go's SSA drops an if with an empty body
	}
	z := harness.Rand()
	if (y-1)|(z-1) == 0 {
		panic("BUG")
	}
}
