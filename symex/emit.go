package symex

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// emit writes one query as a standalone SMT-LIB script, like KLEE's
// --write-smt2s: the declarations, the assertions and (check-sat).
func (e *Executor) emit(as []term.Term) error {
	if e.emitted == 0 {
		if err := os.MkdirAll(e.opts.EmitSMT2, 0o755); err != nil {
			return err
		}
	}
	e.emitted++
	text := smtlib.NewPrinter(e.st).ScriptString("QF_ABV", as) + "(check-sat)\n(exit)\n"
	name := filepath.Join(e.opts.EmitSMT2, fmt.Sprintf("query-%06d.smt2", e.emitted))
	return os.WriteFile(name, []byte(text), 0o644)
}
