package symex

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"maps"
	"os/exec"
	"slices"
	"strconv"
	"strings"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/internal/sexpr"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/symex/chain"
	"github.com/sift-solver/sift/term"
)

// Solver answers the executor's feasibility questions (chain.Solver: Check
// decides the conjunction of as; on sat it returns a model that fixes at
// least the values of want, which the executor validates). Statistics and
// stage counts are capabilities a solver may have besides.
type Solver = chain.Solver

// StatsReporter is a Solver that reports statistics (--stats, the report's
// solver line).
type StatsReporter interface {
	Statistics() [][2]string
}

// StageCounter is a Solver that counts its checks by what decided them.
type StageCounter interface {
	QueriesByStage() map[string]int
}

// QuantifiedStageCounter is a Solver that also counts, apart, the checks
// of quantified path constraints (pattern-merged states, seed 000 §3) by
// what decided them.
type QuantifiedStageCounter interface {
	QuantifiedByStage() map[string]int
}

// EngineSolver is sift's engine in-process: no text on the hot path. It is
// the one place the executor, concolic mode and --check-merges get an
// engine session from.
type EngineSolver struct {
	st      *term.Store
	sess    *engine.Session
	byStage map[string]int
	quant   map[string]int // quantified checks only
	why     map[string]int // the unknown checks by the engine's reason
	times   queryTimes
}

// NewEngineSolver makes an in-process solver over st.
func NewEngineSolver(st *term.Store) *EngineSolver {
	return &EngineSolver{st: st, sess: engine.NewSession(st, engine.Options{Disable: queryStreamDisabled}),
		byStage: map[string]int{}, quant: map[string]int{}, why: map[string]int{}}
}

// queryStreamDisabled is the preprocessing the executor's session goes
// without. Unconstrained-variable elimination walks each query's whole
// DAG, and a path constraint leaves almost nothing unconstrained: over the
// 39 pat runs of final-3293cf9 (docs/bench/symex-merge/README.md) it
// rewrote at most 13 terms in a run (none in 27 of them) while taking up to 3.5 s
// (utf8.RuneCountInString 64). Without it, 5 or 7 alternating runs, whole
// process, CPU A/B median: RuneCountInString 64 0.91, 32 0.93,
// netip.ParseAddr 16 0.90, semver.IsValid 16 0.97.
var queryStreamDisabled = []string{"unconstrained"}

// QuantifiedByStage counts the checks with a ∀ in an assertion by the
// engine stage that decided them: quant-strip, quant-duplicate,
// quant-repair, quant-expand, z3 (the fallback) or unknown.
func (s *EngineSolver) QuantifiedByStage() map[string]int { return maps.Clone(s.quant) }

// QueriesByStage counts checks by the engine stage that decided them
// (engine.Session.LastStage), "unknown" for the undecided ones.
func (s *EngineSolver) QueriesByStage() map[string]int { return maps.Clone(s.byStage) }

func (s *EngineSolver) Check(ctx context.Context, as []term.Term, _ []term.Term) (smtlib.Status, *term.Model, error) {
	var (
		r   smtlib.CheckResult
		m   *term.Model
		err error
	)
	s.times.measure("", func() { r, m, err = s.sess.CheckAlone(ctx, as) })
	stage := s.sess.LastStage()
	if stage == "" {
		stage = "unknown"
		s.why[r.Reason]++
	}
	s.byStage[stage]++
	// A merged state's ∀ may sit below a conjunction or a disjunction (a
	// later standard merge of a pattern-merged state).
	if s.st.FeaturesOf(as).Has(term.FeatQuantifier) {
		s.quant[stage]++
	}
	if r.Status != smtlib.Sat {
		return r.Status, nil, nil
	}
	if err != nil {
		return smtlib.Unknown, nil, err
	}
	return smtlib.Sat, m, nil
}

// Statistics are the session's, the query times and, for each reason the
// engine gave for unknown checks, their count (unknown-why-REASON).
func (s *EngineSolver) Statistics() [][2]string {
	out := append(s.sess.Statistics(), s.times.pairs()...)
	for _, why := range slices.Sorted(maps.Keys(s.why)) {
		name := strings.Join(strings.Fields(why), "-")
		if name == "" {
			name = "none"
		}
		out = append(out, [2]string{"unknown-why-" + name, strconv.Itoa(s.why[why])})
	}
	return out
}

// PipeSolver drives any SMT-LIB solver process over stdin/stdout with
// push/pop, check-sat and get-value.
type PipeSolver struct {
	st   *term.Store
	p    *smtlib.Printer
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	name string

	checks, unknown int
	times           queryTimes
}

// NewPipeSolver starts command (e.g. "z3 -in" or "sift -in").
func NewPipeSolver(st *term.Store, command string) (*PipeSolver, error) {
	f := strings.Fields(command)
	if len(f) == 0 {
		return nil, fmt.Errorf("symex: empty solver command")
	}
	cmd := exec.Command(f[0], f[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("symex: starting %s: %w", command, err)
	}
	pipePIDs.Store(cmd.Process.Pid, true)
	s := &PipeSolver{st: st, p: smtlib.NewPrinter(st), cmd: cmd, in: in, out: bufio.NewReader(out), name: command}
	_, err = io.WriteString(in, "(set-option :print-success false)\n(set-option :produce-models true)\n(set-logic ALL)\n")
	return s, err
}

func (s *PipeSolver) Check(ctx context.Context, as []term.Term, want []term.Term) (smtlib.Status, *term.Model, error) {
	// ScriptString declares the free variables; inside push they vanish at pop.
	var b strings.Builder
	b.WriteString("(push 1)\n")
	b.WriteString(s.p.ScriptString("", as))
	// The wanted terms may mention variables the assertions do not.
	declared := map[term.Term]bool{}
	for _, a := range as {
		for _, v := range s.st.FreeVars(a) {
			declared[v] = true
		}
	}
	for _, w := range want {
		for _, v := range s.st.FreeVars(w) {
			if !declared[v] {
				declared[v] = true
				b.WriteString("(declare-fun " + term.QuoteSymbol(s.st.Name(v)) + " () " + s.st.SortString(s.st.SortOf(v)) + ")\n")
			}
		}
	}
	b.WriteString("(check-sat)\n")
	var line string
	var err error
	s.times.measure(fmt.Sprintf("/proc/%d/schedstat", s.cmd.Process.Pid), func() {
		if _, err = io.WriteString(s.in, b.String()); err == nil {
			line, err = s.readSexpr()
		}
	})
	if err != nil {
		return smtlib.Unknown, nil, err
	}
	status := smtlib.Unknown
	switch strings.TrimSpace(line) {
	case "sat":
		status = smtlib.Sat
	case "unsat":
		status = smtlib.Unsat
	case "unknown":
	default:
		return smtlib.Unknown, nil, fmt.Errorf("symex: %s answered %q", s.name, line)
	}
	s.checks++
	if status == smtlib.Unknown {
		s.unknown++
	}
	var m *term.Model
	if status == smtlib.Sat && len(want) > 0 {
		var q strings.Builder
		q.WriteString("(get-value (")
		for _, w := range want {
			q.WriteString(s.p.TermString(w) + " ")
		}
		q.WriteString("))\n")
		if _, err := io.WriteString(s.in, q.String()); err != nil {
			return smtlib.Unknown, nil, err
		}
		resp, err := s.readSexpr()
		if err != nil {
			return smtlib.Unknown, nil, err
		}
		m, err = s.parseValues(resp, want)
		if err != nil {
			return smtlib.Unknown, nil, err
		}
	}
	if _, err := io.WriteString(s.in, "(pop 1)\n"); err != nil {
		return smtlib.Unknown, nil, err
	}
	return status, m, nil
}

// readSexpr reads one answer (an atom or a parenthesised form) line by line.
func (s *PipeSolver) readSexpr() (string, error) {
	var b strings.Builder
	var sc sexpr.Scanner
	started := false
	for {
		line, err := s.out.ReadString('\n')
		if err != nil {
			return b.String(), fmt.Errorf("symex: %s: %w", s.name, err)
		}
		b.WriteString(line)
		if !started {
			if line = strings.TrimLeft(line, " \t\r\n\f\v"); line == "" {
				continue
			}
			started = true
		}
		if _, done := sc.ScanString(line); done || sc.Complete() {
			return b.String(), nil
		}
	}
}

// parseValues reads ((t1 v1) (t2 v2) …) in the order of want; only the
// values are parsed (constants #x…, #b…, (_ bvN w), true, false).
func (s *PipeSolver) parseValues(resp string, want []term.Term) (*term.Model, error) {
	if strings.HasPrefix(strings.TrimSpace(resp), "(error") {
		return nil, fmt.Errorf("symex: %s: %s", s.name, strings.TrimSpace(resp))
	}
	pairs, err := sexpr.Elems(strings.TrimSpace(resp))
	if err != nil {
		return nil, fmt.Errorf("symex: get-value: %v", err)
	}
	var vals []string
	for _, pair := range pairs {
		kv, _ := sexpr.Elems(pair)
		if len(kv) != 2 {
			return nil, fmt.Errorf("symex: get-value: malformed pair in %q", resp)
		}
		v, _ := sexpr.Elems(kv[1])
		switch {
		case !strings.HasPrefix(kv[1], "("):
			vals = append(vals, kv[1])
		case len(v) == 3 && v[0] == "_" && strings.HasPrefix(v[1], "bv"):
			vals = append(vals, "#d"+v[1][2:])
		default:
			return nil, fmt.Errorf("symex: get-value: cannot read a value")
		}
	}
	if len(vals) != len(want) {
		return nil, fmt.Errorf("symex: get-value answered %d values for %d terms", len(vals), len(want))
	}
	m := term.NewModel()
	arrays := map[term.Term]*term.ArrayValue{}
	for i, w := range want {
		srt := s.st.SortOf(w)
		var v term.Value
		if s.st.IsBool(srt) {
			v = term.BoolValue(vals[i] == "true")
		} else {
			x, err := parseBV(vals[i], s.st.Width(srt))
			if err != nil {
				return nil, err
			}
			v = s.st.BVValue(x)
		}
		if s.st.Op(w) == term.OpSelect {
			a, idx := s.st.Arg(w, 0), s.st.Arg(w, 1)
			av := arrays[a]
			if av == nil {
				def := term.NewArrayValue(s.st.SortOf(a), s.st.DefaultValue(srt))
				av = def.Arr
			}
			arrays[a] = av.Store(s.st.BVValue(s.st.Value(idx)), v)
			continue
		}
		m.Set(w, v)
	}
	for a, av := range arrays {
		m.Set(a, term.Value{Kind: term.ValArray, Sort: s.st.SortOf(a), Arr: av})
	}
	return m, nil
}

func parseBV(tok string, w uint32) (bv.Value, error) {
	var x uint64
	switch {
	case strings.HasPrefix(tok, "#x"):
		_, err := fmt.Sscanf(tok[2:], "%x", &x)
		return bv.New(w, x), err
	case strings.HasPrefix(tok, "#b"):
		for _, c := range tok[2:] {
			x = x<<1 | uint64(c-'0')
		}
		return bv.New(w, x), nil
	case strings.HasPrefix(tok, "#d"):
		num, _, _ := strings.Cut(tok[2:], ":")
		_, err := fmt.Sscanf(num, "%d", &x)
		return bv.New(w, x), err
	}
	return bv.Value{}, fmt.Errorf("symex: cannot read value %q", tok)
}

func (s *PipeSolver) Statistics() [][2]string {
	return append([][2]string{{"solver", s.name}}, s.times.pairs()...)
}

// QueriesByStage counts the process's decided checks under its command
// line (it does not say how it decided them), and "unknown".
func (s *PipeSolver) QueriesByStage() map[string]int {
	out := map[string]int{}
	if n := s.checks - s.unknown; n > 0 {
		out[s.name] = n
	}
	if s.unknown > 0 {
		out["unknown"] = s.unknown
	}
	return out
}

func (s *PipeSolver) Close() error {
	io.WriteString(s.in, "(exit)\n")
	s.in.Close()
	err := s.cmd.Wait()
	pipePIDs.Delete(s.cmd.Process.Pid)
	return err
}
