package preprocess

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// Injective sums: an equation Σ c_i·a_i = Σ c_i·b_i modulo 2^w whose
// leaves are narrow values zero-extended (a_i, b_i ≤ M_i) is the
// conjunction a_i = b_i when no nonzero difference vector d, with
// d_i = a_i - b_i in [-M_i, M_i], has Σ c_i·d_i ≡ 0. That is the shape of
// a polynomial string hash compared with another (Rabin-Karp's
// h = h·P + c over the bytes of two windows): for short windows the hash
// is injective and the equation is the windows' equality, which the
// bit-blaster would otherwise have to prove by inverting a chain of
// multiplications. Whether the map is injective depends only on the
// coefficients and the bounds; it is decided by meeting in the middle
// over the differences and remembered.

// maxInjectiveHalf bounds the difference vectors enumerated per half.
const maxInjectiveHalf = 1 << 18

// injectivePair is one leaf pair: a with coefficient c, b with -c.
type injectivePair struct {
	a, b   term.Term
	c      uint64
	ma, mb uint64 // bounds of a and b
}

// zextBound returns M for a leaf (concat 0_k x) or ((_ zero_extend k) x):
// x ≤ 2^n-1 for x of width n.
func (r *rewriter) zextBound(x term.Term) (uint64, bool) {
	st := r.st
	switch {
	case st.Op(x) == term.OpZeroExtend:
	case st.Op(x) == term.OpConcat && st.NumArgs(x) == 2:
		if hi := st.Arg(x, 0); !r.isConst(hi) || !st.Value(hi).IsZero() {
			return 0, false
		}
	default:
		return 0, false
	}
	n := r.width(st.Arg(x, st.NumArgs(x)-1))
	if n >= 32 {
		return 0, false
	}
	return 1<<n - 1, true
}

// injectivePairs splits the linear form l (zero constant) into leaf pairs
// with opposite coefficients, every leaf zero-extended; ok is false when
// it does not have that shape.
func (r *rewriter) injectivePairs(l *linear) ([]injectivePair, bool) {
	w := l.w
	if w > 64 || len(l.coef) < 2 || len(l.coef)%2 != 0 || !l.k.IsZero() {
		return nil, false
	}
	mask := ^uint64(0) >> (64 - w)
	byCoef := map[uint64]term.Term{}
	for _, x := range l.leaves() {
		c, ok := l.coef[x].Uint64()
		if !ok {
			return nil, false
		}
		if _, dup := byCoef[c]; dup || c == -c&mask {
			return nil, false // a repeated coefficient is never injective
		}
		byCoef[c] = x
	}
	var ps []injectivePair
	for _, x := range l.leaves() {
		c, _ := l.coef[x].Uint64()
		if !signedPositive(l.coef[x]) {
			continue
		}
		y, ok := byCoef[-c&mask]
		if !ok {
			return nil, false
		}
		ma, okA := r.zextBound(x)
		mb, okB := r.zextBound(y)
		if !okA || !okB {
			return nil, false
		}
		ps = append(ps, injectivePair{a: x, b: y, c: c, ma: ma, mb: mb})
	}
	if 2*len(ps) != len(l.coef) {
		return nil, false
	}
	return ps, true
}

// injectiveCache remembers the verdict of injective per coefficient
// vector, bounds and width.
var injectiveCache sync.Map // string -> bool

// injective reports whether Σ c_i·d_i ≡ 0 (mod 2^w) with d_i in
// [-mb_i, ma_i] forces d = 0; ok is false when the enumeration would pass
// maxInjectiveHalf vectors in a half.
func injective(w uint32, ps []injectivePair) (inj, ok bool) {
	var key strings.Builder
	fmt.Fprintf(&key, "%d", w)
	for _, p := range ps {
		fmt.Fprintf(&key, ",%x:%x:%x", p.c, p.ma, p.mb)
	}
	if v, hit := injectiveCache.Load(key.String()); hit {
		r := v.(int)
		return r == 1, r >= 0
	}
	inj, ok = meetInMiddle(w, ps)
	r := -1
	if ok {
		r = 0
		if inj {
			r = 1
		}
	}
	injectiveCache.Store(key.String(), r)
	return inj, ok
}

// meetInMiddle decides injective: the pairs split in two halves, each
// half's sums over its nonzero difference vectors; a nonzero d sums to 0
// iff a half's nonzero vector does, or the halves' sums cancel.
func meetInMiddle(w uint32, ps []injectivePair) (inj, ok bool) {
	mask := ^uint64(0) >> (64 - w)
	size := func(qs []injectivePair) uint64 {
		n := uint64(1)
		for _, q := range qs {
			n *= q.ma + q.mb + 1
			if n > maxInjectiveHalf {
				return n
			}
		}
		return n
	}
	cut := 0
	for cut < len(ps) && size(ps[:cut+1]) <= maxInjectiveHalf {
		cut++
	}
	if size(ps[cut:]) > maxInjectiveHalf {
		return false, false
	}
	// sums calls f with Σ c_i·d_i of every nonzero vector of qs.
	sums := func(qs []injectivePair, f func(uint64) bool) bool {
		var rec func(i int, acc uint64, nonzero bool) bool
		rec = func(i int, acc uint64, nonzero bool) bool {
			if i == len(qs) {
				return !nonzero || f(acc&mask)
			}
			q := qs[i]
			for d := -int64(q.mb); d <= int64(q.ma); d++ {
				if !rec(i+1, acc+uint64(d)*q.c, nonzero || d != 0) {
					return false
				}
			}
			return true
		}
		return rec(0, 0, false)
	}
	left := map[uint64]struct{}{}
	if !sums(ps[:cut], func(s uint64) bool { left[s] = struct{}{}; return s != 0 }) {
		return false, true
	}
	return sums(ps[cut:], func(s uint64) bool {
		if s == 0 {
			return false
		}
		_, hit := left[-s&mask]
		return !hit
	}), true
}

// Σ c_i·a_i = Σ c_i·b_i over zero-extended leaves, injective: ∧ a_i = b_i.
var ruleEqInjective = &rule{name: "eq-injective", ops: ops(term.OpEq),
	apply: func(r *rewriter, t term.Term) (term.Term, bool) {
		st := r.st
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if !st.IsBitVec(st.SortOf(a)) {
			return t, false
		}
		l := r.lin(a).addScaled(r.lin(b), bv.Ones(r.width(a)))
		if l == nil {
			return t, false
		}
		ps, ok := r.injectivePairs(l)
		if !ok {
			return t, false
		}
		if inj, ok := injective(l.w, ps); !ok || !inj {
			return t, false
		}
		eqs := make([]term.Term, len(ps))
		for i, p := range ps {
			eqs[i] = r.eq(p.a, p.b)
		}
		slices.Sort(eqs)
		if len(eqs) == 1 {
			return eqs[0], true
		}
		return r.and(eqs...), true
	},
	examples: []string{
		"(= (bvmul ((_ zero_extend 1) ((_ extract %H 1) x)) #3) (bvmul ((_ zero_extend 1) ((_ extract %H 1) y)) #3))",
		"(= (bvadd (bvmul ((_ zero_extend 2) ((_ extract %H 2) x)) #5) ((_ zero_extend 2) ((_ extract %H 2) y))) " +
			"(bvadd (bvmul ((_ zero_extend 2) ((_ extract %H 2) y)) #5) ((_ zero_extend 2) ((_ extract %H 2) x))))",
	}}
