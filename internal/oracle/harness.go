package oracle

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// harnessFile is the name of the test file the harness adds through an
// overlay (the source tree is never written): to the target's package
// directory for an unexported function, else to a package of its own,
// harnessPkg, in the module's directory (files of the module cache may not
// be overlaid).
const (
	harnessFile = "zz_siftoracle_test.go"
	harnessPkg  = "zz_siftoracle"
)

// external reports whether the harness calls the function from a package
// of its own.
func (l *loaded) external() bool {
	return ast.IsExported(l.Func) && l.prog.Pkg.Pkg.Name() != "main"
}

// outcome is what one concrete call did: returned, or panicked at site
// (file:line of the innermost frame outside the runtime).
type outcome struct {
	panicked bool
	site     string
	msg      string
}

// concrete is a compiled harness: a test binary of the target's package
// that calls the function on every input of a file, recovering panics,
// with coverage of the package.
type concrete struct {
	bin string
	tmp string
}

// harnessSource is the test file: package-internal for an unexported
// function (the package's own testdata), in harnessPkg otherwise, so that
// the standard library's packages can be tested without import cycles.
func (l *loaded) harnessSource() (string, error) {
	pkg := l.prog.Pkg.Pkg
	external := l.external()
	name, callee := pkg.Name(), l.Func
	qual := types.RelativeTo(pkg)
	if external {
		name = harnessPkg
		callee = "siftpkg." + l.Func
		qual = func(p *types.Package) string {
			if p == pkg {
				return "siftpkg"
			}
			return p.Name()
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\nimport (\n", name)
	for _, imp := range []string{"bufio", "encoding/hex", "fmt", "os", "runtime", "strconv", "strings", "testing"} {
		fmt.Fprintf(&b, "\tsift%s %q\n", filepath.Base(imp), imp)
	}
	if external {
		fmt.Fprintf(&b, "\tsiftpkg %q\n", pkg.Path())
	}
	b.WriteString(")\n\n")
	b.WriteString(harnessRunner)
	b.WriteString("func siftOracleCall(f []string) (res string) {\n")
	b.WriteString("\tdefer func() {\n\t\tif r := recover(); r != nil {\n\t\t\tres = \"panic\\t\" + siftOracleSite() + \"\\t\" + siftstrconv.Quote(siftfmt.Sprint(r))\n\t\t}\n\t}()\n")
	var args []string
	for i, p := range l.params {
		if named, ok := p.typ.(*types.Named); ok && named.Obj().Pkg() != nil && named.Obj().Pkg() != pkg {
			return "", fmt.Errorf("parameter %s: type %s of another package", p.name, p.typ)
		}
		if named, ok := p.typ.(*types.Named); ok && external && !named.Obj().Exported() {
			return "", fmt.Errorf("parameter %s: unexported type %s", p.name, p.typ)
		}
		t := types.TypeString(p.typ, qual)
		var conv string
		switch p.kind {
		case kindString:
			conv = fmt.Sprintf("%s(siftOracleBytes(f[%d]))", t, i)
		case kindBytes:
			conv = fmt.Sprintf("%s(siftOracleBytes(f[%d]))", t, i)
		case kindBool:
			conv = fmt.Sprintf("%s(f[%d] == \"1\")", t, i)
		case kindInt:
			conv = fmt.Sprintf("%s(siftOracleInt(f[%d]))", t, i)
		case kindUint:
			conv = fmt.Sprintf("%s(siftOracleUint(f[%d]))", t, i)
		}
		fmt.Fprintf(&b, "\ta%d := %s\n", i, conv)
		args = append(args, fmt.Sprintf("a%d", i))
	}
	fmt.Fprintf(&b, "\t%s(%s)\n\treturn \"return\"\n}\n", callee, strings.Join(args, ", "))
	return b.String(), nil
}

// harnessRunner reads the inputs (a line each, tab-separated fields) and
// writes an outcome a line; the panic site is the first frame below
// runtime.gopanic outside the runtime.
const harnessRunner = `func TestSiftOracle(t *sifttesting.T) {
	in, err := siftos.ReadFile(siftos.Getenv("SIFT_ORACLE_IN"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := siftos.Create(siftos.Getenv("SIFT_ORACLE_OUT"))
	if err != nil {
		t.Fatal(err)
	}
	w := siftbufio.NewWriter(out)
	lines := siftstrings.Split(string(in), "\n")
	for _, line := range lines[:len(lines)-1] {
		w.WriteString(siftOracleCall(siftstrings.Split(line, "\t")))
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

func siftOracleSite() string {
	pc := make([]uintptr, 128)
	frames := siftruntime.CallersFrames(pc[:siftruntime.Callers(1, pc)])
	below := false
	for {
		f, more := frames.Next()
		if below && !siftstrings.HasPrefix(f.Function, "runtime.") {
			return f.File + ":" + siftstrconv.Itoa(f.Line)
		}
		if f.Function == "runtime.gopanic" {
			below = true
		}
		if !more {
			return "?"
		}
	}
}

func siftOracleBytes(s string) []byte {
	b, err := sifthex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	out := make([]byte, len(b))
	copy(out, b)
	return out
}

func siftOracleInt(s string) int64 {
	v, err := siftstrconv.ParseInt(s, 10, 64)
	if err != nil {
		panic(err)
	}
	return v
}

func siftOracleUint(s string) uint64 {
	v, err := siftstrconv.ParseUint(s, 10, 64)
	if err != nil {
		panic(err)
	}
	return v
}

`

// build compiles the harness into a test binary with coverage of the
// target's package.
func (l *loaded) build(ctx context.Context) (*concrete, error) {
	src, err := l.harnessSource()
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "siftoracle")
	if err != nil {
		return nil, err
	}
	file := filepath.Join(tmp, harnessFile)
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		return nil, err
	}
	at, pattern := filepath.Join(l.dir, harnessFile), l.Pkg
	if l.external() {
		dir, err := filepath.Abs(l.Dir)
		if err != nil {
			return nil, err
		}
		at, pattern = filepath.Join(dir, harnessPkg, harnessFile), "./"+harnessPkg
	}
	ov, err := json.Marshal(map[string]map[string]string{"Replace": {at: file}})
	if err != nil {
		return nil, err
	}
	ovFile := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(ovFile, ov, 0o644); err != nil {
		return nil, err
	}
	c := &concrete{bin: filepath.Join(tmp, "oracle.test"), tmp: tmp}
	cmd := exec.CommandContext(ctx, "go", "test", "-c", "-vet=off", "-o", c.bin, "-cover", "-covermode=count",
		"-coverpkg="+l.prog.Pkg.Pkg.Path(), "-overlay="+ovFile, pattern)
	cmd.Dir = l.Dir
	if out, err := cmd.CombinedOutput(); err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("building the harness: %v\n%s", err, out)
	}
	return c, nil
}

func (c *concrete) close() { os.RemoveAll(c.tmp) }

// run calls the function on every input; cover gets the coverage profile.
func (c *concrete) run(ctx context.Context, ins []input, limit time.Duration) ([]outcome, *profile, error) {
	inFile, outFile, covFile := filepath.Join(c.tmp, "in"), filepath.Join(c.tmp, "out"), filepath.Join(c.tmp, "cover.out")
	var b strings.Builder
	for _, in := range ins {
		b.WriteString(strings.Join(in, "\t"))
		b.WriteByte('\n')
	}
	if err := os.WriteFile(inFile, []byte(b.String()), 0o644); err != nil {
		return nil, nil, err
	}
	// A directory of its own per run: the profile sums every counter file
	// of the directory.
	covDir, err := os.MkdirTemp(c.tmp, "cover")
	if err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, c.bin, "-test.run=^TestSiftOracle$", "-test.coverprofile="+covFile,
		"-test.gocoverdir="+covDir)
	cmd.Dir = c.tmp
	cmd.Env = append(os.Environ(), "SIFT_ORACLE_IN="+inFile, "SIFT_ORACLE_OUT="+outFile)
	if out, err := cmd.CombinedOutput(); err != nil {
		msg := string(out)
		if len(msg) > 2000 {
			msg = msg[:2000]
		}
		return nil, nil, fmt.Errorf("concrete run: %v\n%s", err, msg)
	}
	outcomes, err := readOutcomes(outFile)
	if err != nil {
		return nil, nil, err
	}
	if len(outcomes) != len(ins) {
		return nil, nil, fmt.Errorf("concrete run: %d outcomes for %d inputs", len(outcomes), len(ins))
	}
	prof, err := readProfile(covFile)
	return outcomes, prof, err
}

// runCovered runs the inputs and keeps the blocks the calls covered: the
// counts of a run without inputs (the package's initializers, which symex
// does not count either) are subtracted.
func (c *concrete) runCovered(ctx context.Context, ins []input, limit time.Duration) ([]outcome, *profile, error) {
	_, init, err := c.run(ctx, nil, limit)
	if err != nil {
		return nil, nil, err
	}
	outs, prof, err := c.run(ctx, ins, limit)
	if err != nil {
		return nil, nil, err
	}
	for b, n := range prof.counts {
		if n <= init.counts[b] {
			delete(prof.counts, b)
		}
	}
	return outs, prof, nil
}

func readOutcomes(file string) ([]outcome, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []outcome
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		kind, rest, _ := strings.Cut(sc.Text(), "\t")
		o := outcome{panicked: kind == "panic"}
		if o.panicked {
			site, msg, _ := strings.Cut(rest, "\t")
			o.site = site
			if m, err := strconv.Unquote(msg); err == nil {
				o.msg = m
			}
		}
		out = append(out, o)
	}
	return out, sc.Err()
}
