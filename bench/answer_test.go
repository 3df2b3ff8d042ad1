package bench

import (
	"testing"
	"time"
)

func TestParseOutput(t *testing.T) {
	tests := []struct {
		name   string
		out    string
		answer string
		errors int
	}{
		{"plain sat", "sat\n", "sat", 0},
		{"unsat then model error", "unsat\n(error \"model is not available\")\n", "unsat", 1},
		{"errors spanning lines before the answer", "(error \"line 3 column 5: unknown constant\nbvsaddo\")\n(error \"x\")\nsat\n", "sat", 2},
		{"boolector warnings on stdout", "[btorsmt2] WARNING no 'exit' command at end of 'f.smt2'\nunsat\n", "unsat", 0},
		{"z3 whole-run timeout", "timeout\n", "timeout", 0},
		{"parenthesis inside an error string", "(error \"unbalanced ( here\")\nunknown\n", "unknown", 1},
		{"quoted symbol with a parenthesis", "(error |odd ) name|)\nsat\n", "sat", 1},
		{"only an error", "(error \"unsupported\")\n", "", 1},
		{"nothing", "", "", 0},
		{"the word inside a sentence is no answer", "result is sat maybe\n", "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := parseOutput([]byte(tc.out))
			if p.answer != tc.answer || p.errorsPrinted != tc.errors {
				t.Errorf("got answer %q, %d errors; want %q, %d", p.answer, p.errorsPrinted, tc.answer, tc.errors)
			}
		})
	}
}

func TestClassify(t *testing.T) {
	lim := Limits{Wall: 10 * time.Second}
	tests := []struct {
		name string
		o    outcome
		out  string
		kind Kind
		want Result
	}{
		{"sat in time", outcome{wall: time.Second}, "sat", KindZ3, ResultSat},
		{"sat after the limit is a timeout", outcome{wall: 11 * time.Second}, "sat", KindZ3, ResultTimeout},
		{"killed", outcome{wall: 12 * time.Second, killed: true, exitCode: -1, signal: "killed"}, "", KindZ3, ResultTimeout},
		{"unknown", outcome{wall: time.Second}, "unknown", KindCVC5, ResultUnknown},
		{"crash without answer", outcome{wall: time.Second, exitCode: -1, signal: "segmentation fault"}, "", KindSift, ResultError},
		{"answer then crash still counts", outcome{wall: time.Second, exitCode: -1, signal: "aborted"}, "unsat", KindSift, ResultUnsat},
		{"garbage", outcome{wall: time.Second}, "hello", KindCommand, ResultError},
		{"boolector exit 10", outcome{wall: time.Second, exitCode: 10}, "", KindBoolector, ResultSat},
		{"boolector exit 20", outcome{wall: time.Second, exitCode: 20}, "", KindBoolector, ResultUnsat},
		{"boolector exit 14", outcome{wall: time.Second, exitCode: 14}, "", KindBoolector, ResultTimeout},
		{"exit 10 means nothing for others", outcome{wall: time.Second, exitCode: 10}, "", KindZ3, ResultError},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := classify(tc.o, parseOutput([]byte(tc.out)), lim, tc.kind); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}
