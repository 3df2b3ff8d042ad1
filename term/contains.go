package term

// Contains reports whether some node of the DAG below t (t included)
// satisfies pred. Each shared node is visited once, and the walk stops at
// the first match.
func (st *Store) Contains(t Term, pred func(Term) bool) bool {
	seen := map[Term]bool{}
	stack := []Term{t}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[n] {
			continue
		}
		seen[n] = true
		if pred(n) {
			return true
		}
		stack = append(stack, st.Args(n)...)
	}
	return false
}
