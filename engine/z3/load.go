package z3

/*
#cgo LDFLAGS: -ldl
#include "load.h"
*/
import "C"

import (
	"fmt"
	"sync"
)

//go:generate go run gen_libz3.go

// loadLibz3 loads libz3 on first use. sift is not linked against it: the
// dynamic loader would map and relocate the library, and run its static
// constructors, at every start of every sift process (about a millisecond),
// while most processes never reach Z3 and those that do reach it in a worker
// process. Each C.Z3_ function this package calls is defined in libz3.c as
// a call through a pointer that the load fills in; nothing may call one
// before loadLibz3 has returned nil.
var loadLibz3 = sync.OnceValue(func() error {
	if msg := C.sift_z3_load(); msg != nil {
		return fmt.Errorf("libz3 cannot be loaded: %s", C.GoString(msg))
	}
	return nil
})
