package smtlib

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/alecthomas/participle/v2"
	"github.com/sift-solver/sift/term"
)

// Version is sift's version, answered to (get-info :version).
const Version = "0.1.0"

// Config configures an Interpreter.
type Config struct {
	// NewSolver makes the solver for a store; it is called again on (reset).
	NewSolver func(st *term.Store) Solver
	// Timeout bounds each check-sat; 0 means none. (set-option :timeout)
	// can lower it per script.
	Timeout time.Duration
	// Dialect chooses the standard's or z3's reading where they differ
	// (dialect.go); the zero value is the standard.
	Dialect Dialect
	// ProduceModels is the initial value of :produce-models in the standard
	// dialect (cvc5's --produce-models); the z3 dialect starts with true.
	ProduceModels bool
	// Diagnostics receives a line saying what was unsupported each time a
	// command is answered unsupported (sift writes it to standard error);
	// nil discards it. The response itself stays the one line the standard
	// gives, so that a client reading one response per command stays in
	// step.
	Diagnostics io.Writer
}

// options are the values of the script's set-option settings.
type options struct {
	printSuccess   bool
	produceModels  bool
	produceCores   bool
	produceAssumps bool
	produceAssigns bool
	produceAsserts bool
	randomSeed     uint64
	timeout        time.Duration
}

// Interpreter runs SMT-LIB commands and writes the responses.
type Interpreter struct {
	cfg    Config
	out    *bufio.Writer
	st     *term.Store
	env    *Env
	solver Solver
	pr     *Printer

	opts            options
	logic           string
	info            map[string]string
	named           scoped[namedTerm] // named Boolean terms, for get-assignment
	last            *CheckResult
	lastAssumptions []term.Term
	// assertText holds each assertion as written, for get-assertions (only
	// while :produce-assertions is on; "" otherwise).
	assertText scoped[string]
	// posed is the problem as the script posed it, for the Z3 fallback.
	posed posedLog
	// declared is set by the first declaration or definition, started by
	// the first assertion, push or check: set-logic must come before the
	// one, start-mode options before the other.
	declared, started bool
	exited            bool
	// droppedLevel is the assertion level at which input that sift cannot
	// represent (an unsupported term, sort or declaration) was dropped, or -1.
	// While it is set, sat is not an answer: the dropped input might make the
	// problem unsat. Unsat stays sound, since dropping only weakens.
	droppedLevel int
	// onError, when set, also receives every error the interpreter answers
	// (ReadScript turns the first into its error).
	onError func(error)
}

// NewInterpreter returns an interpreter writing responses to out.
func NewInterpreter(cfg Config, out io.Writer) *Interpreter {
	in := &Interpreter{cfg: cfg, out: bufio.NewWriter(out)}
	in.reset()
	return in
}

// reset brings the interpreter back to its state at start. The standard
// resets the options too; z3 keeps them (and :global-declarations with them).
func (in *Interpreter) reset() {
	keep := in.cfg.Dialect == Z3 && in.env != nil
	global := keep && in.env.Global
	in.st = term.NewStore()
	in.env = NewEnv(in.st)
	in.env.Global = global
	in.env.Dialect = in.cfg.Dialect
	in.solver = in.cfg.NewSolver(in.st)
	in.pr = NewPrinter(in.st)
	if !keep {
		in.opts = options{produceModels: in.cfg.ProduceModels || in.cfg.Dialect == Z3}
	}
	if in.opts.randomSeed != 0 {
		in.solver.SetRandomSeed(in.opts.randomSeed)
	}
	in.logic = ""
	in.info = map[string]string{}
	in.named.clear()
	in.assertText.clear()
	in.posed = posedLog{}
	in.last, in.lastAssumptions = nil, nil
	in.declared, in.started = false, false
	in.droppedLevel = -1
}

// Store returns the current term store.
func (in *Interpreter) Store() *term.Store { return in.st }

// Exited reports whether (exit) was executed.
func (in *Interpreter) Exited() bool { return in.exited }

// Run executes every command of r until (exit) or the end of input. It returns
// an error only when reading or writing fails; errors in the script are
// answered with (error …) and execution continues.
func (in *Interpreter) Run(ctx context.Context, r io.Reader) error {
	rd := NewReader(r)
	for !in.exited {
		cmd, pos, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err == ErrIncomplete {
			in.respondError(&Error{Pos: pos, Msg: "input ends inside this command (unbalanced parentheses)"})
			break
		}
		if err != nil {
			in.out.Flush()
			return err
		}
		in.Execute(ctx, cmd, pos)
		if err := in.out.Flush(); err != nil {
			return err
		}
		if ctx.Err() != nil {
			break
		}
	}
	return in.out.Flush()
}

// Execute runs one command given as its bytes and starting position. Panics
// escaping a command are the last line of defence: they are answered with an
// error, and the session goes on.
func (in *Interpreter) Execute(ctx context.Context, cmd []byte, pos Pos) {
	defer func() {
		if r := recover(); r != nil {
			in.respondError(&Error{Pos: pos, Msg: fmt.Sprintf("internal error: %v", r)})
		}
	}()
	if err := in.execute(ctx, cmd, pos); err != nil {
		var u *Unsupported
		if errors.As(err, &u) && u.Dropped && in.droppedLevel < 0 {
			in.droppedLevel = in.env.Levels()
		}
		in.respondError(err)
	}
	in.out.Flush()
}

func (in *Interpreter) respondError(err error) {
	if in.onError != nil {
		in.onError(err)
	}
	var u *Unsupported
	if errors.As(err, &u) {
		in.out.WriteString("unsupported\n")
		if in.cfg.Diagnostics != nil {
			// The response first: a terminal shows the reason after it.
			in.out.Flush()
			fmt.Fprintf(in.cfg.Diagnostics, "unsupported: %s\n", u.Error())
		}
		return
	}
	fmt.Fprintf(in.out, "(error %s)\n", quoteString(err.Error()))
}

func (in *Interpreter) success() {
	if in.opts.printSuccess {
		in.out.WriteString("success\n")
	}
}

// commandNames lists every command the standard defines, with whether sift
// supports it.
var commandNames = map[string]bool{
	"set-logic": true, "set-option": true, "set-info": true, "get-option": true, "get-info": true,
	"declare-sort": true, "define-sort": true, "declare-fun": true, "declare-const": true,
	"define-fun": true, "define-const": true, "assert": true, "check-sat": true,
	"check-sat-assuming": true, "push": true, "pop": true, "get-value": true, "get-model": true,
	"get-assignment": true, "get-unsat-core": true, "get-unsat-assumptions": true,
	"get-assertions": true, "reset": true, "reset-assertions": true, "echo": true, "exit": true,
	"define-fun-rec": false, "define-funs-rec": false, "declare-datatype": true,
	"declare-datatypes": true, "get-proof": false,
	// Extensions of other solvers, recognised so that users get `unsupported`
	// rather than an error.
	"simplify": false, "eval": false, "get-interpolant": false, "get-interpolants": false,
	"get-abduct": false, "get-qe": false, "get-qe-disjunct": false, "block-model": false,
	"block-model-values": false, "get-difficulty": false, "get-learned-literals": false,
	"get-timeout-core": false, "get-instantiations": false, "check-sat-using": false, "apply": false,
	"display": false, "assert-soft": false, "minimize": false, "maximize": false, "get-objectives": false,
	"declare-codatatypes": false, "declare-rel": false, "declare-var": false, "rule": false, "query": false,
}

// definesSymbols lists the unsupported commands that would have added to the
// problem: skipping them drops part of it.
var definesSymbols = map[string]bool{
	"define-fun-rec": true, "define-funs-rec": true, "declare-codatatypes": true, "declare-rel": true, "declare-var": true, "rule": true,
}

func (in *Interpreter) execute(ctx context.Context, cmd []byte, pos Pos) (err error) {
	// Let and quantifier bindings live only inside one term; a parse error
	// that bails out of a binder must not leave them behind.
	defer in.env.clearLocals()
	defer catch(&err)
	lx := NewLexer(cmd, pos)
	open := lx.Next()
	if open.Kind != TokLParen {
		if open.Kind == TokRParen {
			return &Error{Pos: open.Pos, Msg: "unexpected ')'"}
		}
		return &Error{Pos: open.Pos, Msg: fmt.Sprintf("expected '(' to start a command, found %q", open.Text)}
	}
	nameTok := lx.Next()
	if nameTok.Kind != TokSymbol {
		return &Error{Pos: nameTok.Pos, Msg: "expected a command name"}
	}
	name := string(nameTok.Text)
	supported, known := commandNames[name]
	if !known {
		return &Error{Pos: nameTok.Pos, Msg: fmt.Sprintf("unknown command %q", name)}
	}
	if !supported {
		return &Unsupported{Pos: nameTok.Pos, Msg: fmt.Sprintf("command %s is not supported", name), Dropped: definesSymbols[name]}
	}
	if name == "assert" {
		// Hot path: parse the term straight from the command bytes.
		p := newTermParser(lx, in.env)
		start := p.tok.Offset
		t := p.parseTerm()
		text := cmd[start:p.tok.Offset]
		p.end(name)
		return in.doAssert(t, p.named, cmd, text, nameTok.Pos)
	}
	if name == "declare-datatype" || name == "declare-datatypes" {
		return in.declareDatatypes(name, newTermParser(lx, in.env), cmd, pos)
	}
	if declarationCommands[name] {
		return in.declaration(name, newTermParser(lx, in.env), cmd, pos)
	}
	if c := simpleCommand(name, lx); c != nil {
		return in.run(ctx, c, cmd, pos)
	}
	c, perr := parseCommand(cmd)
	if perr != nil {
		return in.grammarError(perr, pos, name)
	}
	return in.run(ctx, c, cmd, pos)
}

// grammarError turns a participle error into a positioned Error.
func (in *Interpreter) grammarError(err error, base Pos, name string) error {
	var pe participle.Error
	if errors.As(err, &pe) {
		p := pe.Position()
		msg := pe.Message()
		// participle names the Go struct it expected, which means nothing to
		// a user; the command name does.
		if i := strings.Index(msg, " (expected "); i >= 0 {
			msg = msg[:i]
		}
		return &Error{Pos: absPos(base, p.Line, p.Column), Msg: "malformed " + name + ": " + msg}
	}
	return &Error{Pos: base, Msg: err.Error()}
}

// absPos maps a position relative to a command to one in the input.
func absPos(base Pos, line, col int) Pos {
	if line <= 1 {
		return Pos{base.Line, base.Col + col - 1}
	}
	return Pos{base.Line + line - 1, col}
}

// spanParser returns a term parser positioned at a span of the command.
func (in *Interpreter) spanParser(cmd []byte, base Pos, s *Span) *termParser {
	return newTermParser(NewLexer(cmd[s.Offset:], absPos(base, s.Pos.Line, s.Pos.Column)), in.env)
}

func (in *Interpreter) spanTerm(cmd []byte, base Pos, s *Span) (term.Term, []namedTerm) {
	p := in.spanParser(cmd, base, s)
	t := p.parseTerm()
	return t, p.named
}

func (in *Interpreter) spanSort(cmd []byte, base Pos, s *Span) term.Sort {
	return in.spanParser(cmd, base, s).parseSort()
}

func (in *Interpreter) spanPos(base Pos, s *Span) Pos { return absPos(base, s.Pos.Line, s.Pos.Column) }

func (in *Interpreter) run(ctx context.Context, c *Command, cmd []byte, base Pos) error {
	switch {
	case c.SetLogic != nil:
		return in.setLogic(c.SetLogic.Name, base)
	case c.SetOption != nil:
		return in.setOption(c.SetOption, cmd, base)
	case c.SetInfo != nil:
		in.info[c.SetInfo.Key] = in.attrText(c.SetInfo.Value, cmd)
		in.success()
	case c.DeclareSort != nil, c.DefineSort != nil:
		in.declared = true
		if err := in.runDeclaration(c, cmd, base); err != nil {
			return err
		}
		in.posed.add(cmd)
	case c.GetOption != nil:
		return in.getOption(c.GetOption.Key, base)
	case c.GetInfo != nil:
		return in.getInfo(c.GetInfo.Key, base)
	case c.Assert != nil:
		t, named := in.spanTerm(cmd, base, c.Assert)
		return in.doAssert(t, named, cmd, cmd[c.Assert.Offset:c.Assert.End], base)
	case c.CheckSat:
		in.started = true
		return in.checkSat(ctx, nil, nil)
	case c.CheckAssuming != nil:
		in.started = true
		var as []term.Term
		var texts []string
		for _, s := range c.CheckAssuming.Items {
			t, _ := in.spanTerm(cmd, base, s)
			if !in.st.IsBool(in.st.SortOf(t)) {
				return &Error{Pos: in.spanPos(base, s), Msg: "check-sat-assuming expects Boolean terms"}
			}
			as = append(as, t)
			texts = append(texts, string(spanText(cmd, s)))
		}
		return in.checkSat(ctx, as, texts)
	case c.Push != nil:
		in.started = true
		n, err := levelCount(c.Push, base)
		if err != nil {
			return err
		}
		for i := 0; i < n; i++ {
			in.env.Push()
			in.solver.Push()
			in.named.push()
			in.assertText.push()
			in.posed.push()
		}
		in.last = nil
		in.success()
	case c.Pop != nil:
		in.started = true
		n, err := levelCount(c.Pop, base)
		if err != nil {
			return err
		}
		if n > in.env.Levels() {
			return &Error{Pos: base, Msg: fmt.Sprintf("pop %d exceeds the %d open assertion levels", n, in.env.Levels())}
		}
		for i := 0; i < n; i++ {
			in.env.Pop()
			in.solver.Pop()
			if in.droppedLevel > in.env.Levels() {
				in.droppedLevel = -1
			}
			in.named.pop()
			in.assertText.pop()
			in.posed.pop()
		}
		in.last = nil
		in.success()
	case c.GetValue != nil:
		if err := requireOption(in.opts.produceModels, ":produce-models", "model generation", base); err != nil {
			return err
		}
		return in.getValue(c.GetValue, cmd, base)
	case c.GetModel:
		if err := requireOption(in.opts.produceModels, ":produce-models", "model generation", base); err != nil {
			return err
		}
		m, err := in.model(base)
		if err != nil {
			return err
		}
		in.pr.datatypes = in.env.declaredDatatypes()
		in.out.WriteString(in.pr.ModelString(m, in.env.Declared()))
		in.out.WriteString("\n")
	case c.GetAssignment:
		if err := requireOption(in.opts.produceAssigns || in.cfg.Dialect == Z3, ":produce-assignments", "get-assignment", base); err != nil {
			return err
		}
		return in.getAssignment(base)
	case c.GetUnsatCore:
		if err := requireOption(in.opts.produceCores, ":produce-unsat-cores", "unsat core generation", base); err != nil {
			return err
		}
		if in.last == nil || in.last.Status != Unsat {
			return &Error{Pos: base, Msg: "unsat core is not available: the last check-sat did not answer unsat"}
		}
		core, err := in.solver.UnsatCore()
		if err != nil {
			return &Error{Pos: base, Msg: err.Error()}
		}
		for i := range core {
			core[i] = term.QuoteSymbol(core[i])
		}
		in.out.WriteString("(" + strings.Join(core, " ") + ")\n")
	case c.GetUnsatAssumps:
		if err := requireOption(in.opts.produceAssumps, ":produce-unsat-assumptions", "get-unsat-assumptions", base); err != nil {
			return err
		}
		if in.last == nil || in.last.Status != Unsat {
			return &Error{Pos: base, Msg: "unsat assumptions are not available: the last check-sat did not answer unsat"}
		}
		as, err := in.solver.UnsatAssumptions()
		if err != nil {
			return &Error{Pos: base, Msg: err.Error()}
		}
		parts := make([]string, len(as))
		for i, a := range as {
			parts[i] = in.pr.TermString(a)
		}
		in.out.WriteString("(" + strings.Join(parts, " ") + ")\n")
	case c.GetAssertions:
		if err := requireOption(in.opts.produceAsserts, ":produce-assertions", "get-assertions", base); err != nil {
			return err
		}
		as := in.solver.Assertions()
		parts := make([]string, len(as))
		for i, a := range as {
			if i < len(in.assertText.items) && in.assertText.items[i] != "" {
				parts[i] = in.assertText.items[i]
			} else {
				parts[i] = in.pr.TermString(a)
			}
		}
		in.out.WriteString("(" + strings.Join(parts, "\n ") + ")\n")
	case c.Reset:
		in.reset()
		in.success()
	case c.ResetAssertions:
		in.droppedLevel = -1
		in.env.ResetAssertions()
		in.solver.ResetAssertions()
		in.named.clear()
		in.assertText.clear()
		in.posed.clearAssertions()
		in.last = nil
		in.success()
	case c.Echo != nil:
		if in.cfg.Dialect == Z3 {
			in.out.WriteString(c.Echo.Text + "\n")
		} else {
			in.out.WriteString(quoteString(c.Echo.Text) + "\n")
		}
	case c.Exit:
		in.exited = true
		in.success()
	}
	return nil
}

// runDeclaration runs a declaration or definition command.
func (in *Interpreter) runDeclaration(c *Command, cmd []byte, base Pos) error {
	switch {
	case c.DeclareSort != nil:
		return in.declareSort(c.DeclareSort, base)
	case c.DefineSort != nil:
		return in.defineSort(c.DefineSort, cmd, base)
	}
	return nil
}

func levelCount(n *OptNumeral, base Pos) (int, error) {
	if n.N == nil {
		return 1, nil
	}
	v, err := strconv.Atoi(*n.N)
	if err != nil || v > 1<<20 {
		return 0, &Error{Pos: base, Msg: fmt.Sprintf("level count %s is too large", *n.N)}
	}
	return v, nil
}

// spanText returns a span's text as written: a term in get-value's answer is
// the term as given, not what it stands for (a defined constant stays its
// name).
func spanText(cmd []byte, s *Span) []byte {
	if s.Atom == nil {
		return cmd[s.Offset:s.End]
	}
	lx := NewLexer(cmd[s.Offset:s.End], Pos{})
	lx.Next()
	return cmd[s.Offset : s.Offset+lx.Offset()]
}

// attrText returns an attribute value as written.
func (in *Interpreter) attrText(s *Span, cmd []byte) string {
	if s == nil {
		return ""
	}
	if s.Atom != nil {
		return s.Atom.Value
	}
	return string(cmd[s.Offset:s.End])
}

var supportedLogics = map[string]bool{
	"QF_BV": true, "QF_ABV": true, "QF_AUFBV": true, "QF_UFBV": true, "QF_AX": true, "QF_UF": true,
	"BV": true, "ABV": true, "UFBV": true, "AUFBV": true, "ALL": true,
	"QF_FP": true, "QF_BVFP": true, "QF_ABVFP": true, "QF_UFFP": true, "FP": true, "BVFP": true,
}

func (in *Interpreter) setLogic(name string, base Pos) error {
	switch {
	case in.logic != "":
		return &Error{Pos: base, Msg: fmt.Sprintf("the logic is already set (to %s): set-logic may come only once", in.logic)}
	case in.declared || in.started:
		return &Error{Pos: base, Msg: "set-logic must come before any declaration, definition, assertion, push or check"}
	}
	supported, known := supportedLogics[name]
	switch {
	case known && supported:
		in.logic = name
		in.success()
		return nil
	case strings.Contains(name, "IA") || strings.Contains(name, "RA") || strings.Contains(name, "LIRA") ||
		strings.Contains(name, "FP") || strings.Contains(name, "S") && !strings.Contains(name, "BV") ||
		strings.HasSuffix(name, "DT") || known:
		return &Unsupported{Pos: base, Msg: fmt.Sprintf("logic %s is not supported (sift decides bit-vectors, floating point, arrays and uninterpreted functions)", name)}
	}
	return &Error{Pos: base, Msg: fmt.Sprintf("unknown logic %q", name)}
}

func (in *Interpreter) declare(name string, dom []term.Sort, rng term.Sort, base Pos) error {
	if err := in.checkNewSymbol(name, base); err != nil {
		return err
	}
	s := rng
	if len(dom) > 0 {
		s = in.st.FunSort(dom, rng)
	}
	in.env.bindFun(&funDef{Name: name, Var: in.st.Var(name, s)})
	in.success()
	return nil
}

func (in *Interpreter) declareSort(d *DeclareSort, base Pos) error {
	arity := 0
	if d.Arity != nil {
		n, err := strconv.Atoi(*d.Arity)
		if err != nil {
			return &Error{Pos: base, Msg: "bad sort arity"}
		}
		arity = n
	}
	if arity != 0 {
		return &Unsupported{Pos: base, Msg: "declare-sort with parameters is not supported", Dropped: true}
	}
	if _, exists := in.env.sorts[d.Name]; exists {
		return &Error{Pos: base, Msg: fmt.Sprintf("sort %q is already declared", d.Name)}
	}
	in.env.bindSort(d.Name, &sortDef{Declared: in.st.UninterpretedSort(d.Name)})
	in.success()
	return nil
}

func (in *Interpreter) defineSort(d *DefineSort, cmd []byte, base Pos) error {
	if _, exists := in.env.sorts[d.Name]; exists {
		return &Error{Pos: base, Msg: fmt.Sprintf("sort %q is already declared", d.Name)}
	}
	body := append([]byte(nil), cmd[d.Body.Offset:d.Body.End]...)
	def := &sortDef{Arity: len(d.Params), Params: d.Params, Body: body, BodyPos: in.spanPos(base, d.Body)}
	// Check the body now with placeholder parameters, so errors show at the
	// definition rather than at a use.
	if len(d.Params) == 0 {
		in.env.expandSortDef(def, nil, nil)
	}
	in.env.bindSort(d.Name, def)
	in.success()
	return nil
}

func (in *Interpreter) bindNames(named []namedTerm) error {
	for _, n := range named {
		if in.st.IsBool(in.st.SortOf(n.t)) {
			in.named.add(n)
		}
	}
	return nil
}

// doAssert asserts t; cmd is the command and text the term as written.
func (in *Interpreter) doAssert(t term.Term, named []namedTerm, cmd, text []byte, pos Pos) error {
	in.started = true
	if !in.st.IsBool(in.st.SortOf(t)) {
		return &Error{Pos: pos, Msg: fmt.Sprintf("assert expects a Bool term, got %s", in.st.SortString(in.st.SortOf(t)))}
	}
	if err := in.bindNames(named); err != nil {
		return err
	}
	label := ""
	for _, n := range named {
		if n.t == t {
			label = n.name
		}
	}
	in.solver.Assert(t, label)
	kept := ""
	if in.opts.produceAsserts {
		kept = strings.TrimSpace(string(text))
	}
	in.assertText.add(kept)
	in.posed.add(cmd)
	in.last = nil
	in.success()
	return nil
}

// checkSat checks the assertions with assumptions, written as texts.
func (in *Interpreter) checkSat(ctx context.Context, assumptions []term.Term, texts []string) error {
	timeout := in.cfg.Timeout
	if in.opts.timeout > 0 && (timeout == 0 || in.opts.timeout < timeout) {
		timeout = in.opts.timeout
	}
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	if cs, ok := in.solver.(CoreSolver); ok {
		cs.SetCoresWanted(in.opts.produceCores || in.opts.produceAssumps)
	}
	if ps, ok := in.solver.(PosedSolver); ok {
		ps.SetPosed(func() (string, bool) {
			if in.env.Global { // declarations outlive the levels of the log
				return "", false
			}
			return in.posed.script(in.logic, texts)
		})
	}
	r := in.solver.CheckSat(ctx, assumptions)
	if r.Status == Sat && in.droppedLevel >= 0 {
		r = CheckResult{Status: Unknown, Reason: "unsupported input was dropped"}
	}
	in.last = &r
	in.lastAssumptions = assumptions
	in.out.WriteString(r.Status.String() + "\n")
	return nil
}

func (in *Interpreter) model(base Pos) (*term.Model, error) {
	if in.last == nil || in.last.Status != Sat {
		return nil, &Error{Pos: base, Msg: "model is not available: the last check-sat did not answer sat"}
	}
	m, err := in.solver.Model()
	if err != nil {
		return nil, &Error{Pos: base, Msg: err.Error()}
	}
	return m, nil
}

func (in *Interpreter) getValue(l *SpanList, cmd []byte, base Pos) error {
	terms := make([]term.Term, len(l.Items))
	for i, s := range l.Items {
		terms[i], _ = in.spanTerm(cmd, base, s)
	}
	m, err := in.model(base)
	if err != nil {
		return err
	}
	ev := term.NewEvaluator(in.st, m)
	var b strings.Builder
	b.WriteString("(")
	for i, s := range l.Items {
		v, err := ev.Eval(terms[i])
		if err != nil {
			return &Error{Pos: in.spanPos(base, s), Msg: "cannot evaluate: " + err.Error()}
		}
		if i > 0 {
			b.WriteString("\n ")
		}
		b.WriteString("(")
		b.Write(spanText(cmd, s))
		b.WriteString(" ")
		if d, ok := in.env.funs[string(spanText(cmd, s))]; ok && d.DT != nil && d.DT.opaque {
			b.WriteString(d.DT.opaqueString(in.pr, ev, d.Var))
		} else if d, ok := in.env.funs[string(spanText(cmd, s))]; ok && d.DT != nil && v.Kind == term.ValBV {
			b.WriteString(d.DT.valueString(in.pr, v.BV))
		} else {
			b.WriteString(in.pr.ValueString(v))
		}
		b.WriteString(")")
	}
	b.WriteString(")\n")
	in.out.WriteString(b.String())
	return nil
}

func (in *Interpreter) getAssignment(base Pos) error {
	m, err := in.model(base)
	if err != nil {
		return err
	}
	ev := term.NewEvaluator(in.st, m)
	parts := make([]string, 0, len(in.named.items))
	for _, n := range in.named.items {
		b, err := ev.EvalBool(n.t)
		if err != nil {
			continue
		}
		parts = append(parts, fmt.Sprintf("(%s %t)", term.QuoteSymbol(n.name), b))
	}
	in.out.WriteString("(" + strings.Join(parts, " ") + ")\n")
	return nil
}
