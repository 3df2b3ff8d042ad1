// Package oracle checks symex's promise that an exhausted run found every
// panic within its bound (issue 31): for a function and a small bound it
// runs the function concretely, as compiled Go, on every input of a
// domain (every byte sequence up to length 2 for a lone string or slice
// parameter, sequences over a declared alphabet up to the bound, small
// and edge integers), recovering panics and recording the panic site
// (file:line of the frame that panicked) and the blocks covered (go test
// -cover), and explores it with symex under every --merge strategy. Any
// difference is a bug of symex:
//
//   - missed-panic: a site the concrete runs reached that an exhausted run
//     did not report;
//   - missed-block: a coverage block the concrete runs executed on a line
//     no path of an exhausted run reached;
//   - false-panic, panic-site: a symex panic whose input returns, or
//     panics elsewhere, when run;
//   - missed-panic-on-path: a symex path that returns on an input that
//     panics when run;
//   - symex-error: an exploration that failed or crashed.
//
// A run counts as exhausted when symex says so and no path was
// unsupported (unsupported paths do not count against symex's exhausted,
// and can hide a panic behind them). The concrete side never writes the
// source tree: the harness is a test file added through go test -overlay
// (an external test package for exported functions, so that standard
// library packages build without import cycles).
//
// Files:
//   - target.go: Target, the function and its bounds, and loading it.
//   - domain.go: the inputs (domains, the declared alphabet, symex's
//     inputs in the harness's encoding).
//   - harness.go: the generated test file, building and running it.
//   - profile.go: reading the coverage profile.
//   - compare.go: Compare, the symex runs and the differences.
//   - gen.go: the generator of small Go functions (Generate).
//
// The tests run testdata/small, testdata/tables and testdata/bytesearch in make test; make oracle runs the long
// comparison (docs/symex/oracle.md).
package oracle
