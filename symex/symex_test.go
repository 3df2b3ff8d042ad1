package symex

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// The heavy tests (minutes of CPU: the merging, ablation and want-case
// sweeps) call t.Parallel, so that they run beside each other on the
// machine's cores once the rest have run one at a time; they share loaded
// programs (testPrograms, corpusLoaded), never an executor.

// testPrograms caches the test modules' programs by directory: loading
// and building SSA once per package run.
var testPrograms sync.Map // dir → *loadedProgram

type loadedProgram struct {
	once sync.Once
	p    *Program
	err  error
}

// loadTestFunc returns function fn of the test module in dir (any
// function of the module works as the first entry).
func loadTestFunc(t *testing.T, dir, first, fn string) *Program {
	t.Helper()
	v, _ := testPrograms.LoadOrStore(dir, &loadedProgram{})
	l := v.(*loadedProgram)
	l.once.Do(func() { l.p, l.err = Load(dir, ".", first) })
	if l.err != nil {
		t.Fatal(l.err)
	}
	p, err := l.p.WithFunc(fn)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func loadCorpus(t *testing.T, fn string) *Program {
	t.Helper()
	return loadTestFunc(t, "testdata/corpus", "CountA", fn)
}

func explore(t *testing.T, p *Program, opts Options, solver Solver) (*Executor, *Result) {
	t.Helper()
	st := term.NewStore()
	if solver == nil {
		solver = NewEngineSolver(st)
	}
	ex := NewExecutor(p, st, solver, opts)
	res, err := ex.Explore(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return ex, res
}

// corpusCase is a corpus function's exact number of feasible paths and of
// distinct panic sites at a length bound.
type corpusCase struct {
	fn      string
	maxLen  int
	paths   int
	panics  int
	comment string
}

// corpusCases are the functions of testdata/corpus/corpus.go.
var corpusCases = []corpusCase{
	// Every byte is tested: one path per word over {a, not a}, lengths 0..L.
	{"CountA", 3, 1 + 2 + 4 + 8, 0, "sum 2^l"},
	{"CountA", 2, 1 + 2 + 4, 0, "sum 2^l"},
	// Stop at position k (any longer length, 2^k prefixes over {a,b}) or
	// accept all of a length-l string (2^l): (2^L - 1) + (2^(L+1) - 1).
	{"StrspnAB", 3, 7 + 15, 0, "strspn"},
	{"StrspnAB", 2, 3 + 7, 0, "strspn"},
	// Loop over all bytes: one path per length.
	{"SumBytes", 4, 5, 0, "range over a slice"},
	// a>0, then b>0, then c<0: 1 + 1 + 1 + 1 (panic).
	{"AddOverflows", 0, 4, 1, "int8 overflow"},
	{"Div", 0, 2, 1, "divide by zero"},
	// len != 2 | len==2, i<0 | in range | out of range (panic).
	{"Guarded", 3, 4, 1, "index behind a condition"},
	{"Last", 3, 2, 1, "empty string"},
	// Per byte: end | ASCII | non-ASCII then decodeRune's cases.
	{"Quadrant", 0, 3, 0, "struct parameter"},
}

// langCases are the functions of testdata/corpus/lang.go, one or a few per
// language feature of issue 13, with their exact path and panic counts.
// The merging tests run them too (corpusFuncs).
var langCases = []corpusCase{
	// Per byte: space or not; the Builder's growth is decided by lengths.
	{"BuilderSkip", 2, 1 + 2 + 4, 0, "strings.Builder, unsafe.Pointer round trip"},
	{"UnsafeViews", 2, 3, 0, "empty | starts with x | not"},
	{"SplitComma", 2, 1 + 2 + 4, 0, "make([]string, n) with symbolic n: comma or not per byte"},
	// One word: longer than 0 or not; two words: then longer than the best.
	{"Longest", 2, 1 + 2 + 4, 0, "[]string input"},
	// Per count of parts: empty result, or first byte '#' or not.
	{"JoinBytes", 2, 1 + 3 + 3, 0, "[][]byte input"},
	{"Name", 0, 3 + 1, 1, "array of strings: three indices and out of range"},
	{"LookupKV", 2, 3, 0, "slice of structs: a, b, neither"},
	{"ClearMinMax", 2, 3, 0, "one path per length"},
	{"MinString", 2, 2, 0, "min of strings"},
	// Length 2: the second byte equals the first or not.
	{"Distinct", 2, 1 + 1 + 2, 0, "map with symbolic keys"},
	{"MapSum", 0, 2, 0, "a == b or not"},
	{"MapOps", 2, 3, 0, "k is x, y or neither"},
	{"NilMapWrite", 0, 2, 1, "assignment to the nil map"},
	{"SafeDiv", 0, 2, 0, "recovered division by zero"},
	{"Repanic", 0, 3, 1, "x <= 5 | recovered | re-panic"},
	{"DeferOrder", 0, 2, 0, "n > 0 or not"},
	{"Area", 0, 3, 0, "kind 0, 1, other"},
	{"MustInt", 0, 2, 1, "type assertion panics"},
	{"SameAny", 0, 2, 1, "comparing uncomparable []int"},
	// x < 0 with 1, 2 or 3 digits (%d), x == 0, x > 0.
	{"IsNegative", 0, 3 + 1 + 1, 0, "fmt.Errorf %w, errors.Is, =="},
	// %d of a uint8: 1, 2 or 3 digits; %x loops over len(s) in 0..2.
	{"Describe", 2, 3 * 3, 0, "fmt.Sprintf"},
	{"TableLen", 2, 3, 0, "map and array set up by initializers"},
	// "/dev/stdout" has 11 bytes: equal or not.
	{"IsStdout", 11, 2, 0, "a global of os's initializer (os.Args, environment, standard files)"},
	{"DivMod", 0, 2, 1, "named results, divide by zero"},
	{"Counter", 0, 5, 0, "closure: n = 0, 1, 2, 3, > 3"},
	// Empty, ASCII, or a first byte that decodeRune rejects in 3 ways.
	{"RuneRoundTrip", 1, 1 + 1 + 3, 0, "[]rune(s) and string(runes)"},
	// < 0xD800 in 3 encodings, a surrogate, > 0xDFFF in 3 bytes.
	{"Chr", 0, 3 + 1 + 1, 0, "string(rune) of a symbolic integer"},
	{"RangeFunc", 0, 4, 0, "range over func with defers: n = 0, 1, 2, > 2"},
	{"PickName", 0, 2, 0, "pointer into an array of strings: k > 0 or not"},
	// Length 0: 1; length 1: '_', '-', 't' (panic), other; length 2: 9
	// (byte 0 '_' or '-': 2 each; else byte 1 '_', '-' (t or not each), other).
	{"TagToken", 2, 1 + 4 + 9, 1, "a method named init is not a package initializer"},
}

func TestCorpusPathCounts(t *testing.T) {
	for _, c := range append(corpusCases, langCases...) {
		t.Run(c.fn, func(t *testing.T) {
			ex, res := explore(t, loadCorpus(t, c.fn), Options{MaxLen: c.maxLen}, nil)
			if res.Stats.Paths != c.paths || len(res.Panics) != c.panics {
				t.Errorf("%s at max-len %d: %d paths, %d panics; want %d, %d (%s)",
					c.fn, c.maxLen, res.Stats.Paths, len(res.Panics), c.paths, c.panics, c.comment)
			}
			if res.Stats.Unsupported+res.Stats.Cut != 0 {
				t.Errorf("%d unsupported, %d cut paths", res.Stats.Unsupported, res.Stats.Cut)
			}
			for _, p := range res.Paths {
				if err := ex.Replay(p); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

// TestSearchStrategiesAgree: the order of exploration does not change the
// set of feasible paths.
func TestSearchStrategiesAgree(t *testing.T) {
	p := loadCorpus(t, "StrspnAB")
	for _, search := range []string{"dfs", "bfs", "random-path", "covnew"} {
		_, res := explore(t, p, Options{MaxLen: 3, Search: search, Seed: 7}, nil)
		if res.Stats.Paths != 22 {
			t.Errorf("%s: %d paths, want 22", search, res.Stats.Paths)
		}
	}
}

// TestCorpusMisc checks functions whose path counts depend on code paths
// below (append growth, UTF-8 decoding): no unsupported path, every path
// replays, and the panics found are real (checked by TestGeneratedTestsPanic).
func TestCorpusMisc(t *testing.T) {
	for _, fn := range []string{"Runes", "Table", "Build", "MemspnA"} {
		t.Run(fn, func(t *testing.T) {
			ex, res := explore(t, loadCorpus(t, fn), Options{MaxLen: 2}, nil)
			if res.Stats.Paths == 0 || res.Stats.Unsupported+res.Stats.Cut != 0 {
				t.Fatalf("paths %d, unsupported %d, cut %d", res.Stats.Paths, res.Stats.Unsupported, res.Stats.Cut)
			}
			for _, p := range res.Paths {
				if err := ex.Replay(p); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

// TestGeneratedTests writes the generated _test.go of every corpus
// function (panic rows, and one row per returning path with the results it
// computed) into a copy of the corpus module and runs `go test`.
func TestGeneratedTests(t *testing.T) {
	files := map[string]string{}
	total := 0
	for _, c := range append(corpusCases, langCases...) {
		name := "symex_" + c.fn + "_test.go"
		if _, done := files[name]; done {
			continue
		}
		_, res := explore(t, loadCorpus(t, c.fn), Options{MaxLen: c.maxLen}, nil)
		total += len(res.Panics)
		files[name] = res.TestFile(true)
	}
	rows, paths := runGeneratedTests(t, files)
	if rows != total {
		t.Errorf("%d panic rows passed, want %d", rows, total)
	}
	if paths == 0 {
		t.Errorf("no path rows passed")
	}
}

// runGeneratedTests runs generated test files in a copy of the corpus
// module and returns the numbers of panic rows and of path rows that
// passed.
func runGeneratedTests(t *testing.T, files map[string]string) (panicRows, pathRows int) {
	t.Helper()
	return runGeneratedTestsIn(t, "testdata/corpus", files)
}

// runGeneratedTestsIn is runGeneratedTests in a copy of the test module src.
func runGeneratedTestsIn(t *testing.T, src string, files map[string]string) (panicRows, pathRows int) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not on PATH")
	}
	dir := t.TempDir()
	corpusFiles, _ := filepath.Glob(filepath.Join(src, "*"))
	for _, f := range corpusFiles {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(f)] = string(b)
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "test", "-count=1", "-v", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test failed: %v\n%s", err, out)
	}
	return strings.Count(string(out), "    --- PASS: TestSymexPanics_"), strings.Count(string(out), "    --- PASS: TestSymexPaths_")
}

// stdlibCases are functions nobody here wrote.
var stdlibCases = []struct {
	pkg, fn string
	fixed   map[string]int64
}{
	{"unicode/utf8", "ValidString", nil},
	{"strings", "IndexByte", nil},
	{"strconv", "ParseUint", map[string]int64{"base": 10, "bitSize": 64}},
	{"path", "Clean", nil},
	// Issue 13's three: make([]string, n) and unicode.White_Space (init
	// tables); strings.Builder through unsafe.Pointer; the builtin clear and
	// unique.Make.
	{"strings", "Fields", nil},
	{"net/url", "PathUnescape", nil},
	{"net/netip", "ParseAddr", nil},
	// sync.Pool, reflect types in package tables, defer.
	{"encoding/json", "Valid", nil},
	// Floats (issue 32): a duration's fraction; the decimal conversion
	// with internal/strconv's copies of math's bit conversions.
	{"time", "ParseDuration", nil},
	{"strconv", "ParseFloat", map[string]int64{"bitSize": 64}},
}

func TestStdlib(t *testing.T) {
	for _, c := range stdlibCases {
		t.Run(c.pkg+"."+c.fn, func(t *testing.T) {
			p, err := Load("", c.pkg, c.fn)
			if err != nil {
				t.Fatal(err)
			}
			ex, res := explore(t, p, Options{MaxLen: 2, Fixed: c.fixed, MaxPaths: 500}, nil)
			if res.Stats.Stopped != "" || res.Stats.Unsupported+res.Stats.Cut != 0 {
				t.Fatalf("stopped %q, unsupported %d, cut %d", res.Stats.Stopped, res.Stats.Unsupported, res.Stats.Cut)
			}
			if len(res.Panics) != 0 {
				t.Errorf("false panic: %s %s", res.Panics[0].Pos, res.Panics[0].Message)
			}
			// strings.IndexByte is one path: its search is one term
			// (bytesearch.go); the others branch on their input.
			minPaths := 2
			if c.pkg+"."+c.fn == "strings.IndexByte" {
				minPaths = 1
			}
			if res.Stats.Paths < minPaths {
				t.Errorf("only %d paths", res.Stats.Paths)
			}
			for _, p := range res.Paths {
				if err := ex.Replay(p); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

// TestEmitSMT2 answers every written query with sift (in-process
// interpreter) and z3, and requires the same answer.
func TestEmitSMT2(t *testing.T) {
	z3, err := exec.LookPath("z3")
	if err != nil {
		t.Skip("z3 is not on PATH")
	}
	dir := t.TempDir()
	_, res := explore(t, loadCorpus(t, "StrspnAB"), Options{MaxLen: 2, EmitSMT2: dir}, nil)
	files, _ := filepath.Glob(filepath.Join(dir, "*.smt2"))
	if len(files) != res.Stats.Queries || len(files) == 0 {
		t.Fatalf("%d files for %d queries", len(files), res.Stats.Queries)
	}
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sameAnswer(t, z3, f, text)
	}
}

// sameAnswer answers the script text of file f with sift (the in-process
// interpreter) and with z3, and requires the same sat or unsat.
func sameAnswer(t *testing.T, z3, f string, text []byte) {
	t.Helper()
	var out bytes.Buffer
	in := smtlib.NewInterpreter(smtlib.Config{ProduceModels: true, NewSolver: func(st *term.Store) smtlib.Solver {
		return engine.NewSession(st, engine.Options{})
	}}, &out)
	if err := in.Run(context.Background(), bytes.NewReader(text)); err != nil {
		t.Fatalf("%s: %v", f, err)
	}
	zout, err := exec.Command(z3, "-T:60", f).CombinedOutput()
	if err != nil {
		t.Fatalf("z3 %s: %v %s", f, err, zout)
	}
	got, want := strings.TrimSpace(out.String()), strings.TrimSpace(string(zout))
	if got != want || (got != "sat" && got != "unsat") {
		t.Errorf("%s: sift %q, z3 %q", f, got, want)
	}
}

// z3Pipe is a pipe solver over `z3 -in`, closed with the test; the test
// is skipped without z3.
func z3Pipe(t *testing.T, st *term.Store) *PipeSolver {
	t.Helper()
	if _, err := exec.LookPath("z3"); err != nil {
		t.Skip("z3 is not on PATH")
	}
	ps, err := NewPipeSolver(st, "z3 -in")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ps.Close() })
	return ps
}

// TestPipeSolver explores with z3 over a pipe: the same paths.
func TestPipeSolver(t *testing.T) {
	st := term.NewStore()
	ps := z3Pipe(t, st)
	ex := NewExecutor(loadCorpus(t, "StrspnAB"), st, ps, Options{MaxLen: 3})
	res, err := ex.Explore(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Stats.Paths != 22 {
		t.Errorf("%d paths with z3, want 22", res.Stats.Paths)
	}
	for _, p := range res.Paths {
		if err := ex.Replay(p); err != nil {
			t.Error(err)
		}
	}
}

// TestInitFailedStep: an initializer step the executor cannot run makes
// its result and the objects it changed or could change Opaque, and the
// rest of the package initializes exactly.
func TestInitFailedStep(t *testing.T) {
	ex, res := explore(t, loadCorpus(t, "InitSkip"), Options{MaxLen: 2}, nil)
	if res.Stats.Returned != 1 || res.Stats.Unsupported != 1 || res.Stats.Panicked != 0 {
		t.Fatalf("returned %d, unsupported %d, panicked %d; want 1, 1, 0",
			res.Stats.Returned, res.Stats.Unsupported, res.Stats.Panicked)
	}
	for _, p := range res.Paths {
		switch p.Kind {
		case "unsupported":
			if !strings.Contains(p.Message, "the result of") || !strings.Contains(p.Message, "register(") {
				t.Errorf("unsupported path: %s", p.Message)
			}
		case "return":
			if err := ex.Replay(p); err != nil {
				t.Error(err)
			}
			if len(p.Results) != 1 || p.Results[0].V != uint64(2) {
				t.Errorf("results %+v, want len(kinds) = 2", p.Results)
			}
		}
	}
}
