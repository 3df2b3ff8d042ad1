package qbv

import "strconv"

// Stats counts what the procedure did over its lifetime.
type Stats struct {
	// Finite counts problems over uninterpreted sorts (finite.go).
	Calls, Sat, Unsat, Unknown, Finite int
	// Rounds counts ground solves; Checks counterexample checks, of which
	// NestedChecks were quantified themselves (a nested run), and
	// NestedReused nested checks took the answer of an earlier one of the
	// same formula (facts.go). Enumerated counts checks decided by
	// evaluation (enumerate.go).
	Rounds, Checks, NestedChecks, NestedReused, Enumerated int
	// Quantifiers counts atoms registered; Skolemizations and Instances the
	// lemmas added; ValueTerms, SymbolicTerms and InverseTerms how the
	// variables of instances were chosen; MatchedInstances counts the
	// instances by matching ground atoms (match.go).
	Quantifiers, Skolemizations, Instances  int
	ValueTerms, SymbolicTerms, InverseTerms int
	MatchedInstances                        int
	// BoundaryValues counts counterexamples moved to the ends of their
	// variables' ranges (boundary.go).
	BoundaryValues int
	// Normalisation: variables eliminated by equality resolution, ∀ split
	// by miniscoping, ∀ replaced by their expansion, variables split at
	// the boundaries of their extracts (slices.go), variables private to
	// one comparison eliminated (private.go).
	Resolved, Miniscoped, Expanded, Split, Private int
	// Facts counts quantifiers decided by a recorded fact (facts.go);
	// Unneeded atoms a ground model left unproved (relevance.go).
	Facts, Unneeded int
	// Strengthened counts the strengthenings of atoms added to the guess,
	// StrengthenedOff the runs whose guess turned unsat (strengthen.go).
	Strengthened, StrengthenedOff int
	// ModelChecks counts assertions Prove confirmed, ModelCheckFailures
	// those it did not.
	ModelChecks, ModelCheckFailures int
}

// Pairs returns the counters as name/value pairs for --stats.
func (s Stats) Pairs() [][2]string {
	kv := func(k string, v int) [2]string { return [2]string{"qbv-" + k, strconv.Itoa(v)} }
	return [][2]string{
		kv("sat", s.Sat), kv("unsat", s.Unsat), kv("unknown", s.Unknown), kv("finite", s.Finite),
		kv("rounds", s.Rounds), kv("checks", s.Checks), kv("nested-checks", s.NestedChecks), kv("nested-reused", s.NestedReused), kv("enumerated", s.Enumerated),
		kv("quantifiers", s.Quantifiers), kv("skolemizations", s.Skolemizations), kv("instances", s.Instances),
		kv("value-terms", s.ValueTerms), kv("symbolic-terms", s.SymbolicTerms), kv("inverse-terms", s.InverseTerms),
		kv("matched-instances", s.MatchedInstances), kv("boundary-values", s.BoundaryValues),
		kv("resolved", s.Resolved), kv("miniscoped", s.Miniscoped), kv("expanded", s.Expanded), kv("split", s.Split),
		kv("private", s.Private), kv("strengthened", s.Strengthened), kv("strengthened-off", s.StrengthenedOff),
		kv("facts", s.Facts), kv("unneeded", s.Unneeded), kv("model-checks", s.ModelChecks), kv("model-check-failures", s.ModelCheckFailures),
	}
}
