package fpdiff

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/fp"
	"github.com/sift-solver/sift/internal/sexpr"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// Config describes a differential run.
type Config struct {
	N       int
	Seed    uint64
	Timeout time.Duration // per solver and formula; 0 means 5 s
	Z3      string        // the z3 binary ("" leaves z3 out)
	CVC5    string        // the cvc5 binary ("" leaves cvc5 out), run with --fp-exp
	// Out, when set, receives every formula on which sift disagreed with a
	// peer or with the reference, as an .smt2 file with its settled :status.
	Out string
	// All writes every formula to Out, not only the disagreements: a
	// benchmark suite whose statuses the reference settled.
	All     bool
	Workers int // 0 means 2
}

// Answer is one solver's word on one formula: its status and, after sat,
// its model, and what the reference made of that model.
type Answer struct {
	Status string // sat, unsat, unknown, error
	Detail string // the error or the reason
	// Confirmed: the reference evaluates the formula true under the model
	// (for a peer: under some choice of the open results). Refuted: it
	// evaluates false. Neither: no model, or too many choices to search.
	Confirmed, Refuted bool
}

// Outcome is what the run concluded about one formula.
type Outcome struct {
	Index             int
	Sift, Z3, CVC5    Answer
	Settled           string // sat (a confirmed model), unsat, or "" (undecided)
	SiftDisagrees     bool   // with a peer's decided answer or with the reference
	SiftWrong         bool   // against the settled status, or its model refuted
	Z3Wrong, CVCWrong bool
}

// Report sums a run up.
type Report struct {
	Formulas                           int
	Sift, Z3, CVC5                     map[string]int
	BothPeersDecidedAndAgree           int // z3 and cvc5 decided and agree
	SiftAgreesWithPeers                int // of those, sift answered the same
	SiftDisagreements, SiftWrong       int
	Z3Wrong, CVC5Wrong, SiftModelsSeen int
	Outcomes                           []Outcome // the disagreements
}

func (r *Report) String() string {
	return fmt.Sprintf("%d formulas: sift %v, z3 %v, cvc5 %v; both peers decided and agree on %d, sift agrees on %d of them; "+
		"%d disagreements with sift settled by the reference: sift wrong %d, z3 wrong %d, cvc5 wrong %d",
		r.Formulas, r.Sift, r.Z3, r.CVC5, r.BothPeersDecidedAndAgree, r.SiftAgreesWithPeers,
		r.SiftDisagreements, r.SiftWrong, r.Z3Wrong, r.CVC5Wrong)
}

// Run generates cfg.N formulas and judges sift, z3 and cvc5 on each.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if cfg.Timeout == 0 {
		cfg.Timeout = 5 * time.Second
	}
	if cfg.Workers == 0 {
		cfg.Workers = 2
	}
	rep := &Report{Sift: map[string]int{}, Z3: map[string]int{}, CVC5: map[string]int{}}
	var mu sync.Mutex
	var firstErr error
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < cfg.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				o, err := judge(ctx, cfg, i)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				rep.add(o)
				mu.Unlock()
				if err == nil && (o.SiftDisagrees || cfg.All) && cfg.Out != "" {
					if err := writeRegression(cfg, i, o); err != nil {
						mu.Lock()
						firstErr = err
						mu.Unlock()
					}
				}
			}
		}()
	}
	for i := 0; i < cfg.N && ctx.Err() == nil; i++ {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return rep, firstErr
}

func (r *Report) add(o Outcome) {
	r.Formulas++
	r.Sift[o.Sift.Status]++
	r.Z3[o.Z3.Status]++
	r.CVC5[o.CVC5.Status]++
	if o.Sift.Status == "sat" {
		r.SiftModelsSeen++
	}
	if decided(o.Z3.Status) && o.Z3.Status == o.CVC5.Status {
		r.BothPeersDecidedAndAgree++
		if o.Sift.Status == o.Z3.Status {
			r.SiftAgreesWithPeers++
		}
	}
	if o.SiftDisagrees {
		r.SiftDisagreements++
		r.Outcomes = append(r.Outcomes, o)
	}
	if o.SiftWrong {
		r.SiftWrong++
	}
	if o.Z3Wrong {
		r.Z3Wrong++
	}
	if o.CVCWrong {
		r.CVC5Wrong++
	}
}

func decided(s string) bool { return s == "sat" || s == "unsat" }

// judge runs the three solvers on formula i and settles their answers with
// the reference.
func judge(ctx context.Context, cfg Config, i int) (Outcome, error) {
	fo := Generate(cfg.Seed, i)
	o := Outcome{Index: i}
	var err error
	if o.Sift, err = runSift(ctx, cfg, fo); err != nil {
		return o, err
	}
	o.Z3 = runPeer(ctx, cfg, fo, cfg.Z3, []string{"-in"})
	o.CVC5 = runPeer(ctx, cfg, fo, cfg.CVC5, []string{"--lang", "smt2", "--fp-exp", "--produce-models"})
	answers := []*Answer{&o.Sift, &o.Z3, &o.CVC5}
	for _, a := range answers {
		if a.Confirmed {
			o.Settled = "sat"
		}
	}
	if o.Settled == "" {
		// No model survives the reference: the refuted sat answers are
		// wrong, and an unsat answer stands.
		for _, a := range answers {
			if a.Status == "unsat" {
				o.Settled = "unsat"
			}
		}
	}
	wrong := func(a Answer) bool {
		return a.Refuted || decided(a.Status) && o.Settled != "" && a.Status != o.Settled
	}
	o.SiftWrong, o.Z3Wrong, o.CVCWrong = wrong(o.Sift), wrong(o.Z3), wrong(o.CVC5)
	o.SiftDisagrees = o.SiftWrong || decided(o.Sift.Status) &&
		(decided(o.Z3.Status) && o.Z3.Status != o.Sift.Status || decided(o.CVC5.Status) && o.CVC5.Status != o.Sift.Status)
	return o, nil
}

// sortOf is a variable's sort in st.
func sortOf(st *term.Store, n *node) term.Sort {
	switch n.kind {
	case kFloat:
		return st.FloatSort(n.f)
	case kRM:
		return st.RoundingModeSort()
	case kBV:
		return st.BitVecSort(n.w)
	}
	return st.BoolSort()
}

// runSift decides the formula in process, without the Z3 fallback, and
// checks a sat answer's model, choices included, with the reference.
func runSift(ctx context.Context, cfg Config, fo Formula) (Answer, error) {
	st := term.NewStore()
	s := engine.NewSession(st, engine.Options{NoFallback: true})
	defer s.Close()
	scope := smtlib.Scope{Vars: map[string]term.Term{}}
	vars := map[string]term.Term{}
	for _, v := range fo.Vars {
		x := st.Var(v.name, sortOf(st, v))
		scope.Vars[v.name], vars[v.name] = x, x
	}
	for _, r := range fo.Roots {
		var b strings.Builder
		r.text(&b)
		t, err := smtlib.ParseTerm(st, scope, b.String())
		if err != nil {
			return Answer{}, fmt.Errorf("sift cannot read %s: %v", b.String(), err)
		}
		s.Assert(t, "")
	}
	cctx, cancel := context.WithTimeout(ctx, cfg.Timeout)
	defer cancel()
	res := s.CheckSat(cctx, nil)
	a := Answer{Status: res.Status.String(), Detail: res.Reason}
	if n := s.Driver().ValidationFailures; n > 0 {
		a.Detail = fmt.Sprintf("%d models failed validation", n)
		a.Refuted = true
	}
	if res.Status != smtlib.Sat {
		return a, nil
	}
	m, err := s.Model()
	if err != nil {
		return a, err
	}
	asg := Assignment{}
	for name, x := range vars {
		asg[name] = fromTerm(st.ValueOf(m, x))
	}
	choose := func(p point) (value, error) {
		op := map[string]term.Op{"fp.min": term.OpFPMin, "fp.max": term.OpFPMax, "fp.to_ubv": term.OpFPToUBV, "fp.to_sbv": term.OpFPToSBV}[p.op]
		k := term.ChoiceKey{Op: op, Index: p.m, Arg: st.FloatSort(p.f)}
		args := make([]term.Value, len(p.args))
		for i, v := range p.args {
			args[i] = toTerm(st, v)
		}
		if f := m.Choices[k]; f != nil {
			v, err := f.Eval(args)
			return fromTerm(v), err
		}
		return fromTerm(st.DefaultChoice(k)), nil
	}
	ok, err := fo.Holds(asg, choose)
	if err != nil {
		return a, err
	}
	a.Confirmed, a.Refuted = ok, a.Refuted || !ok
	if !ok {
		a.Detail = "the model makes the formula false under the reference"
	}
	return a, nil
}

func fromTerm(v term.Value) value {
	switch v.Kind {
	case term.ValBool:
		return value{b: v.Bool}
	case term.ValFloat:
		return value{f: v.Float()}
	case term.ValRoundingMode:
		return value{rm: v.RoundingMode()}
	}
	return value{bv: v.BV}
}

func toTerm(st *term.Store, v value) term.Value {
	switch {
	case v.f.IsValid():
		return st.FloatValue(v.f)
	case v.bv.IsValid():
		return st.BVValue(v.bv)
	}
	return st.RoundingModeValue(v.rm)
}

// runPeer runs a peer binary on the formula with get-model and checks a
// sat answer's model with the reference.
func runPeer(ctx context.Context, cfg Config, fo Formula, bin string, args []string) Answer {
	if bin == "" {
		return Answer{Status: "absent"}
	}
	cctx, cancel := context.WithTimeout(ctx, cfg.Timeout+time.Second)
	defer cancel()
	script := "(set-option :produce-models true)\n" + fo.Script("") + "(get-model)\n"
	script = strings.Replace(script, "(set-option :produce-models true)\n(set-logic QF_BVFP)\n", "(set-logic QF_BVFP)\n(set-option :produce-models true)\n", 1)
	cmd := exec.CommandContext(cctx, bin, args...)
	cmd.Stdin = strings.NewReader(script)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	runErr := cmd.Run()
	text := out.String()
	first, rest, _ := strings.Cut(text, "\n")
	first = strings.TrimSpace(first)
	switch {
	case cctx.Err() != nil:
		return Answer{Status: "unknown", Detail: "timeout"}
	case first == "sat" || first == "unsat" || first == "unknown":
	default:
		d := strings.TrimSpace(first + " " + errOut.String())
		if runErr != nil {
			d += " (" + runErr.Error() + ")"
		}
		return Answer{Status: "error", Detail: d}
	}
	a := Answer{Status: first}
	if first != "sat" {
		return a
	}
	asg, err := readModel(fo, rest)
	if err != nil {
		a.Detail = "model not read: " + err.Error()
		return a
	}
	ok, err := fo.Satisfiable(asg)
	switch {
	case err != nil:
		a.Detail = err.Error()
	case ok:
		a.Confirmed = true
	default:
		a.Refuted = true
		a.Detail = "no choice of the open results makes the formula true under the model"
	}
	return a
}

// readModel reads a peer's model: the values of the formula's variables.
func readModel(fo Formula, text string) (Assignment, error) {
	st := term.NewStore()
	asg := Assignment{}
	outer, err := sexpr.Split(text)
	if err != nil || len(outer) == 0 {
		return nil, fmt.Errorf("no model in %q", oneLine(text))
	}
	defs, err := sexpr.Elems(outer[0])
	if err != nil {
		return nil, err
	}
	for _, def := range defs {
		parts, _ := sexpr.Elems(def)
		if len(parts) != 5 || parts[0] != "define-fun" || parts[2] != "()" {
			continue
		}
		t, err := smtlib.ParseTerm(st, smtlib.Scope{}, parts[4])
		if err != nil {
			return nil, fmt.Errorf("%s: %v", parts[4], err)
		}
		v, err := st.Eval(t, term.NewModel())
		if err != nil {
			return nil, err
		}
		asg[strings.Trim(parts[1], "|")] = fromTerm(v)
	}
	for _, v := range fo.Vars {
		if _, ok := asg[v.name]; !ok {
			asg[v.name] = defaultValue(v)
		}
	}
	return asg, nil
}

// writeRegression keeps a disagreement as a script with its settled status
// (files whose status nothing settled are kept as .unsettled).
func writeRegression(cfg Config, i int, o Outcome) error {
	if err := os.MkdirAll(cfg.Out, 0o755); err != nil {
		return err
	}
	fo := Generate(cfg.Seed, i)
	head := fmt.Sprintf("; fpdiff seed %d formula %d: sift %s, z3 %s, cvc5 %s; settled %q by the reference\n",
		cfg.Seed, i, describe(o.Sift), describe(o.Z3), describe(o.CVC5), o.Settled)
	name := fmt.Sprintf("fpdiff-%d-%d.smt2", cfg.Seed, i)
	if o.Settled == "" {
		name += ".unsettled"
	}
	return os.WriteFile(filepath.Join(cfg.Out, name), []byte(head+fo.Script(o.Settled)), 0o644)
}

func describe(a Answer) string {
	s := a.Status
	switch {
	case a.Confirmed:
		s += " (model confirmed)"
	case a.Refuted:
		s += " (refuted: " + a.Detail + ")"
	case a.Detail != "" && a.Status != "unsat":
		s += " (" + oneLine(a.Detail) + ")"
	}
	return s
}

func oneLine(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) > 120 {
		s = s[:120] + "…"
	}
	return s
}

var _ = bv.New
var _ = fp.RNE
