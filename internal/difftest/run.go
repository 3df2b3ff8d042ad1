package difftest

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/internal/sexpr"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// Config describes a differential run.
type Config struct {
	N       int           // formulas
	Seed    uint64        // generator seed
	Arrays  bool          // arrays and functions (QF_AUFBV) instead of QF_BV
	Quant   bool          // quantifiers (BV) instead of QF_BV
	Disable []string      // pipeline steps sift runs without (engine.Options.Disable)
	Depth   int           // term depth; 0 means 3
	Batch   int           // formulas per incremental script; 0 means 50
	Timeout time.Duration // per check-sat, for both solvers; 0 means 2 s
	Z3      string        // the z3 binary
	// Progress, when set, is called with the report so far after every
	// ProgressEvery judged formulas (long runs log with it).
	Progress      func(*Report)
	ProgressEvery int
}

// Formula is one generated query: two assertions and a probe term whose value
// is asked after sat.
type Formula struct {
	Asserts [2]string
	Probe   string
}

func (f Formula) assertions() string {
	return "(assert " + f.Asserts[0] + ")(assert " + f.Asserts[1] + ")"
}

// Mismatch is a formula on which sift and z3 disagree, or on which sift
// misbehaved.
type Mismatch struct {
	Index  int
	Kind   string
	Detail string
}

func (m Mismatch) String() string {
	return fmt.Sprintf("formula %d: %s\n%s", m.Index, m.Kind, m.Detail)
}

// Report sums up a run.
type Report struct {
	Formulas int
	// Sift counts sift's answers.
	Sift map[string]int
	// ModelsConfirmed counts sat answers whose model z3 accepted; Z3Agreed,
	// unsat answers z3 also refuted.
	ModelsConfirmed, Z3Agreed int
	// UnknownWhereZ3Decided counts sift unknowns that z3 decided; Z3Unknown,
	// checks z3 itself could not decide in the time limit.
	UnknownWhereZ3Decided, Z3Unknown int
	Mismatches                       []Mismatch
}

func (r *Report) String() string {
	return fmt.Sprintf("%d formulas: sift %v; z3 confirmed %d models and %d unsat answers; "+
		"%d sift unknowns z3 decided; %d z3 unknowns; %d mismatches",
		r.Formulas, r.Sift, r.ModelsConfirmed, r.Z3Agreed, r.UnknownWhereZ3Decided, r.Z3Unknown, len(r.Mismatches))
}

// siftAnswer is what sift said about one formula.
type siftAnswer struct {
	status string
	value  string // the probe's value, after sat
	model  string // the model's define-funs, after sat
}

// Run generates cfg.N formulas and cross-checks sift with z3 on them. Sift
// works on one batch while z3 checks the previous one.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if cfg.Depth == 0 {
		cfg.Depth = 3
	}
	if cfg.Batch == 0 {
		cfg.Batch = 50
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 2 * time.Second
	}
	g := NewGen(cfg.Seed, WideWidths)
	if cfg.Arrays {
		g = NewArrayGen(cfg.Seed)
	}
	if cfg.Quant {
		g = NewQuantGen(cfg.Seed)
	}
	rep := &Report{Sift: map[string]int{}}
	var (
		mu      sync.Mutex
		wg      sync.WaitGroup
		z3Slot  = make(chan struct{}, 1)
		z3Error error
	)
	for start := 0; start < cfg.N; start += cfg.Batch {
		fs := make([]Formula, min(cfg.Batch, cfg.N-start))
		for i := range fs {
			fs[i] = Formula{[2]string{g.Assertion(cfg.Depth), g.Assertion(cfg.Depth - 1)}, g.Probe()}
		}
		decls := g.Declarations()
		answers, bad := runSift(ctx, decls, fs, cfg.Timeout, cfg.Disable)
		z3Slot <- struct{}{}
		wg.Add(1)
		go func(start int) {
			defer func() { <-z3Slot; wg.Done() }()
			mism, err := judge(ctx, cfg, g.Widths(), decls, fs, answers, rep, &mu)
			mu.Lock()
			defer mu.Unlock()
			if err != nil && z3Error == nil {
				z3Error = err
			}
			for _, m := range append(bad, mism...) {
				m.Index += start
				rep.Mismatches = append(rep.Mismatches, m)
			}
			if cfg.Progress != nil && cfg.ProgressEvery > 0 && rep.Formulas/cfg.ProgressEvery > (rep.Formulas-len(fs))/cfg.ProgressEvery {
				cfg.Progress(rep)
			}
		}(start)
		if ctx.Err() != nil {
			break
		}
	}
	wg.Wait()
	return rep, z3Error
}

// runSift runs one batch in a fresh interpreter, a command at a time, and
// asks for the probe's value and the model after each sat. Error responses
// and failed model validations come back as mismatches.
func runSift(ctx context.Context, decls string, fs []Formula, timeout time.Duration, disable []string) ([]siftAnswer, []Mismatch) {
	var out, trace bytes.Buffer
	var sessions []*engine.Session
	in := smtlib.NewInterpreter(smtlib.Config{ProduceModels: true, Timeout: timeout, NewSolver: func(st *term.Store) smtlib.Solver {
		s := engine.NewSession(st, engine.Options{NoFallback: true, Trace: &trace, Disable: disable})
		sessions = append(sessions, s)
		return s
	}}, &out)
	run := func(text string) string {
		out.Reset()
		rd := smtlib.NewReader(strings.NewReader(ForSift(text)))
		for {
			cmd, pos, err := rd.Next()
			if err != nil {
				break
			}
			in.Execute(ctx, cmd, pos)
		}
		return strings.TrimSpace(out.String())
	}
	var bad []Mismatch
	expectSilent := func(i int, what, text string) {
		if got := run(text); got != "" {
			bad = append(bad, Mismatch{i, "sift-error", what + ": " + got + "\n" + text})
		}
	}
	expectSilent(-1, "declarations", decls)
	answers := make([]siftAnswer, len(fs))
	for i, f := range fs {
		expectSilent(i, "push and assert", "(push 1)"+f.assertions())
		before := validationFailures(sessions)
		trace.Reset()
		a := siftAnswer{status: run("(check-sat)")}
		switch a.status {
		case "sat":
			a.value = probeValue(run("(get-value (" + f.Probe + "))"))
			a.model = modelDefinitions(run("(get-model)"))
			if a.value == "" || a.model == "" {
				bad = append(bad, Mismatch{i, "sift-error", "get-value or get-model failed after sat\n" + f.assertions()})
			}
		case "unsat", "unknown":
		default:
			bad = append(bad, Mismatch{i, "sift-error", "check-sat answered " + a.status + "\n" + f.assertions()})
		}
		if validationFailures(sessions) > before {
			bad = append(bad, Mismatch{i, "sift-validation", "a model failed sift's own validation\n" + f.assertions() + "\n" + trace.String()})
		}
		answers[i] = a
		expectSilent(i, "pop", "(pop 1)")
	}
	return answers, bad
}

func validationFailures(sessions []*engine.Session) int {
	n := 0
	for _, s := range sessions {
		n += s.Driver().ValidationFailures
	}
	return n
}

// probeValue returns the value of a one-term get-value response
// ((term value)), or "".
func probeValue(resp string) string {
	outer, _ := sexpr.Split(resp)
	if len(outer) != 1 {
		return ""
	}
	pairs, _ := sexpr.Elems(outer[0])
	if len(pairs) != 1 {
		return ""
	}
	pair, _ := sexpr.Elems(pairs[0])
	if len(pair) != 2 {
		return ""
	}
	return pair[1]
}

// modelDefinitions returns the define-funs of a get-model response.
func modelDefinitions(resp string) string {
	outer, _ := sexpr.Split(resp)
	if len(outer) != 1 {
		return ""
	}
	defs, _ := sexpr.Elems(outer[0])
	if len(defs) > 0 && defs[0] == "model" {
		defs = defs[1:]
	}
	return strings.Join(defs, "\n")
}

// judge has z3 check one batch of sift's answers: models of sat answers are
// confirmed on the ground formula, the other formulas solved.
func judge(ctx context.Context, cfg Config, widths []int, decls string, fs []Formula, answers []siftAnswer, rep *Report, mu *sync.Mutex) ([]Mismatch, error) {
	var check, solve strings.Builder
	var checked, solved []int
	for i, a := range answers {
		f := fs[i]
		switch a.status {
		case "sat":
			if a.model == "" || a.value == "" {
				continue
			}
			fmt.Fprintf(&check, "(push 1)%s\n%s(assert (= %s %s))(check-sat)(pop 1)\n", a.model, f.assertions(), f.Probe, a.value)
			checked = append(checked, i)
		case "unsat", "unknown":
			fmt.Fprintf(&solve, "(push 1)%s(check-sat)(pop 1)\n", f.assertions())
			solved = append(solved, i)
		}
	}
	defs := Z3OverflowDefs(widths)
	checkOut, err := runZ3(ctx, cfg, defs+check.String(), len(checked))
	if err != nil {
		return nil, err
	}
	solveOut, err := runZ3(ctx, cfg, defs+decls+solve.String(), len(solved))
	if err != nil {
		return nil, err
	}
	var bad []Mismatch
	mu.Lock()
	defer mu.Unlock()
	for k, i := range checked {
		rep.Formulas++
		rep.Sift["sat"]++
		switch checkOut[k] {
		case "sat":
			rep.ModelsConfirmed++
		case "unknown":
			rep.Z3Unknown++
		default:
			bad = append(bad, Mismatch{i, "model-rejected-by-z3",
				fmt.Sprintf("%s\nprobe %s = %s\nmodel:\n%s", fs[i].assertions(), fs[i].Probe, answers[i].value, answers[i].model)})
		}
	}
	for k, i := range solved {
		rep.Formulas++
		got, want := answers[i].status, solveOut[k]
		rep.Sift[got]++
		switch {
		case want == "unknown":
			rep.Z3Unknown++
		case got == "unknown":
			rep.UnknownWhereZ3Decided++
		case got == want:
			rep.Z3Agreed++
		default:
			bad = append(bad, Mismatch{i, "sift-" + got + "-z3-" + want, fs[i].assertions()})
		}
	}
	return bad, nil
}

// runZ3 runs a script through the z3 binary and returns its n check-sat
// answers; anything else z3 prints (an error) is an error of the harness.
func runZ3(ctx context.Context, cfg Config, script string, n int) ([]string, error) {
	if n == 0 {
		return nil, nil
	}
	ctx, cancel := context.WithTimeout(ctx, time.Duration(n+10)*(cfg.Timeout+time.Second))
	defer cancel()
	cmd := exec.CommandContext(ctx, cfg.Z3, "-in", "-smt2", fmt.Sprintf("-t:%d", cfg.Timeout.Milliseconds()))
	cmd.Stdin = strings.NewReader(ForZ3(script))
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("z3: %v\n%.2000s", err, out)
	}
	answers := strings.Fields(string(out))
	if len(answers) != n {
		return nil, fmt.Errorf("z3 gave %d answers, want %d:\n%.3000s", len(answers), n, out)
	}
	for _, a := range answers {
		if a != "sat" && a != "unsat" && a != "unknown" {
			return nil, fmt.Errorf("z3 answered %q:\n%.3000s", a, out)
		}
	}
	return answers, nil
}
