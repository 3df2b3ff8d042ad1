#include <dlfcn.h>
#include <stddef.h>
#include "load.h"

// The library names tried in turn: the versioned one Debian's libz3-4
// installs, then the development link.
static const char *const sift_z3_libraries[] = { "libz3.so.4", "libz3.so", NULL };

const char *sift_z3_load(void) {
	void *lib = NULL;
	for (int i = 0; lib == NULL && sift_z3_libraries[i] != NULL; i++) {
		lib = dlopen(sift_z3_libraries[i], RTLD_NOW | RTLD_LOCAL);
	}
	if (lib == NULL) {
		return dlerror();
	}
	for (const struct sift_z3_symbol *s = sift_z3_symbols; s->name != NULL; s++) {
		*s->fn = dlsym(lib, s->name);
		if (*s->fn == NULL) {
			return dlerror();
		}
	}
	return NULL;
}
