package svi

// Result is the outcome of a transfer function, a meet or a narrowing.
// Set always contains every concrete value (soundness). Exact means Set is
// exactly the concrete set; otherwise Why names the give-up trigger of the
// digest's §2.7 that fired, for traces.
type Result struct {
	Set   Set
	Exact bool
	Why   string
}

func exact(s Set) Result { return Result{Set: s, Exact: true} }

func overApprox(s Set, why string) Result { return Result{Set: s, Why: why} }

// fromParts normalises parts into a Result; the result is inexact if why is
// non-empty or if normalising had to merge parts.
func fromParts(w uint, ps []SVI, why string) Result {
	s, lossless := normalize(w, ps)
	if !lossless && why == "" {
		why = "too many parts"
	}
	return Result{Set: s, Exact: why == "", Why: why}
}

// and combines the exactness of r with that of the steps that produced its
// operands: a composition of exact images is exact.
func (r Result) and(others ...Result) Result {
	for _, o := range others {
		if !o.Exact {
			r.Exact = false
			if r.Why == "" {
				r.Why = o.Why
			}
		}
	}
	return r
}

// union joins results, exact when all are exact and no merge was lossy.
func union(w uint, rs ...Result) Result {
	var ps []SVI
	for _, r := range rs {
		if r.Set.Wide() {
			return overApprox(Full(w), "width above 64")
		}
		ps = append(ps, r.Set.parts...)
	}
	return fromParts(w, ps, "").and(rs...)
}

// Level is the abstraction a value has reached (the paper's a ∈ {pvi, ubox,
// bvt}); it only moves upward along a path.
type Level uint8

const (
	// PVI: the set is exact; both SAT and UNSAT may be concluded from it.
	PVI Level = iota
	// UBox: the set is an under-approximating box; only SAT may be concluded.
	UBox
	// BVT: the domain gave up; the bit-vector solver must decide.
	BVT
)

func (l Level) String() string {
	switch l {
	case PVI:
		return "pvi"
	case UBox:
		return "ubox"
	default:
		return "bvt"
	}
}
