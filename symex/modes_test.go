package symex

import (
	"context"
	"fmt"
	"go/types"
	"maps"
	"math"
	"reflect"
	"strconv"
	"testing"

	"github.com/sift-solver/sift/term"
)

// TestModesAgree runs the programs of testdata/modes in the interpreter's
// three modes. Forking explores each function's paths, and runs each row's
// inputs with the parameters fixed; every path's inputs are then run
// replaying and following. The three must agree on how the run ends (a
// return, or which panic where), on the branch decisions taken, and on
// every result (each an operator's value). A row's want is the panic its
// inputs must end in ("" for a return). The first row is the operator the
// two interpreters once disagreed on: a negative shift count panics in
// every mode. Float rows give a float's encoding. (math.Float64bits of a
// computed float is left out: follow mode records its value as a step,
// float_concrete.go; TestFloatBitsSymbolic checks forking's.) Forking
// runs without ite loops: follow mode never summarizes a loop and records
// every decision of one, which forking and replaying leave out of the
// trace (loopite.go); Loop's loop calls a function, which makes it one.
func TestModesAgree(t *testing.T) {
	rows := []struct {
		fn   string
		in   []int64
		want string
	}{
		{"Shift", []int64{1, -1}, "runtime error: negative shift amount"},
		{"Shift", []int64{-8, 3}, ""},
		{"Shift", []int64{5, 40}, ""},
		{"ShiftWide", []int64{-3, 7}, ""},
		{"ShiftWide", []int64{-3, 8}, ""},
		{"ShiftWide", []int64{100, 200}, ""},
		{"Div", []int64{-128, -1}, ""},
		{"Div", []int64{7, 0}, "runtime error: integer divide by zero"},
		{"Div", []int64{-7, 2}, ""},
		{"DivU", []int64{65535, 7}, ""},
		{"DivU", []int64{1, 0}, "runtime error: integer divide by zero"},
		{"Arith", []int64{32767, 2}, ""},
		{"Arith", []int64{-32768, -1}, ""},
		{"Compare", []int64{-1, 1, 255, 1}, ""},
		{"Compare", []int64{3, 3, 7, 7}, ""},
		{"Convert", []int64{-129, 200}, ""},
		{"Unary", []int64{-128, 0}, ""},
		{"Loop", []int64{9}, ""},
		{"FloatArith", []int64{f64(0.1), f64(0.2)}, ""},
		{"FloatArith", []int64{f64(math.Inf(1)), f64(math.Inf(1))}, ""},
		{"FloatArith", []int64{f64(math.Copysign(0, -1)), f64(0)}, ""},
		{"FloatArith", []int64{f64(5e-324), f64(-1e308)}, ""},
		{"FloatCompare", []int64{f32(float32(math.NaN())), f32(1)}, ""},
		{"FloatCompare", []int64{f32(float32(math.Copysign(0, -1))), f32(0)}, ""},
		{"FloatCompare", []int64{f32(-2.5), f32(1e-45)}, ""},
		{"FloatConvert", []int64{-7, -1, f64(-1.5)}, ""},
		{"FloatConvert", []int64{127, -1<<63 + 1<<40 + 1, f64(3e9)}, ""},
		{"FloatConvert", []int64{0, 12345, f64(1e300)}, ""},
		{"FloatConvert", []int64{0, 0, f64(math.NaN())}, ""},
		{"FloatConvert", []int64{0, 0, f64(1 << 63)}, ""},
		{"FloatConvert", []int64{0, 0, f64(-300.75)}, ""},
		{"FloatMath", []int64{f64(-2.5), 1}, ""},
		{"FloatMath", []int64{f64(math.Inf(-1)), -1}, ""},
		{"FloatMath", []int64{f64(2), 0}, ""},
		{"FloatMath", []int64{f64(math.Copysign(0.49999999999999994, -1)), 0}, ""},
	}
	prog, err := Load("testdata/modes", ".", "Shift")
	if err != nil {
		t.Fatal(err)
	}
	explored := map[string]bool{}
	for _, row := range rows {
		p, err := prog.WithFunc(row.fn)
		if err != nil {
			t.Fatal(err)
		}
		if !explored[row.fn] {
			explored[row.fn] = true
			st := term.NewStore()
			ex := NewExecutor(p, st, nil, Options{NoIteLoops: true})
			res, err := ex.Explore(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if !res.Stats.Exhausted() || res.Stats.Unsupported > 0 {
				t.Fatalf("%s: forking did not exhaust the paths: %+v", row.fn, res.Stats)
			}
			for _, path := range res.Paths {
				modesAgree(t, ex, path)
			}
		}
		fixed := map[string]int64{}
		for i, prm := range p.Fn.Params {
			fixed[prm.Name()] = row.in[i]
		}
		st := term.NewStore()
		ex := NewExecutor(p, st, nil, Options{Fixed: fixed, NoIteLoops: true})
		res, err := ex.Explore(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Paths) != 1 {
			t.Fatalf("%s%v: forking on fixed inputs gave %d paths", row.fn, row.in, len(res.Paths))
		}
		path := res.Paths[0]
		if got := path.Message; path.Kind == "panic" && got != row.want || path.Kind == "return" && row.want != "" || path.Kind != "panic" && path.Kind != "return" {
			t.Errorf("%s%v: forking ended %s %q, want the panic %q", row.fn, row.in, path.Kind, got, row.want)
		}
		modesAgree(t, ex, path)
	}
}

// modesAgree runs path's inputs replaying and following on ex and checks
// that both end as path did, after the same decisions, with its results.
func modesAgree(t *testing.T, ex *Executor, path *Path) {
	t.Helper()
	name := fmt.Sprintf("%s%v", ex.prog.Fn.Name(), inputText(path.Inputs))
	q, err := ex.rerun(path.Inputs)
	if err != nil {
		t.Fatalf("%s: replaying: %v", name, err)
	}
	if q.Kind != path.Kind || q.Message != path.Message || q.Pos != path.Pos || q.hash != path.hash || q.traceLen != path.traceLen {
		t.Errorf("%s: replaying ended %s %q at %s after %d decisions; forking %s %q at %s after %d", name,
			q.Kind, q.Message, q.Pos, q.traceLen, path.Kind, path.Message, path.Pos, path.traceLen)
	}
	if path.Kind == "return" {
		if got := ex.concreteResults(q.ret, term.NewModel()); !reflect.DeepEqual(got, path.Results) {
			t.Errorf("%s: replaying returned %v, forking %v", name, got, path.Results)
		}
	}
	st := ex.st
	r := ex.Follow(FollowConfig{})
	var args []Value
	for _, in := range path.Inputs {
		srt, err := ex.sortOf(in.Type.Underlying().(*types.Basic))
		if err != nil {
			t.Fatal(err)
		}
		v := st.Var("in|"+in.Name, srt)
		r.Bind(v, int64(in.V.(uint64)))
		args = append(args, v)
	}
	ret, err := r.Call(ex.prog.Fn, args)
	var results []ResultValue
	if err == nil {
		m := term.NewModel() // a copy: the run's model lives on in the executor
		maps.Copy(m.Values, r.model.Values)
		results = ex.concreteResults(ret, m)
	}
	tr := r.End(err)
	var h uint64
	for _, s := range tr.Steps {
		h = traceStep(h, s.Dir == 1)
	}
	if end := tr.End; end.Kind != path.Kind || end.Message != path.Message || end.Pos != path.Pos || h != path.hash || len(tr.Steps) != path.traceLen {
		t.Errorf("%s: following ended %s %q at %s after %d steps; forking %s %q at %s after %d decisions", name,
			end.Kind, end.Message, end.Pos, len(tr.Steps), path.Kind, path.Message, path.Pos, path.traceLen)
	}
	if path.Kind == "return" && !reflect.DeepEqual(results, path.Results) {
		t.Errorf("%s: following returned %v, forking %v", name, results, path.Results)
	}
}

func inputText(ins []InputValue) []string {
	var out []string
	for _, in := range ins {
		out = append(out, in.Name+"="+strconv.FormatUint(in.V.(uint64), 10))
	}
	return out
}

// f64 and f32 are a float input's encoding, as a row gives it.
func f64(x float64) int64 { return int64(math.Float64bits(x)) }
func f32(x float32) int64 { return int64(math.Float32bits(x)) }
