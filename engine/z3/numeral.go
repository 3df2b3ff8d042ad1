package z3

/*
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import (
	"math/big"
	"unsafe"
)

// numeral reads a numeral's value; Z3 gives it as a decimal string.
func (s *session) numeral(a C.Z3_ast) *big.Int {
	str := C.GoString(C.Z3_get_numeral_string(s.c, a))
	s.check()
	v, ok := new(big.Int).SetString(str, 10)
	if !ok {
		fail("z3 numeral %q is not an integer", str)
	}
	return v
}

func (s *session) mkNumeral(v *big.Int, t C.Z3_sort) C.Z3_ast {
	cs := C.CString(v.String())
	defer C.free(unsafe.Pointer(cs))
	return s.keep(C.Z3_mk_numeral(s.c, cs, t))
}
