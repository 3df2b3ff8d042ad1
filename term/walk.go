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

// PostOrder calls visit on every node of the DAGs below ts once, each after
// all of its arguments.
func (st *Store) PostOrder(ts []Term, visit func(Term)) {
	seen := map[Term]bool{}
	var walk func(Term)
	walk = func(t Term) {
		if seen[t] {
			return
		}
		seen[t] = true
		for _, a := range st.Args(t) {
			walk(a)
		}
		visit(t)
	}
	for _, t := range ts {
		walk(t)
	}
}
