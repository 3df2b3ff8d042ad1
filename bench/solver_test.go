package bench

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestParseSolverSpec(t *testing.T) {
	tests := []struct {
		spec    string
		want    Solver
		wantErr string
	}{
		{spec: "z3", want: Solver{Name: "z3", Kind: KindZ3, Argv: []string{"z3"}}},
		{spec: "sift-old=/tmp/builds/sift", want: Solver{Name: "sift-old", Kind: KindSift, Argv: []string{"/tmp/builds/sift"}}},
		{spec: "cvc5new=/opt/cvc5-1.1/bin/cvc5", want: Solver{Name: "cvc5new", Kind: KindCVC5, Argv: []string{"/opt/cvc5-1.1/bin/cvc5"}}},
		{spec: "bz=bitwuzla -t {timeout} {file}", want: Solver{Name: "bz", Kind: KindCommand, Argv: []string{"bitwuzla", "-t", "{timeout}", "{file}"}}},
		{spec: "yices", wantErr: "not a known solver"},
		{spec: "x=mysolver --fast", wantErr: "needs a {file} placeholder"},
		{spec: "a b=z3 {file}", wantErr: "may not contain spaces"},
		{spec: "=z3", wantErr: "expected a solver kind"},
		{spec: "", wantErr: "expected a solver kind"},
	}
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) {
			got, err := ParseSolverSpec(tc.spec)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Errorf("got %v, want error containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
}

func TestSolverCommand(t *testing.T) {
	plain := Instance{Path: "/s/a.smt2", Features: FileFeatures{CheckSats: 1}}
	incr := Instance{Path: "/s/b.smt2", Features: FileFeatures{CheckSats: 2, ModelOutput: true}}
	lim := 2500 * time.Millisecond
	tests := []struct {
		name string
		s    Solver
		in   Instance
		want string
	}{
		{"z3", Solver{Kind: KindZ3, Argv: []string{"z3"}}, plain, "z3 -smt2 -T:3 /s/a.smt2"},
		{"cvc5 plain", Solver{Kind: KindCVC5, Argv: []string{"cvc5"}}, plain, "cvc5 --lang smt2 --tlimit-per=2500 /s/a.smt2"},
		{"cvc5 incremental with models", Solver{Kind: KindCVC5, Argv: []string{"cvc5"}}, incr,
			"cvc5 --lang smt2 --tlimit-per=2500 --incremental --produce-models /s/b.smt2"},
		{"boolector", Solver{Kind: KindBoolector, Argv: []string{"boolector"}}, plain, "boolector --smt2 -t 3 /s/a.smt2"},
		{"sift", Solver{Kind: KindSift, Argv: []string{"./sift"}}, plain, "./sift -t 3 /s/a.smt2"},
		{"command", Solver{Kind: KindCommand, Argv: []string{"x", "--ms={timeout_ms}", "-T{timeout}", "{file}"}}, plain,
			"x --ms=2500 -T3 /s/a.smt2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := strings.Join(tc.s.Command(tc.in, lim), " "); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestParseBytes(t *testing.T) {
	tests := []struct {
		in   string
		want uint64
		ok   bool
	}{
		{"0", 0, true}, {"512M", 512 << 20, true}, {"8G", 8 << 30, true}, {"8GiB", 8 << 30, true},
		{"100k", 100 << 10, true}, {"12345", 12345, true}, {"lots", 0, false}, {"-1G", 0, false},
	}
	for _, tc := range tests {
		got, err := ParseBytes(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseBytes(%q) = %d, %v; want %d, ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}
