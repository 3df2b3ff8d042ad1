package engine_test

import (
	"testing"
)

// TestSVIMemoryQueries: KLEE-style reads of a byte memory are decided by the
// svi stage; the arrays of its models pass the driver's validation and are
// what get-value reports.
func TestSVIMemoryQueries(t *testing.T) {
	const mem = "(declare-fun mem () (Array (_ BitVec 32) (_ BitVec 8)))"
	tests := []struct {
		name, script, want string
	}{
		{"word read",
			mem + "(assert (= (concat (select mem #x00000001) (select mem #x00000000)) #xbeef))(check-sat)" +
				"(get-value ((select mem #x00000000) (select mem #x00000001) (select mem #x00000002)))",
			"sat\n(((select mem #x00000000) #xef)\n ((select mem #x00000001) #xbe)\n ((select mem #x00000002) #x00))\n"},
		{"copied bytes read back",
			mem + "(declare-fun buf () (Array (_ BitVec 32) (_ BitVec 8)))" +
				"(assert (= (select buf #x00000000) #x00))" +
				"(assert (bvslt ((_ sign_extend 24) (select (store buf #x00000000 (select mem #x00000000)) #x00000000)) #x00000000))" +
				"(check-sat)(get-value ((select buf #x00000000)))",
			"sat\n(((select buf #x00000000) #x00))\n"},
		{"one byte, two bounds",
			mem + "(assert (bvult (select mem #x00000007) #x30))(assert (bvugt (select mem #x00000007) #x39))(check-sat)",
			"unsat\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { runSVIDecided(t, tc.script, tc.want) })
	}
}
