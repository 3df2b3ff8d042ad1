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
