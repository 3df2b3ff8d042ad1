package z3

/*
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import (
	"strconv"
	"sync"
	"unsafe"
)

var memoryLimit struct {
	sync.Mutex
	mb uint64
}

// setMemoryLimit bounds what Z3 allocates, in megabytes (0: no bound),
// through its global memory_max_size parameter. Past the bound Z3 gives up
// with a memory error, which Solve answers as unknown with reason "memout".
// The parameter is process-wide: in a worker process that is the worker's
// Z3; in-process, every context of the process.
func setMemoryLimit(mb uint64) {
	memoryLimit.Lock()
	defer memoryLimit.Unlock()
	if mb == memoryLimit.mb {
		return
	}
	memoryLimit.mb = mb
	name, value := C.CString("memory_max_size"), C.CString(strconv.FormatUint(mb, 10))
	defer C.free(unsafe.Pointer(name))
	defer C.free(unsafe.Pointer(value))
	C.Z3_global_param_set(name, value)
}
