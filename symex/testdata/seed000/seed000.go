// Package seed000 holds Go ports of the functions of seed 000's executor
// tests (Trabish et al., "State Merging with Quantifiers in Symbolic
// Execution", FSE'23; tests E1–E8 of the digest's §6.3): memspn (the
// paper's Fig. 1, from uClibc's strspn), uClibc's strspn itself (the
// reference implementation's README example for incremental merging), and
// small variants for the fallbacks and for liveness. Written for sift's
// symex tests; the C originals are in the paper and in uClibc.
package seed000

// memspn is Fig. 1: the length of the prefix of s[:n] made of bytes in
// chars. p indexes chars where the C code moves a pointer. s is an array,
// so with count concrete on every path the index s[count] needs no bounds
// fork, as in the paper's tree.
func memspn(s [4]byte, n int, chars string) int {
	p := 0
	count := 0
	for p < len(chars) && count < n {
		if chars[p] == s[count] {
			count++
			p = 0
		} else {
			p++
		}
	}
	return count
}

// MemspnA is Fig. 2's call: chars = "a", n ≤ 3 (E1–E3). Its loop exit sees
// the tree's 7 leaves. The test of the result after the call asks the
// merged states the paper's Script A ("can memspn return 2?").
func MemspnA(s [4]byte, n int) int {
	if n > 3 {
		return -1
	}
	count := memspn(s, n, "a")
	if count == 2 {
		return 20
	}
	return count
}

// memspnSquares is memspn that also keeps count² (E4: 0, 1, 4 at
// k = 0, 1, 2 is no a·k+b).
func memspnSquares(s [4]byte, n int, chars string) (int, int) {
	p, count, sq := 0, 0, 0
	for p < len(chars) && count < n {
		if chars[p] == s[count] {
			count++
			sq = count * count
			p = 0
		} else {
			p++
		}
	}
	return count, sq
}

// MemspnSquares is memspnSquares with chars = "a", n ≤ 3.
func MemspnSquares(s [4]byte, n int) int {
	if n > 3 {
		return -1
	}
	count, sq := memspnSquares(s, n, "a")
	if sq == 4 {
		return 40
	}
	return count + sq
}

// memspnStride5 compares s[5·count] (E5: the tails n>0 ∧ s[0]='a' and
// n>1 ∧ s[5]='a' hold (0,0) and (1,5), which no one constant produces).
func memspnStride5(s [16]byte, n int, chars string) int {
	p := 0
	count := 0
	for p < len(chars) && count < n {
		if chars[p] == s[5*count] {
			count++
			p = 0
		} else {
			p++
		}
	}
	return count
}

// MemspnStride5 is memspnStride5 with chars = "a", n ≤ 3.
func MemspnStride5(s [16]byte, n int) int {
	if n > 3 {
		return -1
	}
	count := memspnStride5(s, n, "a")
	if count == 2 {
		return 20
	}
	return count
}

// strspn is uClibc's strspn on a NUL-terminated byte string:
//
//	while (*p) { if (*p++ == *s) { ++s; p = s2; } }
//
// with p an index into accept (its end plays the NUL) and i into s.
func strspn(s []byte, accept string) int {
	i, p := 0, 0
	for p < len(accept) {
		c := accept[p]
		p++
		if c == s[i] {
			i++
			p = 0
		}
	}
	return i
}

// StrspnAB is the reference implementation's README example (E7):
// strspn(str, "ab") on a string of length 1..4 whose last byte is NUL.
// At --max-len 4 its loop exit sees 1+2+4+8 = 15 states: at position j,
// 2^j prefixes over {a, b} stop there. With incremental merging the 'a'
// and 'b' sides of each position merge (p is dead once a byte matched),
// and 4 states reach the exit.
func StrspnAB(str []byte) int {
	if len(str) == 0 {
		return -1
	}
	str[len(str)-1] = 0
	k := strspn(str, "ab")
	if k == 2 {
		return 20
	}
	return k
}

// strspnLast is strspn that also reports where in accept the last match
// was: p is live after a match (E8), so the 'a' and 'b' sides differ in a
// live variable and must not merge.
func strspnLast(s []byte, accept string) (int, int) {
	i, p, last := 0, 0, -1
	for p < len(accept) {
		c := accept[p]
		p++
		if c == s[i] {
			i++
			last = p
			p = 0
		}
	}
	return i, last
}

// StrspnABLast is StrspnAB over strspnLast.
func StrspnABLast(str []byte) int {
	if len(str) == 0 {
		return -1
	}
	str[len(str)-1] = 0
	i, last := strspnLast(str, "ab")
	return i*4 + last
}

// MemspnPanics panics on two of memspn's results, both reached from the
// quantified states pat builds at the loop exit (MemspnA's tree): an
// explicit panic at count = 2 and an index out of range at count = 3. Its
// generated test must reproduce both from models of the merged pcs.
func MemspnPanics(s [4]byte, n int) int {
	if n > 3 {
		return -1
	}
	count := memspn(s, n, "a")
	if count == 2 {
		panic("two leading a's")
	}
	var tab [3]int
	return tab[count]
}
