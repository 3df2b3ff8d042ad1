package z3

/*
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import (
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
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
	if loadLibz3() != nil {
		return // Solve reports it
	}
	if room := addressSpaceRoomMB(); room > 0 && (mb == 0 || room < mb) {
		mb = room
	}
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

// addressSpaceRoomMB returns four fifths of the address space left under
// RLIMIT_AS, in megabytes, or 0 when there is no such limit. Under it an
// allocation fails rather than the system killing the process, and a failed
// allocation inside Z3 may abort; memory_max_size makes Z3 stop first.
func addressSpaceRoomMB() uint64 {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err != nil || rl.Cur >= 1<<62 {
		return 0
	}
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	fields := strings.Fields(string(b))
	if len(fields) == 0 {
		return 0
	}
	pages, err := strconv.ParseUint(fields[0], 10, 64)
	if err != nil {
		return 0
	}
	used := pages * uint64(os.Getpagesize())
	if used >= rl.Cur {
		return 1
	}
	return max((rl.Cur-used)/5*4>>20, 1)
}
