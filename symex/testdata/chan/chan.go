// Package chancases holds single-goroutine programs that use channels as
// queues, as state-machine lexers do. The want lines are the expectations
// of symex's TestWantCases (see testdata/unsafe).
package chancases

// item is what lex emits: a kind and the byte it was made of.
type item struct {
	kind int
	b    byte
}

const (
	itemWord = iota
	itemSpace
	itemEOF
)

// lexer emits items into a buffered channel and runs its state function
// until one is ready, like a lexer written for a goroutine but driven by
// its consumer.
type lexer struct {
	in    string
	pos   int
	items chan item
	state stateFn
}

type stateFn func(*lexer) stateFn

func lexAny(l *lexer) stateFn {
	if l.pos >= len(l.in) {
		l.items <- item{kind: itemEOF}
		close(l.items)
		return nil
	}
	c := l.in[l.pos]
	l.pos++
	if c == ' ' {
		l.items <- item{itemSpace, c}
	} else {
		l.items <- item{itemWord, c}
	}
	return lexAny
}

// next returns the next item: a buffered one, else it runs the state
// machine one step.
func next(items chan item, state *stateFn, l *lexer) (item, bool) {
	for {
		select {
		case it, ok := <-items:
			return it, ok
		default:
			if *state == nil {
				return item{}, false
			}
			*state = (*state)(l)
		}
	}
}

// Lex counts the words that follow a space, through a lexer over a
// buffered channel and a select with a default case.
//
// max-len: 3
// want: panic lexed
func Lex(s string) int {
	l := &lexer{in: s, items: make(chan item, 2)}
	state := stateFn(lexAny)
	n, prev := 0, itemEOF
	for {
		it, ok := next(l.items, &state, l)
		if !ok || it.kind == itemEOF {
			break
		}
		if prev == itemSpace && it.kind == itemWord && it.b == 'x' {
			n++
		}
		prev = it.kind
	}
	if n == 1 && len(s) == 3 && s[0] == 'a' {
		panic("lexed")
	}
	return n
}

// Queue uses a buffered channel as a FIFO: len, cap, receive with ok after
// close, and range over the rest.
//
// max-len: 3
// want: panic fifo
func Queue(s string) int {
	q := make(chan byte, 4)
	q <- '#'
	for i := 0; i < len(s); i++ {
		q <- s[i]
	}
	if len(q) != len(s)+1 || cap(q) != 4 {
		panic("len or cap")
	}
	first, ok := <-q
	close(q)
	sum := 0
	for c := range q {
		sum += int(c)
	}
	if _, more := <-q; more {
		panic("receive after close and drain")
	}
	if ok && first == '#' && sum == 2*'z' {
		panic("fifo")
	}
	return sum
}

// CloseTwice closes a channel twice when the input asks for it.
//
// max-len: 1
// want: panic close of closed channel
func CloseTwice(s string) int {
	c := make(chan int, 1)
	close(c)
	if s == "c" {
		close(c)
	}
	return len(c)
}

// SendClosed sends on a closed channel, and closes the nil one.
//
// max-len: 1
// want: panic send on closed channel
// want: panic close of nil channel
func SendClosed(s string) int {
	c := make(chan int, 1)
	if s == "n" {
		var nilc chan int
		close(nilc)
	}
	close(c)
	if s == "s" {
		c <- 1
	}
	return 0
}

// SelectSend chooses between a full channel and one with room; a nil
// channel's case is never ready.
//
// max-len: 1
// want: panic second
func SelectSend(s string) int {
	a, b := make(chan byte, 1), make(chan byte, 1)
	a <- 0
	var nilc chan byte
	select {
	case a <- 1:
		panic("a is full")
	case nilc <- 1:
		panic("nil channel")
	case b <- 2:
	}
	if v := <-b; v == 2 && s == "b" {
		panic("second")
	}
	return 0
}

// Blocked receives from an empty channel: Go would block forever.
//
// max-len: 0
// want: unsupported receive from an empty channel blocks
func Blocked(n int) int {
	c := make(chan int, 1)
	return <-c
}

// TwoReady has two ready cases: Go picks one at random.
//
// max-len: 0
// want: unsupported select with 2 ready cases
func TwoReady(n int) int {
	a, b := make(chan int, 1), make(chan int, 1)
	a <- 1
	b <- 2
	select {
	case x := <-a:
		return x
	case y := <-b:
		return y
	}
}
