package merge

import (
	"fmt"
	"math/big"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// equation is one row of a synthesis task φ[d/x] ≐ ψ (seed 000 §3.3).
type equation struct {
	d   uint64
	psi term.Term
}

// synthesizer solves synthesis tasks over one store. x is the 64-bit
// placeholder of the formula patterns it returns; y placeholders stand for
// the abstracted constant during anti-unification.
type synthesizer struct {
	st *term.Store
	x  term.Term
}

func newSynthesizer(st *term.Store) *synthesizer {
	return &synthesizer{st: st, x: st.Var("merge!x", st.BitVecSort(64))}
}

// maxCandidates bounds the solutions of a·δ ≡ Δ (mod 2^w) tried when δ is
// even and a is not unique.
const maxCandidates = 16

// solve returns φ(x) with φ[d/x] ≐ ψ for every equation, or false. The ψ
// must be syntactically identical up to one numeric constant y (which may
// occur at several positions): θ[γ_ℓ/y] ≐ ψ_ℓ. The constant must then be
// a·d+b for constants a, b, found exactly modulo 2^w; the candidate is
// accepted only after φ[d/x] ≐ ψ is checked for every equation, on terms
// normalised by the store's builder.
//
// One extension of the paper: a position may hold y+c for a constant c
// that is the same in every ψ_ℓ (as the reference implementation's
// per-literal systems allow), so the tail x−1 < n ∧ s[x−2] = 'a' is one
// pattern. Positions whose offsets vary across the ψ still fail (seed 000
// E5: (0,0) and (1,5) have no common y).
func (s *synthesizer) solve(eqs []equation) (term.Term, bool) {
	if len(eqs) == 0 {
		return term.NoTerm, false
	}
	au := &antiUnifier{st: s.st, n: len(eqs), memo: map[string]term.Term{}}
	psis := make([]term.Term, len(eqs))
	for l, e := range eqs {
		psis[l] = e.psi
	}
	theta, ok := au.unify(psis)
	if !ok {
		return term.NoTerm, false
	}
	if au.width == 0 {
		// all ψ equal: φ does not depend on x (but equal ψ at two different
		// d is still a valid pattern)
		return theta, true
	}
	for _, ab := range linearSolutions(eqs, au.gamma, au.width) {
		sub := make(map[term.Term]term.Term, len(au.holes))
		for _, h := range au.holes {
			b := new(big.Int).Add(ab[1], h.c.Big())
			sub[h.y] = s.affine(ab[0], b.Mod(b, new(big.Int).Lsh(big.NewInt(1), uint(au.width))), au.width)
		}
		phi := s.st.Substitute(theta, sub)
		if s.validate(phi, eqs) {
			return phi, true
		}
	}
	return term.NoTerm, false
}

// affine builds a·x+b at width w (x truncated or zero-extended to w bits).
func (s *synthesizer) affine(a, b *big.Int, w uint32) term.Term {
	st := s.st
	xw := s.x
	switch {
	case w < 64:
		xw = st.MustMake(term.OpExtract, []uint32{w - 1, 0}, s.x)
	case w > 64:
		xw = st.MustMake(term.OpZeroExtend, []uint32{w - 64}, s.x)
	}
	ax := st.MustMake(term.OpBVMul, nil, st.Const(bv.FromBig(w, a)), xw)
	return st.MustMake(term.OpBVAdd, nil, ax, st.Const(bv.FromBig(w, b)))
}

// at returns φ[d/x].
func (s *synthesizer) at(phi term.Term, d uint64) term.Term {
	return s.st.Substitute(phi, map[term.Term]term.Term{s.x: s.st.ConstUint64(64, d)})
}

// atTerm returns φ[t/x].
func (s *synthesizer) atTerm(phi, t term.Term) term.Term {
	return s.st.Substitute(phi, map[term.Term]term.Term{s.x: t})
}

func (s *synthesizer) validate(phi term.Term, eqs []equation) bool {
	for _, e := range eqs {
		if s.at(phi, e.d) != e.psi {
			return false
		}
	}
	return true
}

// usesX reports whether φ depends on the placeholder.
func (s *synthesizer) usesX(phi term.Term) bool {
	return s.st.Contains(phi, func(t term.Term) bool { return t == s.x })
}

// linearSolutions returns candidate (a, b) with γ_ℓ ≡ a·d_ℓ + b (mod 2^w),
// fitted on the first two equations with distinct d (the others are left to
// the syntactic validation).
func linearSolutions(eqs []equation, gamma []bv.Value, w uint32) [][2]*big.Int {
	mod := new(big.Int).Lsh(big.NewInt(1), uint(w))
	norm := func(z *big.Int) *big.Int { return z.Mod(z, mod) }
	g1 := gamma[0].Big()
	d1 := new(big.Int).SetUint64(eqs[0].d)
	second := -1
	for l := 1; l < len(eqs); l++ {
		if eqs[l].d != eqs[0].d {
			second = l
			break
		}
	}
	if second < 0 {
		return [][2]*big.Int{{new(big.Int), new(big.Int).Set(g1)}}
	}
	g2 := gamma[second].Big()
	d2 := new(big.Int).SetUint64(eqs[second].d)
	delta := norm(new(big.Int).Sub(d2, d1))
	diff := norm(new(big.Int).Sub(g2, g1))
	var as []*big.Int
	if delta.Sign() == 0 {
		// δ ≡ 0: every a fits the two equations when Δ ≡ 0; try a = 0
		if diff.Sign() != 0 {
			return nil
		}
		as = []*big.Int{new(big.Int)}
	} else {
		tz := delta.TrailingZeroBits()
		if diff.Sign() != 0 && diff.TrailingZeroBits() < tz {
			return nil
		}
		m := new(big.Int).Lsh(big.NewInt(1), uint(w)-tz)
		odd := new(big.Int).Rsh(delta, tz)
		inv := new(big.Int).ModInverse(odd, m)
		if m.Cmp(big.NewInt(1)) == 0 {
			inv = new(big.Int)
		}
		a0 := new(big.Int).Rsh(diff, tz)
		a0.Mul(a0, inv).Mod(a0, m)
		for j := int64(0); j < 1<<tz && j < maxCandidates; j++ {
			a := new(big.Int).Mul(big.NewInt(j), m)
			as = append(as, norm(a.Add(a, a0)))
		}
	}
	out := make([][2]*big.Int, 0, len(as))
	for _, a := range as {
		b := new(big.Int).Mul(a, d1)
		out = append(out, [2]*big.Int{a, norm(b.Sub(g1, b))})
	}
	return out
}

// antiUnifier computes θ(y) with θ[γ_ℓ/y] ≐ ψ_ℓ: it walks the ψ in
// parallel; where they all agree it keeps the subterm; where they hold
// different numeric constants it puts a hole. The first hole defines γ_ℓ;
// every other hole must have the same width and hold γ_ℓ + c with one
// offset c for all ℓ. Holes with one offset share a placeholder.
type antiUnifier struct {
	st    *term.Store
	n     int
	width uint32     // the holes' width; 0 while there is no hole
	gamma []bv.Value // per equation
	holes []hole     // one per offset
	memo  map[string]term.Term
}

func (a *antiUnifier) unify(ts []term.Term) (term.Term, bool) {
	same := true
	for _, t := range ts[1:] {
		same = same && t == ts[0]
	}
	if same {
		return ts[0], true
	}
	key := fmt.Sprint(ts)
	if r, ok := a.memo[key]; ok {
		return r, r != term.NoTerm
	}
	r, ok := a.unifyNode(ts)
	if !ok {
		r = term.NoTerm
	}
	a.memo[key] = r
	return r, ok
}

func (a *antiUnifier) unifyNode(ts []term.Term) (term.Term, bool) {
	st := a.st
	t0 := ts[0]
	op, sort := st.Op(t0), st.SortOf(t0)
	i0, i1 := st.Indices(t0)
	for _, t := range ts[1:] {
		if st.Op(t) != op || st.SortOf(t) != sort || st.NumArgs(t) != st.NumArgs(t0) {
			return term.NoTerm, false
		}
		if op != term.OpBVConst {
			if j0, j1 := st.Indices(t); j0 != i0 || j1 != i1 {
				return term.NoTerm, false // different indices, or different leaf names
			}
		}
	}
	if op == term.OpBVConst {
		return a.addHole(ts)
	}
	if op.IsLeaf() {
		return term.NoTerm, false // distinct variables or Bool constants
	}
	args := make([]term.Term, st.NumArgs(t0))
	col := make([]term.Term, len(ts))
	for i := range args {
		for l, t := range ts {
			col[l] = st.Arg(t, i)
		}
		r, ok := a.unify(col)
		if !ok {
			return term.NoTerm, false
		}
		args[i] = r
	}
	return st.Rebuild(t0, args), true
}

// hole is the placeholder y+c of one offset c.
type hole struct {
	c bv.Value
	y term.Term
}

// addHole records the constants of one differing position.
func (a *antiUnifier) addHole(ts []term.Term) (term.Term, bool) {
	st := a.st
	w := st.Width(st.SortOf(ts[0]))
	if a.width == 0 {
		a.width = w
		a.gamma = make([]bv.Value, a.n)
		for l, t := range ts {
			a.gamma[l] = st.Value(t)
		}
	}
	if w != a.width {
		return term.NoTerm, false
	}
	c := bv.Sub(st.Value(ts[0]), a.gamma[0])
	for l, t := range ts[1:] {
		if !bv.Sub(st.Value(t), a.gamma[l+1]).Equal(c) {
			return term.NoTerm, false
		}
	}
	for _, h := range a.holes {
		if h.c.Equal(c) {
			return h.y, true
		}
	}
	y := st.Var(fmt.Sprintf("merge!y%d+%s", w, c.Big()), st.SortOf(ts[0]))
	a.holes = append(a.holes, hole{c, y})
	return y, true
}
