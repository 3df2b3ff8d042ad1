//go:build siftmodels

// Models of internal/godebug, whose settings the runtime fills in from the
// GODEBUG variable and the binary's defaults through functions without a
// Go body. The models give every setting its default behaviour: an empty
// GODEBUG, and a main module at the toolchain's Go version (where no
// setting has a non-default value).
package siftmodels

import "internal/godebug"

//sift:model (*internal/godebug.Setting).Value
func godebugValue(s *godebug.Setting) string { return "" }

// IncNonDefault counts uses of non-default behaviour for runtime metrics.
//
//sift:model (*internal/godebug.Setting).IncNonDefault
func godebugIncNonDefault(s *godebug.Setting) {}

//sift:model internal/godebug.setUpdate
func godebugSetUpdate(update func(string, string)) {}

//sift:model internal/godebug.setNewIncNonDefault
func godebugSetNewIncNonDefault(newIncNonDefault func(string) func()) {}

//sift:model internal/godebug.registerMetric
func godebugRegisterMetric(name string, read func() uint64) {}
