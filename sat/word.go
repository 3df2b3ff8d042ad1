package sat

import "fmt"

// Word is a bit-vector of AIG edges, least significant bit first.
type Word []Edge

// Width is the number of bits.
func (w Word) Width() int { return len(w) }

// Blaster builds word-level circuits on an AIG it owns. Every operator takes
// and returns Words; constant operands fold through the AIG's rules, and the
// unsigned divider is shared between the division and remainder of the same
// operands. It knows nothing about SMT-LIB terms: the caller maps terms to
// words and keeps that map across check-sats, which is what makes blasting
// incremental (the CNF layer then encodes only new gates).
type Blaster struct {
	g       *AIG
	divs    map[string]divResult
	scratch []byte
}

// NewBlaster returns a blaster over a fresh AIG.
func NewBlaster() *Blaster { return NewBlasterOn(NewAIG()) }

// NewBlasterOn returns a blaster building on g.
func NewBlasterOn(g *AIG) *Blaster {
	return &Blaster{g: g, divs: make(map[string]divResult)}
}

// AIG is the graph the blaster builds on.
func (b *Blaster) AIG() *AIG { return b.g }

// Input returns a word of width fresh inputs.
func (b *Blaster) Input(width int) Word {
	w := make(Word, width)
	for i := range w {
		w[i] = b.g.Input()
	}
	return w
}

// Const returns the constant of the given width whose bits are limbs,
// 64 bits per limb, least significant limb first; missing limbs are zero.
func (b *Blaster) Const(width int, limbs []uint64) Word {
	w := make(Word, width)
	for i := range w {
		if i/64 < len(limbs) && limbs[i/64]>>(uint(i)%64)&1 == 1 {
			w[i] = True
		}
	}
	return w
}

// ConstUint64 is Const for a value that fits in 64 bits (higher bits are zero).
func (b *Blaster) ConstUint64(width int, v uint64) Word {
	return b.Const(width, []uint64{v})
}

// ConstBits returns the constant whose bits are bits (least significant first).
func (b *Blaster) ConstBits(bits []bool) Word {
	w := make(Word, len(bits))
	for i, v := range bits {
		w[i] = b.g.Const(v)
	}
	return w
}

// Zero and Ones are the all-zero and all-one words.
func (b *Blaster) Zero(width int) Word { return make(Word, width) }
func (b *Blaster) Ones(width int) Word {
	w := make(Word, width)
	for i := range w {
		w[i] = True
	}
	return w
}

// IsConst reports whether every bit of w is a constant.
func (w Word) IsConst() bool {
	for _, e := range w {
		if !e.IsConst() {
			return false
		}
	}
	return true
}

// Uint64 returns the low 64 bits of a constant word; ok is false if w is not
// constant.
func (w Word) Uint64() (v uint64, ok bool) {
	for i, e := range w {
		if !e.IsConst() {
			return 0, false
		}
		if e == True && i < 64 {
			v |= 1 << uint(i)
		}
	}
	return v, true
}

func sameWidth(op string, x, y Word) {
	if len(x) != len(y) {
		panic(fmt.Sprintf("sat: %s of words of width %d and %d", op, len(x), len(y)))
	}
}

func positiveWidth(op string, n int) {
	if n <= 0 {
		panic(fmt.Sprintf("sat: %s with width %d", op, n))
	}
}

// key serialises words for the divider cache.
func (b *Blaster) key(ws ...Word) string {
	buf := b.scratch[:0]
	for _, w := range ws {
		// Length prefix, so that different splits never give the same key.
		n := uint32(len(w))
		buf = append(buf, byte(n), byte(n>>8), byte(n>>16), byte(n>>24))
		for _, e := range w {
			buf = append(buf, byte(e), byte(e>>8), byte(e>>16), byte(e>>24))
		}
	}
	b.scratch = buf
	return string(buf)
}
