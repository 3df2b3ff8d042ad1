package z3

import "github.com/sift-solver/sift/term"

// Status is Z3's answer to a check, term's answer type. Its zero value is
// Unknown, so a Result that was never filled in can never be mistaken for a
// decision.
type Status = term.Status

const (
	Unsat   = term.Unsat
	Unknown = term.Unknown
	Sat     = term.Sat
)

// Result is the outcome of one Solve call.
type Result struct {
	Status Status
	// Reason says why the answer is Unknown: "timeout" or "canceled" when the
	// context ended the check, "memout" when Z3 ran past its memory bound,
	// otherwise Z3's own reason (for example "(incomplete quantifiers)").
	Reason string
	// Model holds one binding per uninterpreted symbol of the assertions,
	// sorted by name (Binary's literal-only models: per symbol z3 printed,
	// which may leave some out and add z3's own). It is set only when
	// Status is Sat.
	Model []Binding
}

// Binding is one model entry. Every text field is SMT-LIB 2 that a standard
// parser reads back, and Value mentions no symbol other than Params (and its
// own let-bound names), so it can be used on its own as the body of
//
//	(define-fun Name (Params) Sort Value)
//
// Bit-vector values are #x/#b literals, Booleans true/false, arrays chains of
// store over ((as const …) …), functions ite chains over their Params.
type Binding struct {
	Name   string  // the declared symbol, without |quotes|
	Params []Param // nil for constants (including arrays)
	Sort   string  // the range sort, e.g. "(_ BitVec 8)"
	Value  string
}

// Param is one formal parameter of a function binding.
type Param struct {
	Name string
	Sort string
}
