// Calls into CaDiCaL that may allocate, with C++'s allocation failure caught:
// under an address-space limit (RLIMIT_AS) a failed allocation throws
// std::bad_alloc, which must not unwind into Go (the process would abort).
// Each returns -1 when memory ran out; the solver is then not to be used
// again.

#include <new>
#include <ccadical.h>

extern "C" int sift_add_buffer(CCaDiCaL *s, const int *buf, long n) {
	try {
		for (long i = 0; i < n; i++) ccadical_add(s, buf[i]);
		return 0;
	} catch (const std::bad_alloc &) {
		return -1;
	}
}

extern "C" int sift_solve(CCaDiCaL *s, int *flag, const int *assumps, long n, int conflicts) {
	try {
		__atomic_store_n(flag, 0, __ATOMIC_RELAXED);
		for (long i = 0; i < n; i++) ccadical_assume(s, assumps[i]);
		if (conflicts >= 0) ccadical_limit(s, "conflicts", conflicts);
		return ccadical_solve(s);
	} catch (const std::bad_alloc &) {
		return -1;
	}
}
