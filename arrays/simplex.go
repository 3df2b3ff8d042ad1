package arrays

import "math/big"

// lpResult is the outcome of an exact linear-programming feasibility check.
type lpResult int8

const (
	lpUnknown lpResult = iota // too large, or the pivot budget ran out
	lpInfeasible
	lpFeasible
)

// Limits that keep the dense rational tableau cheap; beyond them the check
// answers lpUnknown, which callers treat as "maybe feasible".
const (
	lpMaxVars   = 64
	lpMaxRows   = 96
	lpMaxPivots = 4000
)

// solveLP decides whether the rational relaxation of s (rows plus the
// variable bounds) has a solution, with two-phase-free phase-1 simplex on a
// dense tableau of exact rationals and Bland's rule (so it terminates). On
// lpFeasible it returns a vertex solution for every variable.
//
// Exact arithmetic matters: an infeasibility claim here becomes an UNSAT
// answer, so a float rounding error would be a wrong answer.
func solveLP(s *system) (lpResult, []*big.Rat, int) {
	// Free variables are the non-fixed ones; fixed ones fold into the rhs.
	col := make([]int, len(s.lo))
	var free []int
	for v := range s.lo {
		col[v] = -1
		if s.lo[v].Cmp(s.hi[v]) != 0 {
			col[v] = len(free)
			free = append(free, v)
		}
	}
	// Each row: sum over free y (y = x - lo >= 0) (= or <=) rhs'.
	type lrow struct {
		a   map[int]*big.Rat
		eq  bool
		rhs *big.Rat
	}
	var rows []lrow
	for _, r := range s.rows {
		a := map[int]*big.Rat{}
		rhs := new(big.Int).Set(r.rhs)
		for _, t := range r.terms {
			rhs.Sub(rhs, new(big.Int).Mul(t.c, s.lo[t.v]))
			if c := col[t.v]; c >= 0 {
				a[c] = new(big.Rat).SetInt(t.c)
			}
		}
		if len(a) == 0 {
			if rhs.Sign() < 0 || (r.eq && rhs.Sign() != 0) {
				return lpInfeasible, nil, 0
			}
			continue
		}
		rows = append(rows, lrow{a, r.eq, new(big.Rat).SetInt(rhs)})
	}
	for j, v := range free {
		u := new(big.Int).Sub(s.hi[v], s.lo[v])
		rows = append(rows, lrow{map[int]*big.Rat{j: big.NewRat(1, 1)}, false, new(big.Rat).SetInt(u)})
	}
	if len(free) > lpMaxVars || len(rows) > lpMaxRows {
		return lpUnknown, nil, 0
	}
	if len(free) == 0 {
		return lpFeasible, fixedSolution(s), 0
	}

	// Columns: free vars, then one slack per <= row, then artificials.
	n := len(free)
	m := len(rows)
	nSlack := 0
	for _, r := range rows {
		if !r.eq {
			nSlack++
		}
	}
	nArt := 0
	type plan struct{ slack, art int }
	plans := make([]plan, m)
	sc := n
	for i, r := range rows {
		plans[i] = plan{-1, -1}
		if !r.eq {
			plans[i].slack = sc
			sc++
		}
	}
	ac := n + nSlack
	for i, r := range rows {
		// A <= row with rhs >= 0 starts with its slack basic.
		if r.eq || r.rhs.Sign() < 0 {
			plans[i].art = ac
			ac++
			nArt++
		}
	}
	ncol := n + nSlack + nArt
	tab := make([][]*big.Rat, m)
	b := make([]*big.Rat, m)
	basis := make([]int, m)
	// One slab holds every cell (a zero big.Rat is 0): most cells stay
	// zero, and a cell allocated apiece was most of a small check's time.
	cells := make([]big.Rat, m*ncol)
	for i, r := range rows {
		tab[i] = make([]*big.Rat, ncol)
		for j := range tab[i] {
			tab[i][j] = &cells[i*ncol+j]
		}
		for c, x := range r.a {
			tab[i][c].Set(x)
		}
		if plans[i].slack >= 0 {
			tab[i][plans[i].slack].SetInt64(1)
		}
		b[i] = new(big.Rat).Set(r.rhs)
		if b[i].Sign() < 0 {
			for j := range tab[i] {
				tab[i][j].Neg(tab[i][j])
			}
			b[i].Neg(b[i])
		}
		if plans[i].art >= 0 {
			tab[i][plans[i].art].SetInt64(1)
			basis[i] = plans[i].art
		} else {
			basis[i] = plans[i].slack
		}
	}
	// Phase-1 objective: minimise the sum of artificials. Reduced costs
	// d_j = -sum over artificial-basic rows of tab[i][j], for non-artificials.
	isArt := func(j int) bool { return j >= n+nSlack }
	d := make([]*big.Rat, ncol)
	obj := new(big.Rat)
	dcells := make([]big.Rat, ncol)
	for j := range d {
		d[j] = &dcells[j]
	}
	for i := range rows {
		if isArt(basis[i]) {
			for j := 0; j < ncol; j++ {
				if !isArt(j) && tab[i][j].Sign() != 0 {
					d[j].Sub(d[j], tab[i][j])
				}
			}
			obj.Add(obj, b[i])
		}
	}
	pivots := 0
	tmp := new(big.Rat)
	for obj.Sign() > 0 {
		enter := -1
		for j := 0; j < ncol; j++ {
			if d[j].Sign() < 0 {
				enter = j
				break
			}
		}
		if enter < 0 {
			break // optimal with a positive sum of artificials
		}
		leave := -1
		var best *big.Rat
		for i := 0; i < m; i++ {
			if tab[i][enter].Sign() <= 0 {
				continue
			}
			ratio := new(big.Rat).Quo(b[i], tab[i][enter])
			if leave < 0 || ratio.Cmp(best) < 0 || (ratio.Cmp(best) == 0 && basis[i] < basis[leave]) {
				leave, best = i, ratio
			}
		}
		if leave < 0 {
			break // unbounded direction cannot happen with a bounded objective
		}
		pivots++
		if pivots > lpMaxPivots {
			return lpUnknown, nil, pivots
		}
		// Normalise the pivot row.
		p := new(big.Rat).Set(tab[leave][enter])
		for j := 0; j < ncol; j++ {
			if tab[leave][j].Sign() != 0 {
				tab[leave][j].Quo(tab[leave][j], p)
			}
		}
		b[leave].Quo(b[leave], p)
		for i := 0; i < m; i++ {
			f := tab[i][enter]
			if i == leave || f.Sign() == 0 {
				continue
			}
			f = new(big.Rat).Set(f)
			for j := 0; j < ncol; j++ {
				if tab[leave][j].Sign() != 0 {
					tab[i][j].Sub(tab[i][j], tmp.Mul(f, tab[leave][j]))
				}
			}
			b[i].Sub(b[i], tmp.Mul(f, b[leave]))
		}
		if f := new(big.Rat).Set(d[enter]); f.Sign() != 0 {
			for j := 0; j < ncol; j++ {
				if tab[leave][j].Sign() != 0 && !isArt(j) {
					d[j].Sub(d[j], tmp.Mul(f, tab[leave][j]))
				}
			}
			obj.Add(obj, tmp.Mul(f, b[leave]))
		}
		basis[leave] = enter
	}
	if obj.Sign() > 0 {
		return lpInfeasible, nil, pivots
	}
	sol := make([]*big.Rat, len(s.lo))
	for v := range s.lo {
		sol[v] = new(big.Rat).SetInt(s.lo[v])
	}
	for i, j := range basis {
		if j < n {
			sol[free[j]].Add(sol[free[j]], b[i])
		}
	}
	return lpFeasible, sol, pivots
}

func fixedSolution(s *system) []*big.Rat {
	sol := make([]*big.Rat, len(s.lo))
	for v := range s.lo {
		sol[v] = new(big.Rat).SetInt(s.lo[v])
	}
	return sol
}
