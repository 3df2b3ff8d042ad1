// Package fpref is an independent reference for the FloatingPoint theory,
// used only by tests (of package fp, of the lowering in fp/fpbv, and by the
// differential tester internal/fpdiff, which settles disagreements with it): it is
// written from IEEE 754-2008 and the SMT-LIB theory text with rational
// arithmetic only. Values are decoded from their bits here, every finite
// value of a (small) format is enumerated, and a result is rounded by
// searching that list, so it shares no code with package fp beyond the
// Value type's constructors. It is exact but slow: formats of at most 16
// bits. ref.go holds the whole reference.
package fpref
