package mergegen

import (
	"fmt"
	"strings"
)

// String scans as seed 000's pattern merging leaves them (§3, Def. 3.6):
// each loop becomes ∀i. 1 ≤ i ≤ k → tail(i−1) with the exit tail at k, and
// a loop that starts where an earlier one stopped reads the buffer at
// positions built from the earlier counts. The last assertion is the branch
// the program takes next; traps next to the loop bounds make some unsat.

// isSpaceC is C's isspace over the "C" locale as compilers lower it.
func isSpaceC(c string) string {
	return fmt.Sprintf("(or (= %s #x20) (bvult (bvsub %s #x09) #x05))", c, c)
}

// asciiSpace is Go's strings.asciiSpace table as the executor lifts a
// global [256]uint8: a constant array under the stores of its non-zero
// entries, indexed by the byte converted to int.
func asciiSpace() string {
	t := "((as const (Array (_ BitVec 64) (_ BitVec 8))) #x00)"
	for _, c := range []int{'\t', '\n', '\v', '\f', '\r', ' '} {
		t = fmt.Sprintf("(store %s %s #x01)", t, hw(64, c))
	}
	return t
}

// isSpaceGo is the ASCII step of strings.TrimSpace: c < utf8.RuneSelf and
// asciiSpace[c] != 0.
func isSpaceGo(c string) string {
	return fmt.Sprintf("(and (bvult %s #x80) (not (= (select %s ((_ zero_extend 56) %s)) #x00)))", c, asciiSpace(), c)
}

// strlenTrim is len = strlen(s), then while (len > 0 &&
// isspace(s[len-1])) len--: the second loop counts down from the first
// one's count.
func strlenTrim(g *gen) {
	g.widths()
	unb := g.unbounded()
	g.buffer("s")
	hi1 := g.count("k1", g.opts.MaxK, unb, "")
	g.loop("k1", func(p string) string { return fmt.Sprintf("(not (= %s #x00))", g.sel("s", p)) })
	g.assert("(= %s #x00)", g.sel("s", "k1"))
	hi2 := g.count("k2", max(hi1, 1), unb || g.r.IntN(4) == 0, "k1")
	g.loop("k2", func(p string) string {
		l := sub("k1", p)
		return fmt.Sprintf("(and (bvugt %s %s) %s)", l, g.c(0), isSpaceC(g.sel("s", sub(l, g.c(1)))))
	})
	l := sub("k1", "k2")
	allSpace := g.r.IntN(3) == 0
	if allSpace {
		g.assert("(not (bvugt %s %s))", l, g.c(0))
	} else {
		g.assert("(and (bvugt %s %s) (not %s))", l, g.c(0), isSpaceC(g.sel("s", sub(l, g.c(1)))))
	}
	v := g.between(0, max(hi1, hi2, 8))
	switch g.r.IntN(5) {
	case 0:
		g.assert("(= %s %s)", l, g.c(v))
	case 1: // the last kept byte: a space or the terminator contradicts a loop
		g.assert("(= %s %s)", g.sel("s", sub(l, g.c(1))), h8([]int{0x20, 0x00, 0x0a, 0x78}[g.r.IntN(4)]))
	case 2: // a byte the scan passed: a terminator before k1 is a trap
		g.assert("(= k1 %s)", g.c(v))
		g.assert("(= %s #x00)", g.sel("s", g.c(g.trap(v, v+2))))
	case 3:
		g.assert("(bvugt k2 %s)", g.c(g.between(0, max(hi2, 4))))
		g.assert("(bvule k1 %s)", g.c(v))
	default: // trailing whitespace was removed and the string ends in 'x'
		g.assert("(bvuge k2 %s)", g.c(1))
		g.assert("(= %s #x78)", g.sel("s", sub(l, g.c(g.pick(1, 2)))))
	}
}

// trimSpace is Go's strings.TrimSpace on a []byte-backed string of
// symbolic length n: a forward scan for the first non-space, then a
// backward scan from n for the last, both through the asciiSpace table.
// Go's int is 64 bits, and so is the executor's index sort.
func trimSpace(g *gen) {
	g.idxW, g.cntW = 64, 64
	unb := g.unbounded()
	g.buffer("s")
	g.length("n", unb)
	g.count("k1", min(g.opts.MaxK, g.opts.MaxBuffer), unb, "n")
	g.loop("k1", func(p string) string {
		return fmt.Sprintf("(and (bvult %s n) %s)", p, isSpaceGo(g.sel("s", p)))
	})
	c0 := g.sel("s", "k1")
	switch g.r.IntN(4) {
	case 0: // all spaces: the result is empty
		g.assert("(not (bvult k1 n))")
		if g.r.IntN(2) == 0 {
			g.assert("(bvugt n %s)", g.c(g.between(0, 8)))
		} else {
			t := g.between(0, 8)
			g.assert("(bvugt n %s)", g.c(t))
			g.assert("(= %s %s)", g.sel("s", g.c(g.trap(t, t+1))), h8([]int{'x', ' ', '\t'}[g.r.IntN(3)]))
		}
		return
	case 1: // a non-ASCII byte: TrimFunc takes over
		g.assert("(and (bvult k1 n) (not (bvult %s #x80)))", c0)
		g.assert("(= %s %s)", g.sel("s", add("k1", g.c(1))), h8(g.pick(0x20, 0xc3)))
		return
	}
	g.assert("(and (bvult k1 n) (bvult %s #x80) (= (select %s ((_ zero_extend 56) %s)) #x00))", c0, asciiSpace(), c0)
	hi2 := g.count("k2", min(g.opts.MaxK, g.opts.MaxBuffer), unb, "n")
	g.loop("k2", func(p string) string {
		stop := sub("n", p)
		return fmt.Sprintf("(and (bvugt %s k1) %s)", stop, isSpaceGo(g.sel("s", sub(stop, g.c(1)))))
	})
	last := g.sel("s", sub(sub("n", "k2"), g.c(1)))
	g.assert("(and (bvugt (bvsub n k2) k1) (bvult %s #x80) (= (select %s ((_ zero_extend 56) %s)) #x00))", last, asciiSpace(), last)
	l := sub(sub("n", "k2"), "k1")
	switch g.r.IntN(4) {
	case 0:
		g.assert("(= %s %s)", l, g.c(g.between(0, 6)))
	case 1: // a one-byte result whose first and last bytes differ
		g.assert("(= %s %s)", l, g.c(1))
		g.assert("(not (= %s %s))", c0, last)
	case 2:
		g.assert("(= %s #x6f)", c0)
		g.assert("(= %s %s)", last, h8(g.pick('k', ' ')))
		g.assert("(bvugt k2 %s)", g.c(g.between(0, max(hi2, 3))))
	default: // the byte after the result is not a space: only when k2 = 0
		g.assert("(bvult (bvsub n k2) n)")
		g.assert("(= %s %s)", g.sel("s", sub("n", "k2")), h8(g.pick('z', '\n')))
	}
}

// tokenize splits s at a separator byte: for each token, skip separators
// (count k_odd), then scan the token (count k_even), each scan starting where
// the previous stopped; counts are size_t or int, the buffer int- or
// size_t-indexed.
func tokenize(g *gen) {
	g.widths()
	unb := g.unbounded()
	sep := h8([]int{' ', ',', ':'}[g.r.IntN(3)])
	g.buffer("s")
	g.length("n", unb)
	tokens := 1 + g.r.IntN(2)
	maxK := max(min(g.opts.MaxK, g.opts.MaxBuffer)/(2*tokens), 1)
	base := ""
	var start, word string
	for t := range tokens {
		skip := fmt.Sprintf("k%d", 2*t+1)
		word = fmt.Sprintf("k%d", 2*t+2)
		from := base
		g.count(skip, maxK, unb, "n")
		g.loop(skip, func(p string) string {
			q := add(from, p)
			return fmt.Sprintf("(and (bvult %s n) (= %s %s))", q, g.sel("s", q), sep)
		})
		start = add(from, skip)
		g.assert("(and (bvult %s n) (not (= %s %s)))", start, g.sel("s", start), sep)
		g.count(word, maxK, unb, "n")
		g.loop(word, func(p string) string {
			q := add(start, p)
			return fmt.Sprintf("(and (bvult %s n) (not (= %s %s)))", q, g.sel("s", q), sep)
		})
		end := add(start, word)
		if t == tokens-1 && g.r.IntN(2) == 0 {
			g.assert("(not (bvult %s n))", end)
		} else {
			g.assert("(and (bvult %s n) (= %s %s))", end, g.sel("s", end), sep)
		}
		base = add(end, g.c(1))
	}
	switch g.r.IntN(4) {
	case 0: // token too long
		g.assert("(bvugt %s %s)", word, g.c(g.between(0, maxK)))
	case 1: // keyword "if"
		g.assert("(= %s %s)", word, g.c(2))
		g.assert("(= %s #x69)", g.sel("s", start))
		g.assert("(= %s #x66)", g.sel("s", add(start, g.c(1))))
	case 2: // the token's last byte is a separator: a trap when the token is not empty
		g.assert("(bvuge %s %s)", word, g.c(g.pick(0, 1)))
		g.assert("(= %s %s)", g.sel("s", sub(add(start, word), g.c(1))), sep)
	default:
		v := g.between(0, maxK)
		g.assert("(= %s %s)", start, g.c(v))
		g.assert("(= %s %s)", g.sel("s", g.c(g.trap(v, v+2))), sep)
	}
}

// indexByte is Go's bytes.IndexByte as a loop: scan while s[i] != c, then
// return i or -1.
func indexByte(g *gen) {
	g.idxW, g.cntW = 64, 64
	unb := g.unbounded()
	c := h8(g.between(1, 255))
	g.buffer("s")
	g.length("n", unb)
	hi := g.count("k", min(g.opts.MaxK, g.opts.MaxBuffer), unb, "n")
	g.loop("k", func(p string) string {
		return fmt.Sprintf("(and (bvult %s n) (not (= %s %s)))", p, g.sel("s", p), c)
	})
	v := g.between(0, max(hi, 8))
	if g.r.IntN(3) == 0 { // not found
		g.assert("(not (bvult k n))")
		g.assert("(bvugt n %s)", g.c(v))
		g.assert("(= %s %s)", g.sel("s", g.c(g.trap(v, v+1))), c)
		return
	}
	g.assert("(and (bvult k n) (= %s %s))", g.sel("s", "k"), c)
	switch g.r.IntN(3) {
	case 0:
		g.assert("(= k %s)", g.c(v))
	case 1: // an earlier occurrence
		g.assert("(bvugt k %s)", g.c(v))
		g.assert("(= %s %s)", g.sel("s", g.c(g.trap(v, v+1))), c)
	default: // the match is followed by a second one
		g.assert("(= %s %s)", g.sel("s", add("k", g.c(1))), c)
		g.assert("(bvult (bvadd k %s) n)", g.c(1))
		g.assert("(bvuge k %s)", g.c(v))
	}
}

// lets wraps body in nested lets binding names[j] to exprs[j] in order, so
// that a value chain is written once.
func lets(names, exprs []string, body string) string {
	var b strings.Builder
	for j := range names {
		fmt.Fprintf(&b, "(let ((%s %s)) ", names[j], exprs[j])
	}
	b.WriteString(body)
	b.WriteString(strings.Repeat(")", len(names)))
	return b.String()
}
