package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestYosysSMTBMC runs yosys-smtbmc, a client that talks to its solver over
// a pipe (push, assert a step, check, pop), with sift standing in for z3 on
// the designs of testdata/yosys (sift's own, and SymbiYosys's examples under
// public/: BMC, an induction proof, a cover, memories), each converted plain
// and with -stdt (the state as a datatype), and checks the verdicts, the
// steps and the traces against the designs. It skips when Debian's yosys
// is not installed (scripts/setup.sh installs it).
func TestYosysSMTBMC(t *testing.T) {
	for _, tool := range []string{"yosys", "yosys-smtbmc"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (scripts/setup.sh installs yosys): %v", tool, err)
		}
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// yosys-smtbmc -s z3 runs `z3 -smt2 -in`: this test binary, as sift.
	bin := filepath.Join(dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	wrapper := "#!/bin/sh\n" + asSiftEnv + "=1 exec " + self + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "z3"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	// smt2 converts a design of testdata/yosys (file under it, top module,
	// after a chparam command if any) with write_smt2, plain or with enc
	// (-stdt: the state as a datatype; -stbv: as a bit-vector).
	converted := map[string]string{}
	smt2 := func(file, top, chparam, enc string) string {
		key := fmt.Sprint(file, top, chparam, enc)
		if out, ok := converted[key]; ok {
			return out
		}
		src, _ := filepath.Abs(filepath.Join("..", "..", "testdata", "yosys", file))
		out := filepath.Join(dir, fmt.Sprintf("design%d.smt2", len(converted)))
		script := "read_verilog -formal -sv " + src + "; " + chparam + "prep -top " + top + "; async2sync; dffunmap; write_smt2 -wires " + enc + " " + out
		if b, err := exec.Command("yosys", "-q", "-p", script).CombinedOutput(); err != nil {
			t.Fatalf("yosys on %s: %v\n%s", file, err, b)
		}
		converted[key] = out
		return out
	}
	type run struct {
		name      string
		file, top string
		args      []string
		want      []string // lines the output must contain, in order
		// trace, when set, checks the counterexample or cover trace
		// (written with --dump-vcd) and the output.
		trace func(t *testing.T, vcd, out string)
		// chparam sets parameters before prep ("chparam … top; "); enc
		// is write_smt2's encoding flag ("" plain, -stbv, -stdt).
		chparam, enc string
	}
	tests := []run{
		{"bmc passes", "counter.sv", "counter", []string{"-t", "20"},
			[]string{"Checking assertions in step 19..", "Status: PASSED"}, nil, "", ""},
		{"induction", "counter.sv", "counter", []string{"-i", "-t", "4"},
			[]string{"Trying induction in step 3..", "Status: PASSED"}, nil, "", ""},
		{"cover", "counter.sv", "counter", []string{"-c", "-t", "20"},
			[]string{"Reached cover statement", "in step 8.", "Status: PASSED"}, nil, "", ""},
		{"bmc fails", "overflow.sv", "overflow", []string{"-t", "15"},
			[]string{"Checking assertions in step 11..", "BMC failed!", "Status: FAILED"}, overflowTrace, "", ""},
		{"memory", "memory.sv", "memory", []string{"-t", "6"},
			[]string{"Checking assertions in step 5..", "Status: PASSED"}, nil, "", ""},
		// SymbiYosys's examples (testdata/yosys/public/README.md).
		{"public bmc", "public/demo.sv", "demo", []string{"-t", "30"},
			[]string{"Checking assertions in step 29..", "Status: PASSED"}, nil, "", ""},
		{"public induction", "public/prove.sv", "testbench", []string{"-i", "-t", "20"},
			[]string{"Trying induction in step", "Temporal induction successful.", "Status: PASSED"}, nil, "", ""},
		{"public cover", "public/cover.sv", "top", []string{"-c", "-t", "20"},
			[]string{"Reached cover statement", "in step 6.", "Reached cover statement", "in step 7.", "Status: PASSED"}, hashTrace, "", ""},
		{"public memory fails", "public/memory.sv", "testbench", []string{"-t", "10"},
			[]string{"Checking assertions in step 2..", "BMC failed!", "Status: FAILED"}, bankTrace, "", ""},
		{"public memory passes", "public/demo_memory.v", "top", []string{"-t", "10"},
			[]string{"Checking assertions in step 9..", "Status: PASSED"}, nil, "", ""},
		// SymbiYosys's exists-forall puzzles (an anyconst number, an
		// allconst factor), which write_smt2 writes only with the state as
		// a bit-vector or a datatype.
		{"puzzle prime", "public/primegen.sv", "primegen", []string{"-c", "-t", "1"},
			[]string{"Reached cover statement", "in step 0.", "Status: PASSED"}, primeTrace, "", "-stbv"},
		{"puzzle twin primes", "public/primegen.sv", "primes", []string{"-c", "-t", "1"},
			[]string{"Reached cover statement", "in step 0.", "Status: PASSED"}, primesTrace(500), "", "-stbv"},
		{"puzzle twin primes unreachable", "public/primegen.sv", "primes", []string{"-c", "-t", "1"},
			[]string{"Unreached cover statement", "Status: FAILED"}, nil, "chparam -set offset 7 primes; ", "-stbv"},
	}
	// Every run once more with the state as a datatype (write_smt2 -stdt).
	for _, tc := range slices.Clone(tests) {
		tc.name += ", datatypes"
		tc.enc = "-stdt"
		tests = append(tests, tc)
	}
	for i, tc := range tests {
		args := append([]string{"-s", "z3"}, tc.args...)
		vcd := filepath.Join(dir, fmt.Sprintf("trace%d.vcd", i))
		if tc.trace != nil {
			args = append(args, "--dump-vcd", vcd)
		}
		args = append(args, smt2(tc.file, tc.top, tc.chparam, tc.enc))
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cmd := exec.Command("yosys-smtbmc", args...)
			cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
			b, _ := cmd.CombinedOutput()
			out := string(b)
			rest := out
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("output lacks %q (in order):\n%s", w, out)
				}
				rest = rest[i+len(w):]
			}
			if tc.trace != nil {
				tc.trace(t, vcd, out)
			}
		})
	}
}

// vcdValues returns, step by step, the values of the VCD variable named
// name (bit strings, most significant first) in a trace yosys-smtbmc wrote.
func vcdValues(t *testing.T, vcd, name string) []string {
	t.Helper()
	b, err := os.ReadFile(vcd)
	if err != nil {
		t.Fatalf("no trace: %v", err)
	}
	m := regexp.MustCompile(`\$var \w+ \d+ (\S+) ` + regexp.QuoteMeta(name) + ` \$end`).FindStringSubmatch(string(b))
	if m == nil {
		t.Fatalf("trace has no variable %s", name)
	}
	var values []string
	for _, v := range regexp.MustCompile(`(?m)^b([01]+) `+regexp.QuoteMeta(m[1])+`$`).FindAllStringSubmatch(string(b), -1) {
		values = append(values, v[1])
	}
	return values
}

// overflowTrace checks the counterexample of overflow.sv: count goes 0, 1,
// …, 11 (at step 11 the registered assertion sees the 10 of step 10).
func overflowTrace(t *testing.T, vcd, _ string) {
	values := vcdValues(t, vcd, "count")
	want := []string{"0000", "0001", "0010", "0011", "0100", "0101", "0110", "0111", "1000", "1001", "1010", "1011"}
	if strings.Join(values, " ") != strings.Join(want, " ") {
		t.Errorf("trace of count: %v, want %v", values, want)
	}
}

// hashTrace checks the trace of cover.sv's second cover: the state follows
// state' = state*33 ^ din from 0 and is 'h12345678 one step before the step
// the cover was reached in (the clocked cover sees the registered value).
func hashTrace(t *testing.T, vcd, _ string) {
	din, state := vcdValues(t, vcd, "din"), vcdValues(t, vcd, "state")
	if len(state) < 7 || len(din) < len(state)-1 {
		t.Fatalf("trace too short: din %v, state %v", din, state)
	}
	var s uint64
	for k, v := range state {
		got, _ := strconv.ParseUint(v, 2, 32)
		if got != s {
			t.Fatalf("state at step %d is %#x, the design gives %#x", k, got, s)
		}
		if k+1 < len(state) {
			d, _ := strconv.ParseUint(din[k], 2, 8)
			s = (s*33 ^ d) & 0xffffffff
		}
	}
	if got, _ := strconv.ParseUint(state[6], 2, 32); got != 0x12345678 {
		t.Errorf("state at step 6 is %#x, want 0x12345678", got)
	}
}

// bankTrace checks the counterexample of the public memory.sv: the bug
// writes bank 2's data to bank 1, so the address under test is in bank 2.
func bankTrace(t *testing.T, _, out string) {
	m := regexp.MustCompile(`Value for anyconst testbench\.test_addr .*: (\d+)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no value for test_addr:\n%s", out)
	}
	if a, _ := strconv.Atoi(m[1]); a>>8 != 2 {
		t.Errorf("test_addr = %d (bank %d), want an address in bank 2", a, a>>8)
	}
}

// primeTrace checks the cover trace of primegen: prime, chosen once, is
// above 10^9 and has no factor below 2^16 (allconst factor), so it is a
// prime.
func primeTrace(t *testing.T, vcd, _ string) {
	values := vcdValues(t, vcd, "prime")
	if len(values) == 0 {
		t.Fatal("no value of prime in the trace")
	}
	p, _ := strconv.ParseUint(values[0], 2, 32)
	if p <= 1000000000 || !isPrime(p) {
		t.Errorf("prime = %d: not a prime above 10^9", p)
	}
}

// primesTrace checks the cover trace of primes with its offset: prime1 and
// prime1 + offset (below 2^10) have no factor below 2^5, so both are primes.
func primesTrace(offset uint64) func(t *testing.T, vcd, _ string) {
	return func(t *testing.T, vcd, _ string) {
		values := vcdValues(t, vcd, "prime1")
		if len(values) == 0 {
			t.Fatal("no value of prime1 in the trace")
		}
		p, _ := strconv.ParseUint(values[0], 2, 32)
		if !isPrime(p) || !isPrime(p+offset) {
			t.Errorf("prime1 = %d, prime1 + %d = %d: not both primes", p, offset, p+offset)
		}
	}
}

// isPrime reports whether n is a prime, by trial division.
func isPrime(n uint64) bool {
	if n < 2 {
		return false
	}
	for d := uint64(2); d*d <= n; d++ {
		if n%d == 0 {
			return false
		}
	}
	return true
}
