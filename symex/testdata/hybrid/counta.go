package hyb

// CountA counts the 'a' bytes of b. At --max-len 3 it has 15 paths, one
// per word of length 0 to 3 over {'a', another byte}, and the blocks of the
// loop are all reached by the first few: the fuzz corpus seeds only those
// (TestFuzzSeedsChoice), every path's input with AllPaths.
func CountA(b []byte) int {
	n := 0
	for _, c := range b {
		if c == 'a' {
			n++
		}
	}
	return n
}
