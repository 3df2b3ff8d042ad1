package smtlib

// scoped is a list that follows the assertion stack: what is added at a
// level is dropped by the pop that closes it.
type scoped[T any] struct {
	items []T
	marks []int // len(items) at each push
}

func (s *scoped[T]) add(x T) { s.items = append(s.items, x) }
func (s *scoped[T]) push()   { s.marks = append(s.marks, len(s.items)) }

// pop closes the innermost level; the caller checks there is one.
func (s *scoped[T]) pop() {
	s.items = s.items[:s.marks[len(s.marks)-1]]
	s.marks = s.marks[:len(s.marks)-1]
}

func (s *scoped[T]) clear() { s.items, s.marks = nil, nil }
