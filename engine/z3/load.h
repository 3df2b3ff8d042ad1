// The table of the Z3 functions sift calls (libz3.c) and its loader
// (load.c).

struct sift_z3_symbol {
	const char *name;
	void **fn;
};

extern const struct sift_z3_symbol sift_z3_symbols[];

// sift_z3_load loads libz3 and resolves every function of the table; it
// returns NULL, or what went wrong.
const char *sift_z3_load(void);
