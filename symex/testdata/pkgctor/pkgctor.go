// Package pkgctor is a package for package mode's receivers built by
// constructors and interface parameters: a method whose receiver is
// only sensible as its constructor made it, functions of interface
// parameters whose planted panics lie behind one concrete type, and
// functional options, which get none (a nil one would panic).
package pkgctor

// Flags choose a Renderer's rules.
type Flags uint8

// Angles turns on the rule for '<'.
const Angles Flags = 1

// Renderer applies the rules its constructor set up: from its fields
// alone (the rules are unexported) it applies none.
type Renderer struct {
	flags Flags
	rules [4]func(text []byte, i int) int
}

// NewRenderer makes a Renderer with the rules of flags.
func NewRenderer(flags Flags) *Renderer {
	r := &Renderer{flags: flags}
	if flags&Angles != 0 {
		r.rules[1] = angle
	}
	return r
}

// Process applies r's rules to text. With the '<' rule, a '<' at the end
// of text panics (planted: angle reads the byte after it).
func (r *Renderer) Process(text []byte) int {
	n := 0
	for i, c := range text {
		if c == '<' && r.rules[1] != nil {
			n += r.rules[1](text, i)
		}
	}
	return n
}

func angle(text []byte, i int) int {
	if text[i+1] == '!' {
		return 1
	}
	return 0
}

// Shape is what Scale and Describe take.
type Shape interface {
	Area() int
}

// Square is a Shape.
type Square struct{ Side int8 }

// Area is the square's.
func (s Square) Area() int { return int(s.Side) * int(s.Side) }

// Rect is a Shape by pointer.
type Rect struct{ W, H int8 }

// Area is the rectangle's.
func (r *Rect) Area() int { return int(r.W) * int(r.H) }

// Scale divides 120 by s's area less 12: a planted division by zero,
// for a rectangle only (a square's area is never 12).
func Scale(s Shape) int {
	if _, ok := s.(*Rect); ok {
		return 120 / (s.Area() - 12)
	}
	return s.Area()
}

// Counter counts.
type Counter interface {
	Count() int
}

// Describe takes an interface that no type of the program implements:
// it is not explored.
func Describe(c Counter) int { return c.Count() }

// Option sets up a Render.
type Option func(*Flags)

// Render applies opts, then counts the '<' of text when they ask so.
func Render(text string, opts ...Option) int {
	var f Flags
	for _, o := range opts {
		o(&f)
	}
	n := 0
	for i := 0; i < len(text) && f&Angles != 0; i++ {
		if text[i] == '<' {
			n++
		}
	}
	return n
}
