package arrays

import "math/big"

// system is a set of linear constraints over bounded integer variables:
// every variable has finite bounds lo <= x <= hi, and every row says
// sum(coef*x) <= rhs or sum(coef*x) = rhs. All numbers are exact.
type system struct {
	lo, hi []*big.Int
	rows   []row
	// occurs lists, per variable, the rows it appears in (for propagation).
	occurs [][]int
}

// lin is one coefficient of a row.
type lin struct {
	v int
	c *big.Int
}

type row struct {
	terms []lin
	eq    bool // sum = rhs; otherwise sum <= rhs
	rhs   *big.Int
}

// newVar adds a variable with bounds [lo, hi] and returns its index.
func (s *system) newVar(lo, hi *big.Int) int {
	s.lo = append(s.lo, new(big.Int).Set(lo))
	s.hi = append(s.hi, new(big.Int).Set(hi))
	s.occurs = append(s.occurs, nil)
	return len(s.lo) - 1
}

// addRow adds sum(terms) (= or <=) rhs, merging repeated variables.
func (s *system) addRow(terms []lin, eq bool, rhs *big.Int) {
	merged := make([]lin, 0, len(terms))
	pos := map[int]int{}
	for _, t := range terms {
		if i, ok := pos[t.v]; ok {
			merged[i].c = new(big.Int).Add(merged[i].c, t.c)
			continue
		}
		pos[t.v] = len(merged)
		merged = append(merged, lin{t.v, new(big.Int).Set(t.c)})
	}
	kept := merged[:0]
	for _, t := range merged {
		if t.c.Sign() != 0 {
			kept = append(kept, t)
		}
	}
	r := len(s.rows)
	s.rows = append(s.rows, row{terms: kept, eq: eq, rhs: new(big.Int).Set(rhs)})
	for _, t := range kept {
		s.occurs[t.v] = append(s.occurs[t.v], r)
	}
}

// clone copies the bounds (rows are shared: they are never modified).
func (s *system) clone() *system {
	c := &system{rows: s.rows, occurs: s.occurs}
	c.lo = make([]*big.Int, len(s.lo))
	c.hi = make([]*big.Int, len(s.hi))
	for i := range s.lo {
		c.lo[i] = new(big.Int).Set(s.lo[i])
		c.hi[i] = new(big.Int).Set(s.hi[i])
	}
	return c
}

func pow2(n uint32) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(n)) }

// maxOf returns 2^n - 1, the largest unsigned n-bit value.
func maxOf(n uint32) *big.Int { return new(big.Int).Sub(pow2(n), big.NewInt(1)) }

// floorDiv returns floor(a/b) for b != 0.
func floorDiv(a, b *big.Int) *big.Int {
	q, m := new(big.Int).QuoRem(a, b, new(big.Int))
	if m.Sign() != 0 && (m.Sign() < 0) != (b.Sign() < 0) {
		q.Sub(q, big.NewInt(1))
	}
	return q
}

// ceilDiv returns ceil(a/b) for b != 0.
func ceilDiv(a, b *big.Int) *big.Int {
	q, m := new(big.Int).QuoRem(a, b, new(big.Int))
	if m.Sign() != 0 && (m.Sign() < 0) == (b.Sign() < 0) {
		q.Add(q, big.NewInt(1))
	}
	return q
}
