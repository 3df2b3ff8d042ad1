package symex

import (
	"crypto/sha256"
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"
)

// The Go fuzz corpus (--fuzz-corpus): a FuzzX target for every explored
// function whose parameters Go's fuzzer can give (strings, byte slices,
// integers, bools, their named types) or a reader can be built from (the
// target takes the bytes and wraps them), and under the package's
// testdata/fuzz/FuzzX one corpus file per panic input and per explored
// path. `go test` then replays every panic (a panicking seed fails its
// target), and `go test -fuzz=FuzzX` mutates from the paths symex covered.

// fuzzArg is how a fuzz target takes one parameter: as one value of the
// fuzzer's type typ, turned into the parameter by conv.
type fuzzArg struct {
	typ  string                                   // the fuzzer's type: "string", "[]byte", "int16", …
	conv func(x string, q types.Qualifier) string // the argument, from fuzz variable x
	// value is the fuzzer's value for concrete input c (InputValue.V).
	value func(c any) any
}

// fuzzParam is how a fuzz target takes one parameter: as one fuzzer value
// (a scalar, a reader's bytes) or as one per field of a struct.
type fuzzParam struct {
	leaves []fuzzArg
	// build is the parameter from the fuzz variables xs, one per leaf.
	build func(xs []string, q types.Qualifier) string
	// values are the fuzzer's values for concrete input c, one per leaf.
	values func(c any) []any
	// each, when set, are the values the target calls the function with
	// in turn, the parameter taking no fuzzer value (an any
	// destination's shapes, inputs_dest.go).
	each []string
}

// fuzzParamOf is how a fuzz target takes a parameter of type t, or false
// when the fuzzer cannot give one: a struct (or a pointer to one) is
// taken field by field when the fuzzer can give every field; a field
// that is always zero (foreignOpaque) is left out.
func fuzzParamOf(t types.Type, own *types.Package, prog *ssa.Program) (fuzzParam, bool) {
	if a, ok := fuzzArgOf(t, prog); ok {
		return fuzzParam{leaves: []fuzzArg{a},
			build:  func(xs []string, q types.Qualifier) string { return a.conv(xs[0], q) },
			values: func(c any) []any { return []any{a.value(c)} }}, true
	}
	st, amp := t, ""
	if p, ok := t.Underlying().(*types.Pointer); ok && readerKindOf(t, prog) == notReader {
		st, amp = p.Elem(), "&"
	}
	u, ok := st.Underlying().(*types.Struct)
	if !ok || foreignOpaque(st, own) {
		return fuzzParam{}, false
	}
	var leaves []fuzzArg
	var fields []int
	for i := 0; i < u.NumFields(); i++ {
		if foreignOpaque(u.Field(i).Type(), own) {
			continue
		}
		a, ok := fuzzArgOf(u.Field(i).Type(), prog)
		if !ok {
			return fuzzParam{}, false
		}
		leaves, fields = append(leaves, a), append(fields, i)
	}
	return fuzzParam{leaves: leaves,
		build: func(xs []string, q types.Qualifier) string {
			parts := make([]string, len(fields))
			for k, i := range fields {
				parts[k] = u.Field(i).Name() + ": " + leaves[k].conv(xs[k], q)
			}
			return amp + types.TypeString(st, q) + "{" + strings.Join(parts, ", ") + "}"
		},
		values: func(c any) []any {
			xs := c.([]any)
			out := make([]any, len(fields))
			for k, i := range fields {
				out[k] = leaves[k].value(xs[i])
			}
			return out
		}}, true
}

// fuzzArgOf is how a fuzz target takes a parameter of type t, or false
// when the fuzzer cannot give one.
func fuzzArgOf(t types.Type, prog *ssa.Program) (fuzzArg, bool) {
	if k := readerKindOf(t, prog); k != notReader {
		typ, value := "[]byte", func(c any) any { return []byte(bytesOf(c.([]any))) }
		if k == stringsReader {
			typ, value = "string", func(c any) any { return c.(string) }
		}
		return fuzzArg{typ: typ, value: value, conv: func(x string, q types.Qualifier) string { return readerExpr(k, x, q) }}, true
	}
	convert := func(fuzzType types.Type) func(string, types.Qualifier) string {
		return func(x string, q types.Qualifier) string {
			if types.Identical(t, fuzzType) {
				return x
			}
			return "(" + types.TypeString(t, q) + ")(" + x + ")"
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return fuzzArg{typ: "string", conv: convert(types.Typ[types.String]), value: func(c any) any { return c.(string) }}, true
		case u.Kind() == types.Bool:
			return fuzzArg{typ: "bool", conv: convert(types.Typ[types.Bool]), value: func(c any) any { return c.(bool) }}, true
		case u.Info()&types.IsInteger != 0:
			kind := u.Kind()
			if kind == types.Uintptr { // the fuzzer has no uintptr
				kind = types.Uint64
			}
			ft := types.Typ[kind]
			return fuzzArg{typ: ft.Name(), conv: convert(ft), value: func(c any) any { return fuzzInt(kind, c.(uint64)) }}, true
		}
	case *types.Slice:
		if types.Identical(u.Elem(), types.Typ[types.Uint8]) {
			bs := types.NewSlice(types.Typ[types.Uint8])
			return fuzzArg{typ: "[]byte", conv: convert(bs), value: func(c any) any { return []byte(bytesOf(c.([]any))) }}, true
		}
	case *types.Array:
		// A byte array from the fuzzer's bytes: as many as fit, zeros after.
		if types.Identical(u.Elem(), types.Typ[types.Uint8]) {
			return fuzzArg{typ: "[]byte", value: func(c any) any { return []byte(bytesOf(c.([]any))) },
				conv: func(x string, q types.Qualifier) string {
					at := types.TypeString(t, q)
					return "func() (a " + at + ") { copy(a[:], " + x + "); return a }()"
				}}, true
		}
	}
	return fuzzArg{}, false
}

// fuzzInt is integer bits as a Go value of kind k, as the fuzzer holds it.
func fuzzInt(k types.BasicKind, x uint64) any {
	switch k {
	case types.Int8:
		return int8(x)
	case types.Int16:
		return int16(x)
	case types.Int32:
		return int32(x)
	case types.Int64:
		return int64(x)
	case types.Int:
		return int(x)
	case types.Uint8:
		return uint8(x)
	case types.Uint16:
		return uint16(x)
	case types.Uint32:
		return uint32(x)
	case types.Uint:
		return uint(x)
	}
	return x
}

// fuzzTarget is r's fuzz target: its name and how it takes each input, or
// false when the fuzzer cannot give every input.
func (r *Result) fuzzTarget() (string, []fuzzParam, bool) {
	if len(r.Inputs) == 0 {
		return "", nil, false // the fuzzer needs an argument
	}
	params := make([]fuzzParam, len(r.Inputs))
	for i, in := range r.Inputs {
		if si, ok := in.val.(sinkInput); ok {
			params[i] = fuzzParam{build: func(_ []string, q types.Qualifier) string { return sinkLiteral(si.kind, q) },
				values: func(any) []any { return nil }}
			continue
		}
		if d, ok := in.val.(destInput); ok {
			p := fuzzParam{values: func(any) []any { return nil }}
			for _, sh := range d.shapes {
				p.each = append(p.each, destLiteral(sh.kind.Shape))
			}
			params[i] = p
			continue
		}
		p, ok := fuzzParamOf(in.Type, r.Fn.Pkg.Pkg, r.Fn.Prog)
		if c, isCtor := in.val.(ctorInput); isCtor {
			p, ok = fuzzCtor(c, r.Fn.Pkg.Pkg, r.Fn.Prog)
		}
		if sv, isSlice := in.val.(SliceVal); !ok && isSlice && i == len(r.Inputs)-1 && r.Fn.Signature.Variadic() && sv.Obj != 0 {
			p, ok = fuzzVariadic(in.Type, sv.Max, r.Fn.Prog)
		}
		if sv, empty := in.val.(SliceVal); !ok && empty && sv.Obj == 0 {
			// A variadic parameter built empty (makeInputs): none.
			p, ok = fuzzParam{build: func([]string, types.Qualifier) string { return "nil" },
				values: func(any) []any { return nil }}, true
		}
		if !ok {
			return "", nil, false
		}
		params[i] = p
	}
	return "Fuzz" + testName(r.Fn), params, true
}

// fuzzCtor is how a fuzz target takes an input its constructor builds
// (inputs_ctor.go): the constructor's parameters, each as fuzzParamOf
// takes it, and the call on them.
func fuzzCtor(c ctorInput, own *types.Package, prog *ssa.Program) (fuzzParam, bool) {
	if c.fn.Signature.Variadic() {
		return fuzzParam{}, false
	}
	var leaves []fuzzArg
	params := make([]fuzzParam, len(c.fn.Params))
	for i, p := range c.fn.Params {
		fp, ok := fuzzParamOf(p.Type(), own, prog)
		if !ok {
			return fuzzParam{}, false
		}
		params[i], leaves = fp, append(leaves, fp.leaves...)
	}
	return fuzzParam{leaves: leaves,
		build: func(xs []string, q types.Qualifier) string {
			args := make([]string, len(params))
			for i, fp := range params {
				args[i], xs = fp.build(xs[:len(fp.leaves)], q), xs[len(fp.leaves):]
			}
			return ctorName(c.fn, q) + "(" + strings.Join(args, ", ") + ")"
		},
		values: func(v any) []any {
			var out []any
			for i, a := range v.(CtorCall).Args {
				out = append(out, params[i].values(a.V)...)
			}
			return out
		}}, true
}

// fuzzVariadic is how a fuzz target takes a variadic parameter (t, a
// slice) of elements the fuzzer can give, up to max of them (the length
// bound the exploration gave the count): a count and max elements, of
// which the call passes the first count (at most max).
func fuzzVariadic(t types.Type, max int, prog *ssa.Program) (fuzzParam, bool) {
	u, ok := t.Underlying().(*types.Slice)
	if !ok || max <= 0 {
		return fuzzParam{}, false
	}
	el, ok := fuzzArgOf(u.Elem(), prog)
	if !ok {
		return fuzzParam{}, false
	}
	zero, ok := zeroConcrete(u.Elem())
	if !ok {
		return fuzzParam{}, false
	}
	count := fuzzArg{typ: "uint8", value: func(c any) any { return uint8(c.(int)) }}
	leaves := []fuzzArg{count}
	for range max {
		leaves = append(leaves, el)
	}
	return fuzzParam{leaves: leaves,
		build: func(xs []string, q types.Qualifier) string {
			elems := make([]string, max)
			for k := range elems {
				elems[k] = el.conv(xs[k+1], q)
			}
			return fmt.Sprintf("%s{%s}[:min(int(%s), %d)]", types.TypeString(t, q), strings.Join(elems, ", "), xs[0], max)
		},
		values: func(c any) []any {
			xs := c.([]any)
			out := []any{count.value(len(xs))}
			for k := range max {
				x := zero
				if k < len(xs) {
					x = xs[k]
				}
				out = append(out, el.value(x))
			}
			return out
		}}, true
}

// zeroConcrete is the concrete input (InputValue.V's form) of t's zero
// value, for the scalars and byte slices a fuzz target takes.
func zeroConcrete(t types.Type) (any, bool) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return "", true
		case u.Kind() == types.Bool:
			return false, true
		case u.Info()&types.IsInteger != 0:
			return uint64(0), true
		}
	case *types.Slice, *types.Array:
		return []any{}, true
	}
	return nil, false
}

// FuzzTestFile is the Go test file, in the results' package, with the
// fuzz target of every result the fuzzer can give inputs to ("" when
// there is none). Its seeds are WriteFuzzCorpus's files.
func FuzzTestFile(results []*Result) string {
	return generatedFile(results, "sift symex --fuzz-corpus", func(b *strings.Builder, q types.Qualifier) int {
		targets := 0
		for _, r := range results {
			name, args, ok := r.fuzzTarget()
			if !ok {
				continue
			}
			targets++
			var params, vals, loops []string
			for i, p := range args {
				if p.each != nil {
					x := fmt.Sprintf("d%d", i)
					loops = append(loops, fmt.Sprintf("for _, %s := range []any{%s} {", x, strings.Join(p.each, ", ")))
					vals = append(vals, x)
					continue
				}
				var xs []string
				for _, a := range p.leaves {
					x := fmt.Sprintf("a%d", len(params))
					params = append(params, x+" "+a.typ)
					xs = append(xs, x)
				}
				vals = append(vals, p.build(xs, q))
			}
			body := discard(callExpr(r.Fn, vals), r.Fn.Signature.Results().Len())
			for i := len(loops) - 1; i >= 0; i-- {
				body = loops[i] + "\n" + body + "\n}"
			}
			body = strings.ReplaceAll(body, "\n", "\n\t\t")
			fmt.Fprintf(b, "func %s(f *testing.F) {\n\tf.Fuzz(func(t *testing.T, %s) {\n\t\t%s\n\t})\n}\n\n",
				name, strings.Join(params, ", "), body)
		}
		return targets
	})
}

// FuzzSeeds says which explored inputs become seed files.
type FuzzSeeds struct {
	Max int // most seed files per target (0: no limit)
	// AllPaths: every explored path's input, not only those of the paths
	// that reached new blocks. Go's fuzzer mutates its corpus entries in
	// turn, so seeds that cover nothing new dilute its time.
	AllPaths bool
}

// WriteFuzz writes, next to the generated test file testFile (…_test.go),
// the fuzz targets of results (…_fuzz_test.go) and their corpus under the
// directory's testdata/fuzz, the seeds chosen as seeds says. It returns
// the fuzz file's path ("" when no result has a target) and the number of
// seed files.
func WriteFuzz(testFile string, results []*Result, seeds FuzzSeeds) (string, int, error) {
	src := FuzzTestFile(results)
	if src == "" {
		return "", 0, nil
	}
	path := strings.TrimSuffix(testFile, "_test.go") + "_fuzz_test.go"
	if err := WriteTestFile(path, src); err != nil {
		return "", 0, err
	}
	n, err := WriteFuzzCorpus(filepath.Dir(testFile), results, seeds)
	return path, n, err
}

// WriteFuzzCorpus writes, under dir/testdata/fuzz/FuzzX, one seed file for
// every panic input and every chosen path's input of each result with a
// fuzz target: the panics first, the same input once, at most seeds.Max
// files per target. It returns the number of files written.
func WriteFuzzCorpus(dir string, results []*Result, seeds FuzzSeeds) (int, error) {
	written := 0
	for _, r := range results {
		name, args, ok := r.fuzzTarget()
		if !ok {
			continue
		}
		var inputs [][]InputValue
		for _, p := range r.Panics {
			inputs = append(inputs, p.Inputs)
		}
		for _, p := range r.Paths {
			if p.Inputs != nil && (seeds.AllPaths || p.NewCoverage) {
				inputs = append(inputs, p.Inputs)
			}
		}
		target := filepath.Join(dir, "testdata", "fuzz", name)
		seen := map[string]bool{}
		for _, in := range inputs {
			if seeds.Max > 0 && len(seen) == seeds.Max {
				break
			}
			var vals []any
			for i, p := range args {
				vals = append(vals, p.values(in[i].V)...)
			}
			data := marshalFuzzSeed(vals)
			file := fmt.Sprintf("%x", sha256.Sum256(data))[:16]
			if seen[file] {
				continue
			}
			seen[file] = true
			if len(seen) == 1 {
				if err := os.MkdirAll(target, 0o755); err != nil {
					return written, err
				}
			}
			if err := os.WriteFile(filepath.Join(target, file), data, 0o644); err != nil {
				return written, err
			}
			written++
		}
	}
	return written, nil
}

// marshalFuzzSeed is a seed file in Go's "go test fuzz v1" format: the
// version line, then one Go expression per argument, quoted as Go's fuzzer
// writes them (bytes and valid runes as character literals).
func marshalFuzzSeed(vals []any) []byte {
	var b strings.Builder
	b.WriteString("go test fuzz v1\n")
	for _, v := range vals {
		switch x := v.(type) {
		case string:
			fmt.Fprintf(&b, "string(%q)\n", x)
		case []byte:
			fmt.Fprintf(&b, "[]byte(%q)\n", x)
		case uint8:
			fmt.Fprintf(&b, "byte(%q)\n", x)
		case int32:
			if utf8.ValidRune(x) {
				fmt.Fprintf(&b, "rune(%q)\n", x)
			} else {
				fmt.Fprintf(&b, "int32(%v)\n", x)
			}
		default: // the other integers and bool
			fmt.Fprintf(&b, "%T(%v)\n", x, x)
		}
	}
	return []byte(b.String())
}
