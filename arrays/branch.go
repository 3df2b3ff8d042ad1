package arrays

import "math/big"

// ilpResult is the outcome of the integer feasibility check.
type ilpResult int8

const (
	ilpUnknown ilpResult = iota
	ilpInfeasible
	ilpFeasible
)

// ilpBudget bounds the work of one integer feasibility check.
type ilpBudget struct {
	nodes, maxNodes int // branch-and-bound nodes
	lpCalls, pivots int
	propVisits      int // per node
}

// integerFeasible decides whether s has an integer solution: bound
// propagation, then the exact LP relaxation, then branch and bound on a
// fractional variable (wrap, sign and quotient variables first, as they are
// the narrow ones). It answers ilpInfeasible only when every branch was
// refuted; a spent budget gives ilpUnknown.
func integerFeasible(s *system, b *ilpBudget) ilpResult {
	b.nodes++
	if ok, _ := s.propagate(b.propVisits); !ok {
		return ilpInfeasible
	}
	b.lpCalls++
	res, sol, piv := solveLP(s)
	b.pivots += piv
	switch res {
	case lpInfeasible:
		return ilpInfeasible
	case lpUnknown:
		return ilpUnknown
	}
	v := pickFractional(s, sol)
	if v < 0 {
		return ilpFeasible // an integer vertex satisfies every row
	}
	if b.nodes >= b.maxNodes {
		return ilpUnknown
	}
	down := s.clone()
	down.hi[v] = floorRat(sol[v])
	r1 := integerFeasible(down, b)
	if r1 == ilpFeasible {
		return ilpFeasible
	}
	up := s.clone()
	up.lo[v] = new(big.Int).Add(floorRat(sol[v]), big.NewInt(1))
	r2 := integerFeasible(up, b)
	switch {
	case r2 == ilpFeasible:
		return ilpFeasible
	case r1 == ilpInfeasible && r2 == ilpInfeasible:
		return ilpInfeasible
	}
	return ilpUnknown
}

// pickFractional returns a variable with a non-integer value, preferring the
// one with the narrowest range, or -1.
func pickFractional(s *system, sol []*big.Rat) int {
	best := -1
	var bestRange *big.Int
	for v, x := range sol {
		if x.IsInt() {
			continue
		}
		r := new(big.Int).Sub(s.hi[v], s.lo[v])
		if best < 0 || r.Cmp(bestRange) < 0 {
			best, bestRange = v, r
		}
	}
	return best
}

func floorRat(x *big.Rat) *big.Int { return floorDiv(x.Num(), x.Denom()) }
