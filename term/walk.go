package term

// The DAG walks. A walk over terms visits each shared node once; every
// plain walk of sift (one that neither rewrites nor counts edges nor
// prunes by the node's place in the DAG) is one of these two.

// Walk calls visit on every node of the DAGs below roots once, each before
// its arguments: depth first from a stack that holds the roots (the last
// root first) and, for each node visited, its arguments. The walk stops
// when visit returns true; Walk reports whether it did.
func (st *Store) Walk(roots []Term, visit func(Term) (stop bool)) bool {
	seen := map[Term]bool{}
	stack := append([]Term(nil), roots...)
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[n] {
			continue
		}
		seen[n] = true
		if visit(n) {
			return true
		}
		stack = append(stack, st.Args(n)...)
	}
	return false
}

// Contains reports whether some node of the DAG below t (t included)
// satisfies pred. Each shared node is visited once, and the walk stops at
// the first match.
func (st *Store) Contains(t Term, pred func(Term) bool) bool {
	return st.Walk([]Term{t}, pred)
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
