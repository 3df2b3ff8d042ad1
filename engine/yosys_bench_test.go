package engine_test

import (
	"bytes"
	"context"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// BenchmarkYosysReplay replays conversations that yosys-smtbmc held with z3
// (testdata/yosys/replay, dumped with --dump-smt2; their README says how),
// one session per iteration, and checks every answer against the status
// yosys-smtbmc wrote before each check-sat. It reports the check-sats per
// second: what a pipe client's long unrolling costs per command.
func BenchmarkYosysReplay(b *testing.B) {
	for _, name := range []string{"demo-bmc400"} {
		b.Run(name, func(b *testing.B) {
			src, err := os.ReadFile("../testdata/yosys/replay/" + name + ".smt2")
			if err != nil {
				b.Fatal(err)
			}
			var want strings.Builder
			for _, m := range replayStatus.FindAllSubmatch(src, -1) {
				want.Write(m[1])
				want.WriteByte('\n')
			}
			checks := strings.Count(want.String(), "\n")
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				var out bytes.Buffer
				in := smtlib.NewInterpreter(smtlib.Config{NewSolver: func(st *term.Store) smtlib.Solver {
					return engine.NewSession(st, engine.Options{})
				}}, &out)
				if err := in.Run(context.Background(), bytes.NewReader(src)); err != nil {
					b.Fatal(err)
				}
				if out.String() != want.String() {
					b.Fatalf("answers differ from the statuses in %s:\n%.300s", name, out.String())
				}
			}
			b.ReportMetric(float64(checks)*float64(b.N)/b.Elapsed().Seconds(), "checks/s")
		})
	}
}

// replayStatus is the status yosys-smtbmc writes before each check-sat of a
// dumped conversation.
var replayStatus = regexp.MustCompile(`\(set-info :status (sat|unsat|unknown)\)\s*(?:;[^\n]*\n\s*)*\(check-sat\)`)
