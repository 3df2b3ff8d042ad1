// Package heapbench drives pointer-heavy code with symbolic inputs for the
// heap-merging benchmark (docs/bench/symex-heap-merge/README.md): the standard
// library's container/list and container/ring, and two small programs of
// the kinds seed 002 names (a binary search tree, a linked-list
// tokenizer). The functions nobody here wrote are list and ring (and the
// realcode module's rows); BST and Tokens are ours, written plainly.
package heapbench

import (
	"container/list"
	"container/ring"
)

// ListOps applies one list operation per input byte: push back, push
// front, or remove the front element; then sums the list.
func ListOps(ops []int8) int {
	l := list.New()
	for _, o := range ops {
		switch {
		case o > 10:
			l.PushBack(int(o))
		case o < -10:
			if e := l.Front(); e != nil {
				l.Remove(e)
			}
		default:
			l.PushFront(int(o))
		}
	}
	s := 0
	for e := l.Front(); e != nil; e = e.Next() {
		s += e.Value.(int)
	}
	return s
}

// ListMove builds a fixed list and moves elements around on the inputs'
// say: the list's nodes are the same on every path, their links differ.
func ListMove(ops []int8) int {
	l := list.New()
	es := []*list.Element{l.PushBack(1), l.PushBack(2), l.PushBack(3)}
	for i, o := range ops {
		e := es[i%3]
		if o > 0 {
			l.MoveToFront(e)
		} else {
			l.MoveToBack(e)
		}
	}
	return l.Front().Value.(int)*100 + l.Back().Value.(int)
}

// RingWalk walks a ring of four elements forward or backward on each
// input and writes the step number where it stands.
func RingWalk(moves []int8) int {
	r := ring.New(4)
	for i := 0; i < 4; i++ {
		r.Value = 0
		r = r.Next()
	}
	for i, m := range moves {
		if m > 0 {
			r = r.Next()
		} else {
			r = r.Prev()
		}
		r.Value = i + 1
	}
	s := 0
	r.Do(func(v any) { s = s*10 + v.(int) })
	return s
}

type tree struct {
	key         int8
	left, right *tree
}

func insert(t *tree, k int8) *tree {
	if t == nil {
		return &tree{key: k}
	}
	if k < t.key {
		t.left = insert(t.left, k)
	} else if k > t.key {
		t.right = insert(t.right, k)
	}
	return t
}

func contains(t *tree, k int8) bool {
	for t != nil {
		switch {
		case k < t.key:
			t = t.left
		case k > t.key:
			t = t.right
		default:
			return true
		}
	}
	return false
}

// BST inserts the keys into a binary search tree and looks q up.
func BST(keys []int8, q int8) bool {
	var t *tree
	for _, k := range keys {
		t = insert(t, k)
	}
	return contains(t, q)
}

type token struct {
	kind byte // 'w' word, 'n' number, 'p' punctuation
	n    int
	next *token
}

// Tokens splits s into a linked list of tokens (runs of letters, runs of
// digits, single punctuation bytes; spaces separate) and returns how many
// tokens of each kind it found, packed.
func Tokens(s string) int {
	var head, tail *token
	add := func(k byte) {
		t := &token{kind: k}
		if tail == nil {
			head = t
		} else {
			tail.next = t
		}
		tail = t
	}
	var open byte // the kind of the token being read, 0 after a space
	for i := 0; i < len(s); i++ {
		c := s[i]
		var k byte
		switch {
		case c >= 'a' && c <= 'z':
			k = 'w'
		case c >= '0' && c <= '9':
			k = 'n'
		case c == ' ':
			open = 0
			continue
		default:
			k = 'p'
		}
		if open != k || k == 'p' {
			add(k)
		}
		open = k
		tail.n++
	}
	words, nums, puncts := 0, 0, 0
	for t := head; t != nil; t = t.next {
		switch t.kind {
		case 'w':
			words++
		case 'n':
			nums++
		default:
			puncts++
		}
	}
	return words*100 + nums*10 + puncts
}

type cell struct {
	v    int
	next *cell
}

// PushSum pushes one list cell per input byte above 'm' and then sums the
// list: the lists of two paths differ in length, so merging them pairs
// cells by allocation site. The panic needs 16 large bytes, so it is
// reachable only from --max-len 16.
func PushSum(b []byte) int {
	var head *cell
	for _, c := range b {
		if c > 'm' {
			head = &cell{v: int(c), next: head}
		}
	}
	s := 0
	for p := head; p != nil; p = p.next {
		s += p.v
	}
	if s > 15*255 {
		panic("sum of 16 large bytes")
	}
	return s
}

// Resplit merges at every join of its loop a value that the next branch
// splits again: x is 1 on one side and 0 on the other, and the branch on
// x parts the merged state into its members. Merging buys nothing here.
func Resplit(b []byte) int {
	n := 0
	for _, c := range b {
		x := 0
		if c > 'm' {
			x = 1
		}
		if x == 1 {
			n += 2
		} else {
			n--
		}
	}
	if n == 5 {
		panic("n == 5")
	}
	return n
}
