package main

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/sift-solver/sift/engine"
)

// TestZ3CrashCostsOneCheck runs sift (this test binary as sift) with a crash
// injected into its Z3 worker's first call: that check answers unknown with
// the crash as its reason, and the next check of the session is answered.
// The worker is libz3's route, so the z3 executable is switched off.
func TestZ3CrashCostsOneCheck(t *testing.T) {
	var others []string
	for _, s := range engine.DefaultStages() {
		if s.Name() != "z3-fallback" {
			others = append(others, s.Name())
		}
	}
	script := `(set-logic BV)
(declare-const a (_ BitVec 8))
(assert (forall ((x (_ BitVec 8))) (bvuge (bvor x a) x)))
(check-sat)
(get-info :reason-unknown)
(assert (= a #x03))
(check-sat)
`
	for _, fault := range []string{"abort", "segv"} {
		t.Run(fault, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-t", "20", "--no-z3-binary", "--disable="+strings.Join(others, ","))
			cmd.Env = append(os.Environ(), asSiftEnv+"=1", "SIFT_Z3_FAULT="+fault)
			cmd.Stdin = strings.NewReader(script)
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("sift: %v\n%s", err, out)
			}
			want := regexp.MustCompile(`^unknown\n\(:reason-unknown "the z3 worker crashed \(exit status 2\): SIG(ABRT|SEGV)[^"]*; this check only"\)\nsat\n$`)
			if !want.Match(out) {
				t.Errorf("output:\n%s", out)
			}
		})
	}
}
