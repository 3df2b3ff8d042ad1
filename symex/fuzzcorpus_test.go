package symex

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMarshalFuzzSeed: seed lines as Go's fuzzer writes them.
func TestMarshalFuzzSeed(t *testing.T) {
	cases := []struct {
		val  any
		want string
	}{
		{"a\x00\"", `string("a\x00\"")`},
		{[]byte{0xff, 'G'}, `[]byte("\xffG")`},
		{uint8(255), `byte('ÿ')`},
		{uint8('\n'), `byte('\n')`},
		{int32('é'), `rune('é')`},
		{int32(-1), `int32(-1)`},
		{int8(-3), `int8(-3)`},
		{uint64(1 << 63), `uint64(9223372036854775808)`},
		{int(-7), `int(-7)`},
		{true, `bool(true)`},
	}
	for _, c := range cases {
		got := string(marshalFuzzSeed([]any{c.val}))
		if want := "go test fuzz v1\n" + c.want + "\n"; got != want {
			t.Errorf("%T %v: %q, want %q", c.val, c.val, got, want)
		}
	}
}

// TestFuzzCorpus writes the fuzz targets and corpus of testdata/inputs
// into a copy of it and lets Go run them: every panic seed fails its
// target and every other seed passes; with the plants removed every seed
// passes. Go reads each seed file (a malformed one fails the run).
func TestFuzzCorpus(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not on PATH")
	}
	var results []*Result
	var targets []string
	panicSeeds := 0
	for _, c := range inputCases {
		_, res := explore(t, loadTestFunc(t, "testdata/inputs", "Str", c.fn), Options{MaxLen: c.maxLen}, nil)
		results = append(results, res)
		if name, _, ok := res.fuzzTarget(); ok {
			targets = append(targets, name)
			panicSeeds += len(res.Panics)
		}
	}
	// Every function but those with a (non-variadic) slice of strings or
	// ints or a pointer field; a variadic one takes a count and up to
	// --max-len elements.
	want := "FuzzStr FuzzBytes FuzzInts FuzzBool FuzzNamed FuzzArray FuzzVariadic FuzzVariadicInts FuzzReader FuzzByteReader FuzzRuneReader " +
		"FuzzBufioReader FuzzStringsReader FuzzBytesReader FuzzBytesBuffer FuzzStructPtr FuzzParser_Next " +
		"FuzzParser_Peek FuzzCounter_Inc FuzzDeferred FuzzRender FuzzDecode FuzzDecodeStruct"
	if got := strings.Join(targets, " "); got != want {
		t.Fatalf("fuzz targets %s\nwant %s", got, want)
	}
	dir := t.TempDir()
	src, err := os.ReadFile("testdata/inputs/inputs.go")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod":             "module inputs\n\ngo 1.23\n",
		"inputs.go":          string(src),
		"symex_fuzz_test.go": FuzzTestFile(results),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	written, err := WriteFuzzCorpus(dir, results, FuzzSeeds{AllPaths: true})
	if err != nil {
		t.Fatal(err)
	}
	if capped, err := WriteFuzzCorpus(t.TempDir(), results, FuzzSeeds{Max: 1, AllPaths: true}); err != nil || capped != len(targets) {
		t.Errorf("--corpus-max 1: %d files (%v), want one per target, %d", capped, err, len(targets))
	}
	t.Logf("%d targets, %d seed files, %d of them panics", len(targets), written, panicSeeds)
	pass, fail, out := runFuzzSeeds(t, dir)
	if fail != panicSeeds || pass != written-panicSeeds {
		t.Errorf("with the plants: %d seeds failed, %d passed; want %d and %d\n%s", fail, pass, panicSeeds, written-panicSeeds, out)
	}
	fixed := strings.ReplaceAll(string(src), `panic("plant: `, `println("plant: `)
	if err := os.WriteFile(filepath.Join(dir, "inputs.go"), []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	pass, fail, out = runFuzzSeeds(t, dir)
	if fail != 0 || pass != written {
		t.Errorf("without the plants: %d seeds failed, %d passed; want 0 and %d\n%s", fail, pass, written, out)
	}
}

// runFuzzSeeds builds the test binary of dir and runs each seed file of
// its fuzz targets alone (a panicking seed ends the process), counting the
// seeds that passed and failed.
func runFuzzSeeds(t *testing.T, dir string) (pass, fail int, out string) {
	t.Helper()
	bin := filepath.Join(dir, "inputs.test")
	build := exec.Command("go", "test", "-c", "-o", bin, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, b)
	}
	seeds, _ := filepath.Glob(filepath.Join(dir, "testdata", "fuzz", "*", "*"))
	var log strings.Builder
	for _, seed := range seeds {
		target, name := filepath.Base(filepath.Dir(seed)), filepath.Base(seed)
		run := exec.Command(bin, "-test.run", "^"+target+"$/^"+name+"$", "-test.v")
		run.Dir = dir
		b, err := run.CombinedOutput()
		if !strings.Contains(string(b), "--- ") {
			t.Fatalf("%s/%s did not run:\n%s", target, name, b)
		}
		if err != nil {
			fail++
			log.WriteString(target + "/" + name + " failed\n")
		} else {
			pass++
		}
	}
	return pass, fail, log.String()
}

// TestHybridSeeds: on symex/testdata/hybrid (docs/symex/inputs.md), the
// seeds at --max-len 6 hold the 32-bit word the fuzzer cannot guess.
func TestHybridSeeds(t *testing.T) {
	_, res := explore(t, loadTestFunc(t, "testdata/hybrid", "Magic", "Magic"), Options{MaxLen: 6}, nil)
	dir := t.TempDir()
	if n, err := WriteFuzzCorpus(dir, []*Result{res}, FuzzSeeds{AllPaths: true}); err != nil || n != 3 {
		t.Fatalf("%d seeds (%v), want 3", n, err)
	}
	seeds, _ := filepath.Glob(filepath.Join(dir, "testdata", "fuzz", "FuzzMagic", "*"))
	found := false
	for _, s := range seeds {
		b, _ := os.ReadFile(s)
		// The path's length is free in [4, 11]: any seed that starts with
		// the word holds what the fuzzer cannot guess.
		found = found || strings.HasPrefix(string(b), "go test fuzz v1\n[]byte(\"SIFT")
	}
	if !found {
		t.Errorf("no seed starting with \"SIFT\" among %d", len(seeds))
	}
}

// TestFuzzSeedsChoice: the corpus holds the inputs of the paths that
// reached new blocks, or with AllPaths every path's (CountA's expectation
// is in symex/testdata/hybrid/counta.go).
func TestFuzzSeedsChoice(t *testing.T) {
	_, res := explore(t, loadTestFunc(t, "testdata/hybrid", "CountA", "CountA"), Options{MaxLen: 3}, nil)
	newCov := 0
	for _, p := range res.Paths {
		if p.NewCoverage {
			newCov++
		}
	}
	for _, tc := range []struct {
		seeds FuzzSeeds
		want  int
	}{
		{FuzzSeeds{AllPaths: true}, 15},
		{FuzzSeeds{AllPaths: true, Max: 4}, 4},
		{FuzzSeeds{}, newCov},
	} {
		n, err := WriteFuzzCorpus(t.TempDir(), []*Result{res}, tc.seeds)
		if err != nil || n != tc.want {
			t.Errorf("%+v: %d seeds (%v), want %d", tc.seeds, n, err, tc.want)
		}
	}
	t.Logf("%d of %d paths reached new blocks", newCov, len(res.Paths))
	if newCov == 0 || newCov > 5 {
		t.Errorf("%d of %d paths reached new blocks, want 1 to 5", newCov, len(res.Paths))
	}
}
