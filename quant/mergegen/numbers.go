package mergegen

import "fmt"

// Number parsers: digit loops whose accumulated value is not linear in the
// count, so the executor merges it the standard way (an ite over k = k_j,
// exact under the merged pc) while the path condition stays quantified.

// isDigit is (unsigned)(c - '0') <= 9.
func isDigit(c string) string { return fmt.Sprintf("(bvule (bvsub %s #x30) #x09)", c) }

// isXDigitC is isxdigit as C writes it; isXDigitGo is Go's three-range test
// after incremental merging joined its branches into one disjunction.
func isXDigitC(c string) string {
	return fmt.Sprintf("(or (bvule (bvsub %s #x30) #x09) (bvule (bvsub (bvor %s #x20) #x61) #x05))", c, c)
}

func isXDigitGo(c string) string {
	return fmt.Sprintf("(or (and (bvuge %s #x30) (bvule %s #x39)) (and (not (and (bvuge %s #x30) (bvule %s #x39))) (bvuge %s #x61) (bvule %s #x66)) (and (bvuge %s #x41) (bvule %s #x46)))",
		c, c, c, c, c, c, c, c)
}

// valueChain returns the merged accumulator over k = 0..hi, bound by lets:
// ite(k = 0, 0, ite(k = 1, v1, … v_hi)) with v_j = step(v_{j−1}, byte at
// position j−1), as body(ite) text.
func (g *gen) valueChain(k string, hi int, pos func(j int) string, step func(prev, c string) string, body func(v string) string) string {
	names := make([]string, hi)
	exprs := make([]string, hi)
	prev := g.c(0)
	for j := 1; j <= hi; j++ {
		names[j-1] = fmt.Sprintf("v%d", j)
		exprs[j-1] = step(prev, g.sel("s", pos(j-1)))
		prev = names[j-1]
	}
	ite := prev
	for j := hi - 1; j >= 0; j-- {
		v := g.c(0)
		if j > 0 {
			v = names[j-1]
		}
		ite = fmt.Sprintf("(ite (= %s %s) %s %s)", k, g.c(j), v, ite)
	}
	return lets(names, exprs, body(ite))
}

// widen zero-extends a byte to the count width.
func (g *gen) widen(c string) string { return fmt.Sprintf("((_ zero_extend %d) %s)", g.cntW-8, c) }

// hexDigits parses the digits of "0x…": a hex-digit loop from position 2
// accumulating v = v<<4 | digit (or v*16 + digit).
func hexDigits(g *gen) {
	g.widths()
	unb := g.unbounded()
	g.buffer("s")
	g.assert("(= %s #x30)", g.sel("s", g.c(0)))
	g.assert("(or (= %s #x78) (= %s #x58))", g.sel("s", g.c(1)), g.sel("s", g.c(1)))
	off := g.c(2)
	isx := isXDigitC
	if g.r.IntN(2) == 0 {
		isx = isXDigitGo
	}
	hi := g.count("k", g.cntW/4, unb, "")
	g.loop("k", func(p string) string { return isx(g.sel("s", add(off, p))) })
	end := g.sel("s", add(off, "k"))
	if hi > 0 && g.r.IntN(4) == 0 { // stopped by the digit limit
		g.assert("(not (bvult k %s))", g.c(hi))
	} else {
		g.assert("(not %s)", isx(end))
	}
	shift := g.r.IntN(2) == 0
	step := func(prev, c string) string {
		d := g.widen(fmt.Sprintf("(ite (bvule %s #x39) (bvsub %s #x30) (ite (bvule %s #x46) (bvsub %s #x37) (bvsub %s #x57)))", c, c, c, c, c))
		if shift {
			return fmt.Sprintf("(bvor (bvshl %s %s) %s)", prev, g.c(4), d)
		}
		return fmt.Sprintf("(bvadd (bvmul %s %s) %s)", prev, g.c(16), d)
	}
	pos := func(j int) string { return add(off, g.c(j)) }
	choice := g.r.IntN(5)
	if unb && choice >= 3 {
		choice = g.r.IntN(3)
	}
	switch choice {
	case 0: // no digits
		g.assert("(= k %s)", g.c(0))
		g.assert("(= %s %s)", end, h8(g.pick(0, 'g')))
	case 1: // trailing characters after the digits
		g.assert("(not (= %s #x00))", end)
		g.assert("(bvuge k %s)", g.c(g.between(1, 4)))
	case 2: // a terminator among the digits: a trap
		g.assert("(bvuge k %s)", g.c(1))
		g.assert("(= %s #x00)", g.sel("s", sub(add(off, "k"), g.c(g.pick(1, 2)))))
	case 3: // the parsed value
		digits := g.between(1, hi+1)
		want := g.r.Uint64() & (1<<(4*min(digits, 15)) - 1)
		g.assert("%s", g.valueChain("k", hi, pos, step, func(v string) string {
			return fmt.Sprintf("(= %s %s)", v, hw(g.cntW, int(want)))
		}))
		g.assert("(= k %s)", g.c(digits))
	default: // an overflow check
		g.assert("%s", g.valueChain("k", hi, pos, step, func(v string) string {
			return fmt.Sprintf("(bvugt %s %s)", v, hw(g.cntW, 1<<(4*min(g.between(1, hi+1), g.cntW/4-1))))
		}))
	}
}

// strtol is C's strtol with the end pointer checked: skip spaces (k1), an
// optional sign, decimal digits (k2) accumulating v = v*10 + (c - '0'),
// then "trailing characters" unless the end is the terminator.
func strtol(g *gen) {
	g.widths()
	unb := g.unbounded()
	g.buffer("s")
	g.count("k1", 8, unb, "")
	g.loop("k1", func(p string) string { return isSpaceC(g.sel("s", p)) })
	c0 := g.sel("s", "k1")
	g.assert("(not %s)", isSpaceC(c0))
	p0 := "k1"
	switch g.r.IntN(3) {
	case 0:
		g.assert("(and (not (= %s #x2d)) (not (= %s #x2b)))", c0, c0)
	case 1:
		g.assert("(= %s #x2d)", c0)
		p0 = add("k1", g.c(1))
	default:
		g.assert("(= %s #x2b)", c0)
		p0 = add("k1", g.c(1))
	}
	maxDigits := 9
	if g.cntW == 64 {
		maxDigits = 18
	}
	hi := g.count("k2", maxDigits, unb, "")
	g.loop("k2", func(p string) string { return isDigit(g.sel("s", add(p0, p))) })
	endPos := add(p0, "k2")
	end := g.sel("s", endPos)
	g.assert("(not %s)", isDigit(end))
	step := func(prev, c string) string {
		return fmt.Sprintf("(bvadd (bvmul %s %s) (bvsub %s %s))", prev, g.c(10), g.widen(c), g.c(0x30))
	}
	pos := func(j int) string { return add(p0, g.c(j)) }
	choice := g.r.IntN(6)
	if unb && choice >= 4 {
		choice = g.r.IntN(4)
	}
	switch choice {
	case 0: // trailing characters
		g.assert("(not (= %s #x00))", end)
		g.assert("(bvuge k2 %s)", g.c(g.between(0, 3)))
	case 1: // no digits at all
		g.assert("(= k2 %s)", g.c(0))
		g.assert("(= %s #x00)", end)
	case 2: // a digit at the end: a trap
		g.assert("(= %s %s)", end, h8(g.pick('7', 'a')))
	case 3: // the last digit is a dot: a trap when there are digits
		g.assert("(bvuge k2 %s)", g.c(g.pick(0, 1)))
		g.assert("(= %s #x2e)", g.sel("s", sub(endPos, g.c(1))))
	case 4: // a clean parse of a given value
		digits := g.between(1, hi+1)
		want := 0
		for range digits {
			want = want*10 + g.between(0, 9)
		}
		g.assert("(= %s #x00)", end)
		g.assert("%s", g.valueChain("k2", hi, pos, step, func(v string) string {
			return fmt.Sprintf("(= %s %s)", v, hw(g.cntW, want))
		}))
	default: // overflow check against LONG_MAX / 10
		limit := 214748364
		if g.cntW == 64 {
			limit = 922337203685477580
		}
		g.assert("(= %s #x00)", end)
		g.assert("%s", g.valueChain("k2", hi, pos, step, func(v string) string {
			return fmt.Sprintf("(bvugt %s %s)", v, hw(g.cntW, limit/[]int{1, 10, 1000}[g.r.IntN(3)]))
		}))
	}
}
