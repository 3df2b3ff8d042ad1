package arrays

import "math/big"

// propagate tightens the variable bounds of s from its rows to a fixpoint,
// or until budget row visits are spent. Each new bound is implied by one row
// and the old bounds, rounded inward to integers, so every integer solution
// of s survives: stopping early is sound. It returns false when some
// variable's bounds cross, i.e. s has no integer solution.
func (s *system) propagate(budget int) (feasible bool, visits int) {
	queued := make([]bool, len(s.rows))
	queue := make([]int, 0, len(s.rows))
	for r := range s.rows {
		queue = append(queue, r)
		queued[r] = true
	}
	for len(queue) > 0 {
		if visits >= budget {
			return true, visits
		}
		r := queue[0]
		queue = queue[1:]
		queued[r] = false
		visits++
		changed, ok := s.tightenRow(&s.rows[r], false)
		if ok && s.rows[r].eq {
			var c2 []int
			c2, ok = s.tightenRow(&s.rows[r], true)
			changed = append(changed, c2...)
		}
		if !ok {
			return false, visits
		}
		for _, v := range changed {
			for _, r2 := range s.occurs[v] {
				if !queued[r2] {
					queued[r2] = true
					queue = append(queue, r2)
				}
			}
		}
	}
	return true, visits
}

// tightenRow applies sum(c*x) <= rhs (or, with neg, -sum(c*x) <= -rhs) to
// every variable of the row. It returns the variables whose bounds moved,
// and false if a contradiction showed.
func (s *system) tightenRow(r *row, neg bool) ([]int, bool) {
	// The row's numbers live in slabs and one temporary: this runs for
	// every row of every array precheck, where an allocation per product
	// was most of its time.
	n := len(r.terms)
	buf := make([]big.Int, 2*n)
	coefs, mins := make([]*big.Int, n), make([]*big.Int, n)
	for i, t := range r.terms {
		coefs[i] = t.c
		if neg {
			coefs[i] = buf[n+i].Neg(t.c)
		}
	}
	rhs := r.rhs
	if neg {
		rhs = new(big.Int).Neg(r.rhs)
	}
	// minSum is the least value the left-hand side can take.
	minSum := new(big.Int)
	for i, t := range r.terms {
		c := coefs[i]
		if c.Sign() > 0 {
			mins[i] = buf[i].Mul(c, s.lo[t.v])
		} else {
			mins[i] = buf[i].Mul(c, s.hi[t.v])
		}
		minSum.Add(minSum, mins[i])
	}
	if minSum.Cmp(rhs) > 0 {
		return nil, false
	}
	var changed []int
	slack := new(big.Int).Sub(rhs, minSum)
	room := new(big.Int)
	for i, t := range r.terms {
		c := coefs[i]
		// c*x <= slack + mins[i]
		room.Add(slack, mins[i])
		if c.Sign() > 0 {
			nb := floorDiv(room, c)
			if nb.Cmp(s.hi[t.v]) < 0 {
				s.hi[t.v] = nb
				changed = append(changed, t.v)
			}
		} else {
			nb := ceilDiv(room, c)
			if nb.Cmp(s.lo[t.v]) > 0 {
				s.lo[t.v] = nb
				changed = append(changed, t.v)
			}
		}
		if s.lo[t.v].Cmp(s.hi[t.v]) > 0 {
			return changed, false
		}
	}
	return changed, true
}

// fixed reports whether variable v has a single value, and returns it.
func (s *system) fixed(v int) (*big.Int, bool) {
	if s.lo[v].Cmp(s.hi[v]) == 0 {
		return s.lo[v], true
	}
	return nil, false
}

var _ = big.NewInt
