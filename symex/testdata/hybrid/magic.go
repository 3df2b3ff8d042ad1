package hyb

// Magic panics on inputs of 12 bytes or more whose first four bytes are
// the little-endian word 0x54464953 ("SIFT", one 32-bit comparison) and
// that have '!' at index 11: symex at --max-len 6 reaches the word, not
// the length; the fuzzer grows inputs but must guess the word.
func Magic(b []byte) int {
	if len(b) >= 4 && uint32(b[0])|uint32(b[1])<<8|uint32(b[2])<<16|uint32(b[3])<<24 == 0x54464953 {
		if len(b) >= 12 && b[11] == '!' {
			panic("magic")
		}
		return 1
	}
	return 0
}
