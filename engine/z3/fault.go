package z3

/*
#include <signal.h>
#include <stdlib.h>

static void sift_fault_abort(void) { abort(); }
static void sift_fault_segv(void) { raise(SIGSEGV); }
*/
import "C"

// injectFault crashes the process the way a fault inside libz3 would: an
// abort (a failed assertion in Z3) or a segmentation fault; or it hangs, as a
// check that ignores Z3_interrupt would. It is reached only from a worker
// started for fault injection (tests).
func injectFault(kind string) {
	switch kind {
	case "abort":
		C.sift_fault_abort()
	case "segv":
		C.sift_fault_segv()
	case "hang":
		select {}
	}
}
