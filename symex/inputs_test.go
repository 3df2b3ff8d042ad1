package symex

import (
	"sort"
	"strings"
	"testing"

	"github.com/sift-solver/sift/symex/merge"
)

// inputCases are the functions of testdata/inputs, one per input kind, and
// the planted panics each must reach (substrings of the panic messages).
var inputCases = []struct {
	fn     string
	maxLen int
	want   []string
}{
	{"Str", 3, []string{"plant: string"}},
	{"Bytes", 3, []string{"plant: []byte"}},
	{"Ints", 3, []string{"plant: ints"}},
	{"Bool", 3, []string{"plant: bool"}},
	{"Named", 3, []string{"plant: named"}},
	{"Array", 3, []string{"plant: array"}},
	{"Variadic", 2, []string{"plant: variadic"}},
	{"VariadicInts", 3, []string{"plant: variadic ints"}},
	{"Reader", 3, []string{"plant: io.Reader"}},
	{"ByteReader", 3, []string{"plant: io.ByteReader"}},
	{"RuneReader", 3, []string{"plant: io.RuneReader"}},
	{"BufioReader", 3, []string{"plant: *bufio.Reader"}},
	{"StringsReader", 3, []string{"plant: *strings.Reader"}},
	{"BytesReader", 3, []string{"plant: *bytes.Reader"}},
	{"BytesBuffer", 3, []string{"plant: *bytes.Buffer"}},
	{"StructPtr", 3, []string{"plant: *struct"}},
	{"Parser.Next", 3, []string{"plant: pointer receiver"}},
	{"Parser.Peek", 3, []string{"plant: value receiver"}},
	{"Node.Second", 3, []string{"plant: pointer field", "nil pointer dereference"}},
	{"Counter.Inc", 3, []string{"plant: struct with a foreign field"}},
	{"Deferred", 3, []string{"plant: after a deferred call"}},
	{"Render", 3, []string{"plant: io.Writer"}},
	{"Decode", 3, []string{"plant: any destination"}},
	{"DecodeStruct", 3, []string{"plant: struct destination"}},
	{"Dispatcher.Run", 2, []string{"plant: nil func fields"}},
}

// TestInputKinds explores every function of testdata/inputs to the end,
// expects its planted panics, replays every path concretely, and runs the
// generated test file of the package: every panic row must panic.
func TestInputKinds(t *testing.T) {
	var results []*Result
	total := 0
	for _, c := range inputCases {
		p := loadTestFunc(t, "testdata/inputs", "Str", c.fn)
		ex, res := explore(t, p, Options{MaxLen: c.maxLen}, nil)
		if !res.Stats.Exhausted() || res.Stats.Unsupported != 0 {
			t.Errorf("%s: exhausted %v, unsupported %d (%+v)", c.fn, res.Stats.Exhausted(), res.Stats.Unsupported, unsupportedOf(res))
		}
		for _, w := range c.want {
			found := false
			for _, pn := range res.Panics {
				found = found || strings.Contains(pn.Message, w)
			}
			if !found {
				t.Errorf("%s: no panic %q among %d", c.fn, w, len(res.Panics))
			}
		}
		for _, path := range res.Paths {
			if path.Inputs != nil && (path.Kind == "return" || path.Kind == "panic") {
				if err := ex.Replay(path); err != nil {
					t.Errorf("%s: %v", c.fn, err)
				}
			}
		}
		total += len(res.Panics)
		results = append(results, res)
	}
	rows, paths := runGeneratedTestsIn(t, "testdata/inputs", map[string]string{"symex_inputs_test.go": PackageTestFile(results, true)})
	if rows != total {
		t.Errorf("%d panic rows passed, want %d", rows, total)
	}
	if paths == 0 {
		t.Errorf("no path rows passed")
	}
}

// TestInputKindsMerged: under pat merging from the start, every input kind
// finds the same panic sites as without merging.
func TestInputKindsMerged(t *testing.T) {
	for _, c := range inputCases {
		p := loadTestFunc(t, "testdata/inputs", "Str", c.fn)
		_, plain := explore(t, p, Options{MaxLen: c.maxLen}, nil)
		strategy, err := merge.New("pat", merge.Options{HotVeto: true, NoStdVeto: true, CheckMerges: true})
		if err != nil {
			t.Fatal(err)
		}
		_, merged := explore(t, p, Options{MaxLen: c.maxLen, Merge: strategy}, nil)
		if !merged.Stats.Exhausted() || merged.Stats.Unsupported != 0 {
			t.Errorf("%s: exhausted %v, unsupported %v", c.fn, merged.Stats.Exhausted(), unsupportedOf(merged))
		}
		if sites(merged) != sites(plain) {
			t.Errorf("%s: panics %s merged, %s without merging", c.fn, sites(merged), sites(plain))
		}
	}
}

func sites(res *Result) string {
	var out []string
	for _, p := range res.Panics {
		out = append(out, p.Pos.String())
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func unsupportedOf(res *Result) []string {
	var out []string
	for _, p := range res.Paths {
		if p.Kind == "unsupported" {
			out = append(out, p.Message)
		}
	}
	return out
}

// TestCanBuildInputs: every input kind is buildable (a fmt.Stringer too,
// as one of the program's types that implement it); a map is not, and the
// reason names the parameter and its type.
func TestCanBuildInputs(t *testing.T) {
	for _, c := range inputCases {
		if err := CanBuildInputs(loadTestFunc(t, "testdata/inputs", "Str", c.fn).Fn); err != nil {
			t.Errorf("%s: %v", c.fn, err)
		}
	}
	if err := CanBuildInputs(loadTestFunc(t, "testdata/inputs", "Str", "Describe").Fn); err != nil {
		t.Errorf("Describe: %v", err)
	}
	for _, c := range []struct{ fn, reason string }{
		{"Unbuildable", "parameter m: inputs of type map[string]int are not modelled"},
	} {
		err := CanBuildInputs(loadTestFunc(t, "testdata/inputs", "Str", c.fn).Fn)
		if err == nil || err.Error() != c.reason {
			t.Errorf("%s: %v, want %q", c.fn, err, c.reason)
		}
	}
}

// TestModuleImplementers: an interface parameter that no loaded type
// implements takes a type of another package of the entry's module
// (testdata/implmod: shapes.Poly, not the internal big.Big), and the
// generated test imports it.
func TestModuleImplementers(t *testing.T) {
	p := loadTestFunc(t, "testdata/implmod/shape", "Describe", "Describe")
	_, res := explore(t, p, Options{MaxLen: 1}, nil)
	if len(res.Panics) != 1 || !strings.Contains(res.Panics[0].Message, "plant: triangle") {
		t.Fatalf("panics %+v, want the triangle", res.Panics)
	}
	src := PackageTestFile([]*Result{res}, true)
	for _, want := range []string{`"example.com/implmod/shapes"`, "shapes.Poly{N: 3}"} {
		if !strings.Contains(src, want) {
			t.Errorf("generated test lacks %s:\n%s", want, src)
		}
	}
	if strings.Contains(src, "big.") {
		t.Errorf("generated test uses the internal package:\n%s", src)
	}
}
