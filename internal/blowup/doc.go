// Package blowup writes SMT-LIB scripts whose size explodes somewhere in a
// solver: wide multiplier and divider chains, deep store chains, huge ite
// trees, wide barrel shifters. They check that a time limit holds whatever
// the width: each must end (with any answer, or unknown) close to its limit.
// engine's limit test runs them under a short limit; scripts/limits.sh runs
// the sift binary on each under -t 2 and reports the wall times;
// cmd/blowup writes them to files. blowup.go holds the generators.
package blowup
