package concolic

import "github.com/sift-solver/sift/bv"

// bvInt is a 64-bit two's-complement constant (event inputs, Go ints).
func bvInt(x int) bv.Value { return bv.New(64, uint64(int64(x))) }
