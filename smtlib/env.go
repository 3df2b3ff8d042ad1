package smtlib

import (
	"sort"

	"github.com/sift-solver/sift/term"
)

// funDef is what a function symbol means: a declared constant or function
// (Var is an OpVar term) or a define-fun macro (Params and Body).
type funDef struct {
	Name   string
	Var    term.Term
	Params []term.Term // bound variables of a definition
	Body   term.Term
	Named  bool // introduced by (! t :named n)
	// DT is the datatype of a declared constant of one (for models);
	// ctor marks a datatype's constructor (for match).
	DT   *datatype
	ctor *dtCtor
	// script is the symbol's sort as the script declared it, datatypes as
	// their own sorts (scriptsort.go): a function's is a function sort of
	// its parameters and result. NoSort when it is the sort terms see.
	script term.Sort
	// selector marks an opaque record's selector (no symbol of the model);
	// unsupported, when set, is why the symbol cannot be applied.
	selector    bool
	unsupported string
}

// sortDef is a declare-sort or define-sort.
type sortDef struct {
	Arity    int
	Declared term.Sort // declare-sort of arity 0
	Params   []string  // define-sort parameters
	Body     []byte    // define-sort body text, parsed again at each use
	BodyPos  Pos
	dt       *datatype // a declare-datatype(s) sort, lowered to Declared
	script   term.Sort // Declared's script sort, when it differs (a sort parameter)
}

type undoEntry struct {
	fun  bool
	name string
	prev any // *funDef or *sortDef, nil if the name was unbound
}

// Env is the symbol table: function and sort symbols with push/pop scoping,
// plus the local bindings of let and quantifiers while a term is parsed.
type Env struct {
	st     *term.Store
	funs   map[string]*funDef
	sorts  map[string]*sortDef
	undo   []undoEntry
	marks  []int
	locals map[string][]local
	// Global makes declarations survive pop (:global-declarations).
	Global bool
	// Dialect is the interpreter's: it decides how terms with duplicate let
	// binders read.
	Dialect Dialect
	// pendingDT names the datatypes of a declare-datatypes being read:
	// one used in a constructor's field makes it recursive.
	pendingDT map[string]bool
	// opaque maps the sorts of opaque records to them (datatypes.go).
	opaque map[term.Sort]*datatype
	// argBufs are the term parser's argument buffers, one per nesting depth.
	argBufs [][]term.Term
	// scriptBufs are the same for the arguments' script sorts.
	scriptBufs [][]term.Sort
	// datatypes is set once a datatype is declared: from then on the term
	// parser checks script sorts (scriptsort.go).
	datatypes bool
}

// local is a let or quantifier binding: the term and its script sort.
type local struct {
	t      term.Term
	script term.Sort
}

// NewEnv returns an empty symbol table over st.
func NewEnv(st *term.Store) *Env {
	return &Env{st: st, funs: map[string]*funDef{}, sorts: map[string]*sortDef{}, locals: map[string][]local{}}
}

// Store returns the term store the environment builds into.
func (e *Env) Store() *term.Store { return e.st }

func (e *Env) bindFun(d *funDef) {
	if !e.Global {
		u := undoEntry{fun: true, name: d.Name}
		if prev, ok := e.funs[d.Name]; ok {
			u.prev = prev // a nil *funDef in an interface would not compare nil
		}
		e.undo = append(e.undo, u)
	}
	e.funs[d.Name] = d
}

func (e *Env) bindSort(name string, d *sortDef) {
	if !e.Global {
		u := undoEntry{name: name}
		if prev, ok := e.sorts[name]; ok {
			u.prev = prev
		}
		e.undo = append(e.undo, u)
	}
	e.sorts[name] = d
}

// Push opens a scope level.
func (e *Env) Push() { e.marks = append(e.marks, len(e.undo)) }

// Pop closes the innermost scope level, forgetting its declarations.
func (e *Env) Pop() {
	m := e.marks[len(e.marks)-1]
	e.marks = e.marks[:len(e.marks)-1]
	for i := len(e.undo) - 1; i >= m; i-- {
		u := e.undo[i]
		if u.fun {
			if u.prev == nil {
				delete(e.funs, u.name)
			} else {
				e.funs[u.name] = u.prev.(*funDef)
			}
		} else {
			if u.prev == nil {
				delete(e.sorts, u.name)
			} else {
				e.sorts[u.name] = u.prev.(*sortDef)
			}
		}
	}
	e.undo = e.undo[:m]
}

// Levels returns the number of open scope levels.
func (e *Env) Levels() int { return len(e.marks) }

// Reset forgets everything.
func (e *Env) Reset() {
	e.funs = map[string]*funDef{}
	e.sorts = map[string]*sortDef{}
	e.undo = nil
	e.marks = nil
	e.locals = map[string][]local{}
}

// ResetAssertions forgets every declaration and definition except the global
// ones (those made under :global-declarations), as reset-assertions does.
func (e *Env) ResetAssertions() {
	e.marks = []int{0}
	e.Pop()
}

func (e *Env) clearLocals() {
	if len(e.locals) > 0 {
		e.locals = map[string][]local{}
	}
}

func (e *Env) pushLocal(name string, t term.Term, script term.Sort) {
	e.locals[name] = append(e.locals[name], local{t, script})
}

func (e *Env) popLocal(name string) {
	s := e.locals[name]
	if len(s) == 1 {
		delete(e.locals, name)
	} else {
		e.locals[name] = s[:len(s)-1]
	}
}

// lookupLocal returns the innermost let or quantifier binding of name.
func (e *Env) lookupLocal(name []byte) (local, bool) {
	if len(e.locals) == 0 {
		return local{}, false
	}
	s, ok := e.locals[string(name)]
	if !ok {
		return local{}, false
	}
	return s[len(s)-1], true
}

// declaredDatatypes maps the declared constants of datatypes to them.
func (e *Env) declaredDatatypes() map[term.Term]*datatype {
	out := map[term.Term]*datatype{}
	for _, d := range e.funs {
		if d.DT != nil {
			out[d.Var] = d.DT
		}
	}
	return out
}

// Declared returns the declared constants and functions, for get-model, in
// declaration order.
func (e *Env) Declared() []term.Term {
	var out []term.Term
	seen := map[term.Term]bool{}
	for _, d := range e.funs {
		if d.Var != term.NoTerm && !d.selector && !seen[d.Var] {
			seen[d.Var] = true
			out = append(out, d.Var)
		}
	}
	// Term ids grow with declaration order.
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
