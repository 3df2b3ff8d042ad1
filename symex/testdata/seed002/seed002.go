// Package seed002 holds Go ports of the test programs of seed 002 (state
// merging with heap state and the query-hot-value cost model, digest §6)
// and small heap programs for heap-aware merging. An assert(e) of the
// digest is `if !e { panic(...) }` here: a branch one side of which ends
// the path, which Eq. (7) costs as the assert it stands for (β = 1).
package seed002

// T0 is the cost-function example: C = cost(entry, λ.1) = 5 and
// D(v) = 3 at β = 1.
func T0(w, v int8, q *int8) {
	if w > 0 {
		if v == 0 {
			panic("v == 0")
		}
	} else {
		_ = *q
	}
	if v >= 9 {
		panic("v >= 9")
	}
}

// T1N5, T1N10 and T1N12 are n independent diamonds whose results are never
// read again.
func T1N5(x [5]int8) {
	var y [5]int8
	for i := range x {
		if x[i] > 0 {
			y[i] = 1
		} else {
			y[i] = 2
		}
	}
}

func T1N10(x [10]int8) {
	var y [10]int8
	for i := range x {
		if x[i] > 0 {
			y[i] = 1
		} else {
			y[i] = 2
		}
	}
}

func T1N12(x [12]int8) {
	var y [12]int8
	for i := range x {
		if x[i] > 0 {
			y[i] = 1
		} else {
			y[i] = 2
		}
	}
}

func check(x int16) {
	if x == 12345 {
		panic("x == 12345")
	}
}

// T2 merges m at the join unless α makes it hot: 100 asserts on x and one
// on m follow (C = 101, D(m) = 1).
func T2(c int8, x int16) int8 {
	var m int8
	if c > 0 {
		m = 1
	} else {
		m = 2
	}
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	check(x)
	if m == 0 {
		panic("m == 0")
	}
	return m
}

func nonZero(m int8) {
	if m == 0 {
		panic("m == 0")
	}
}

// T3 is the after-effect case: 50 asserts on the merged m.
func T3(c int8) int8 {
	var m int8
	if c > 0 {
		m = 1
	} else {
		m = 2
	}
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	nonZero(m)
	return m
}

// T4 is a loop with a diamond in its body; s is read after the loop.
func T4(x [3]int8) int8 {
	var s int8
	for i := 0; i < 3; i++ {
		if x[i] > 0 {
			s++
		}
	}
	if s > 3 {
		panic("s > 3")
	}
	return s
}

// f5 is T5's callee; its join is the return point.
func f5(a int8) int8 {
	r := int8(0)
	if a > 5 {
		r = 1
	}
	return r
}

// T5: the join before the call stands for the call-site merge point, f5's
// join for the return point.
func T5(c int8) int8 {
	var a int8
	if c > 0 {
		a = 10
	} else {
		a = 0
	}
	r := f5(a)
	if r > 1 {
		panic("r > 1")
	}
	return r
}

// T6: the merged n bounds a loop.
func T6(c int8) int8 {
	var n int8
	if c > 0 {
		n = 3
	} else {
		n = 5
	}
	var i int8
	for i = 0; i < n; i++ {
	}
	return i
}

// T7: the merged path constraint must keep the disjunction. The state that
// takes c <= 0 and d == 3 ends (abort) before the join; BUG1 and BUG2 are
// reachable only if the merged state forgets that.
func T7(c, d int8) int8 {
	a, b := new(int8), new(int8)
	var p *int8
	if c > 0 {
		p = a
		*a = d
	} else {
		p = b
		*b = 7
		if d == 3 {
			panic("abort")
		}
	}
	x := *p
	if c <= 0 && d == 3 {
		panic("BUG1")
	}
	if x == 7 && d == 3 {
		panic("BUG2")
	}
	return x
}
