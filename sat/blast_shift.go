package sat

// Barrel shifters. Stage k shifts by 2^k when bit k of the amount is set, for
// every k with 2^k < w (so ceil(log2 w) stages; shifts that run past the top
// within these stages simply fill, which handles widths that are not powers
// of two). Any set amount bit with 2^k >= w means the amount is >= w, and a
// final guard selects the fill word. The amount may have any width.

// fill is what shifted-out positions receive.
func (b *Blaster) barrel(x, amount Word, left bool, fill Edge) Word {
	w := len(x)
	cur := append(Word(nil), x...)
	overflow := False
	for k, bit := range amount {
		if k >= 63 || 1<<uint(k) >= w {
			overflow = b.g.Or(overflow, bit)
			continue
		}
		s := 1 << uint(k)
		next := make(Word, w)
		for i := 0; i < w; i++ {
			var moved Edge
			if left {
				moved = fill
				if i-s >= 0 {
					moved = cur[i-s]
				}
			} else {
				moved = fill
				if i+s < w {
					moved = cur[i+s]
				}
			}
			next[i] = b.g.Ite(bit, moved, cur[i])
		}
		cur = next
	}
	for i := range cur {
		cur[i] = b.g.Ite(overflow, fill, cur[i])
	}
	return cur
}

// Shl is bvshl: x << y, 0 when y >= width.
func (b *Blaster) Shl(x, y Word) Word { return b.barrel(x, y, true, False) }

// Lshr is bvlshr: logical right shift, 0 when y >= width.
func (b *Blaster) Lshr(x, y Word) Word { return b.barrel(x, y, false, False) }

// Ashr is bvashr: arithmetic right shift, sign fill when y >= width.
func (b *Blaster) Ashr(x, y Word) Word {
	positiveWidth("bvashr", len(x))
	return b.barrel(x, y, false, x[len(x)-1])
}
