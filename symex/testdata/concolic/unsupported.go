package seed001

import "github.com/sift-solver/sift/symex/concolic/harness"

// Programs outside concolic mode's subset: each run must end
// "unsupported", with a message, never a crash.

func UnsupParam(s string) {
	if len(s) > 2 {
		panic("long")
	}
}

func UnsupMap() {
	m := map[int]int{}
	m[harness.Int()] = 1
	if len(m) > 3 {
		panic("big")
	}
}

func UnsupIndex() {
	var a [4]int
	i := harness.Int()
	if i >= 0 && i < 4 {
		a[i] = 1
	}
}

func DivZero() int {
	d := harness.Int()
	return 10 / d
}
