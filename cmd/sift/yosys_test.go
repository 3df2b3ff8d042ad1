package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestYosysSMTBMC runs yosys-smtbmc, a client that talks to its solver over
// a pipe (push, assert a step, check, pop), with sift standing in for z3 on
// the designs of testdata/yosys, and checks the verdicts, the steps and the
// counterexample trace. It skips when Debian's yosys is not installed
// (scripts/setup.sh installs it).
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
	smt2 := func(design string, stdt bool) string {
		src, _ := filepath.Abs(filepath.Join("..", "..", "testdata", "yosys", design+".sv"))
		flag, out := "", filepath.Join(dir, design+".smt2")
		if stdt {
			flag, out = "-stdt ", filepath.Join(dir, design+"-stdt.smt2")
		}
		script := "read_verilog -formal " + src + "; prep -top " + design + "; async2sync; dffunmap; write_smt2 -wires " + flag + out
		if b, err := exec.Command("yosys", "-q", "-p", script).CombinedOutput(); err != nil {
			t.Fatalf("yosys on %s: %v\n%s", design, err, b)
		}
		return out
	}
	vcd := filepath.Join(dir, "trace.vcd")
	tests := []struct {
		name   string
		design string
		stdt   bool
		args   []string
		want   []string // lines the output must contain, in order
	}{
		{"bmc passes", "counter", false, []string{"-t", "20"},
			[]string{"Checking assertions in step 19..", "Status: PASSED"}},
		{"bmc passes, datatypes", "counter", true, []string{"-t", "20"},
			[]string{"Checking assertions in step 19..", "Status: PASSED"}},
		{"induction", "counter", false, []string{"-i", "-t", "4"},
			[]string{"Trying induction in step 3..", "Status: PASSED"}},
		{"cover", "counter", false, []string{"-c", "-t", "20"},
			[]string{"Reached cover statement", "in step 8.", "Status: PASSED"}},
		{"bmc fails", "overflow", false, []string{"-t", "15", "--dump-vcd", vcd},
			[]string{"Checking assertions in step 11..", "BMC failed!", "Status: FAILED"}},
		{"bmc fails, datatypes", "overflow", true, []string{"-t", "15"},
			[]string{"Checking assertions in step 11..", "BMC failed!", "Status: FAILED"}},
		{"memory", "memory", false, []string{"-t", "6"},
			[]string{"Checking assertions in step 5..", "Status: PASSED"}},
		{"memory, datatypes", "memory", true, []string{"-t", "6"},
			[]string{"Checking assertions in step 5..", "Status: PASSED"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command("yosys-smtbmc", append(append([]string{"-s", "z3"}, tc.args...), smt2(tc.design, tc.stdt))...)
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
		})
	}
	// The counterexample of "bmc fails": count goes 0, 1, …, 11 (at step
	// 11 the registered assertion sees the 10 of step 10).
	trace, err := os.ReadFile(vcd)
	if err != nil {
		t.Fatalf("no trace: %v", err)
	}
	var values []string
	for _, m := range regexp.MustCompile(`(?m)^b([01]{4}) n1$`).FindAllStringSubmatch(string(trace), -1) {
		values = append(values, m[1])
	}
	want := []string{"0000", "0001", "0010", "0011", "0100", "0101", "0110", "0111", "1000", "1001", "1010", "1011"}
	if strings.Join(values, " ") != strings.Join(want, " ") {
		t.Errorf("trace of count: %v, want %v", values, want)
	}
}
