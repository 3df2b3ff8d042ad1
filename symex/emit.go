package symex

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// emit writes one query as a standalone SMT-LIB script, like KLEE's
// --write-smt2s: the declarations, the assertions and (check-sat). A query
// with quantifiers (a pattern-merged path constraint, seed 000 §3) is
// declared ABV, the others QF_ABV; one that holds a constant array (a zero
// backing array, say), which the standard array theory lacks, is declared
// ALL, the logic in which solvers (z3 among them) accept it. A query over
// floats is QF_ABVFP (ABVFP).
func (e *Executor) emit(as []term.Term) error {
	if e.emitted == 0 {
		if err := os.MkdirAll(e.opts.EmitSMT2, 0o755); err != nil {
			return err
		}
	}
	e.emitted++
	logic := "QF_ABV"
	for _, a := range as {
		if !e.st.IsQuantifierFree(a) {
			logic = "ABV"
			break
		}
	}
	for _, a := range as {
		if e.st.Contains(a, func(t term.Term) bool { return e.st.IsFloat(e.st.SortOf(t)) }) {
			logic += "FP"
			break
		}
	}
	for _, a := range as {
		if e.st.Contains(a, func(t term.Term) bool { return e.st.Op(t) == term.OpConstArray }) {
			logic = "ALL"
			break
		}
	}
	text := smtlib.NewPrinter(e.st).ScriptString(logic, as) + "(check-sat)\n(exit)\n"
	name := filepath.Join(e.opts.EmitSMT2, fmt.Sprintf("query-%06d.smt2", e.emitted))
	return os.WriteFile(name, []byte(text), 0o644)
}
