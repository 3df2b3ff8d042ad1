package quant

import (
	"context"
	"errors"
	"math/big"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// instances evaluates f's range under ev and returns it as uint64 bounds;
// ok is false when the range is empty or its size exceeds limit (the caller
// then leaves the ∀ alone), and err reports a bound that cannot be evaluated.
func (f *Forall) instances(ev *term.Evaluator, limit uint64) (lo, hi uint64, ok bool, err error) {
	l, h, nonEmpty, err := f.Range(ev)
	if err != nil || !nonEmpty {
		return 0, 0, false, err
	}
	n := new(big.Int).Sub(h, l)
	if !n.IsUint64() || n.Uint64() >= limit || !h.IsUint64() {
		return 0, 0, false, errTooMany
	}
	return l.Uint64(), h.Uint64(), true, nil
}

// Duplicate is stage 2, assignment duplication: for each ∀ and each array
// read in ψ at an i-dependent offset (the first such read per array), the
// value the model gives that read at the first instance is copied to the
// cells the other instances read, except the cells in skip. A range of more
// than limit instances is duplicated wide (duplicateWide). It returns nil
// when some range or value cannot be evaluated.
func Duplicate(ctx context.Context, q *Query, m *term.Model, skip map[cell]bool, limit uint64) *term.Model {
	st := q.Store
	md := cloneModel(m)
	for _, f := range q.Foralls {
		ev := term.NewEvaluator(st, md)
		lo, hi, ok, err := f.instances(ev, limit)
		if errors.Is(err, errTooMany) {
			if !duplicateWide(q, f, md, ev) {
				return nil
			}
			continue
		}
		if err != nil {
			return nil
		}
		if !ok || hi == lo {
			continue
		}
		writes := map[term.Term][2][]term.Value{}
		var order []term.Term
		done := map[term.Term]bool{}
		for _, acc := range f.dependentReads(st) {
			if done[acc.array] {
				continue // the paper's one offset per array
			}
			done[acc.array] = true
			arr := st.ValueOf(md, acc.array)
			if arr.Kind != term.ValArray {
				continue
			}
			first, err := ev.Eval(f.At(st, acc.offset, f.constIndex(st, lo)))
			if err != nil {
				return nil
			}
			v := arr.Arr.Select(first)
			w := writes[acc.array]
			for j := lo + 1; j <= hi; j++ {
				if j&1023 == 0 && ctx.Err() != nil {
					return nil
				}
				off, err := ev.Eval(f.At(st, acc.offset, f.constIndex(st, j)))
				if err != nil {
					return nil
				}
				if skip[cell{acc.array, off.Key()}] {
					continue
				}
				w[0] = append(w[0], off)
				w[1] = append(w[1], v)
			}
			if _, seen := writes[acc.array]; !seen {
				order = append(order, acc.array)
			}
			writes[acc.array] = w
		}
		for _, a := range order {
			arr := st.ValueOf(md, a)
			w := writes[a]
			arr.Arr = writeCells(arr.Arr, w[0], w[1])
			md.Values[a] = arr
		}
	}
	return md
}

// duplicateWide duplicates for a ∀ whose range is too large to write cell
// by cell (an extension of the paper): the first instance's value becomes
// the array's default, so every cell no entry names holds it. Cells that a
// ground read of the query sees keep their value as explicit entries, so
// quantifier-free facts about them survive. It reports false when some
// value cannot be evaluated.
func duplicateWide(q *Query, f *Forall, md *term.Model, ev *term.Evaluator) bool {
	st := q.Store
	lo, _, nonEmpty, err := f.Range(ev)
	if err != nil {
		return false
	}
	if !nonEmpty {
		return true
	}
	first := st.Const(bv.FromBig(f.Width, lo))
	memo := map[term.Term]bool{}
	var ground []access
	for _, c := range q.Conjuncts {
		ground = append(ground, indexedReads(st, c, func(o term.Term) bool { return !st.HasBound(o, memo) })...)
	}
	done := map[term.Term]bool{}
	for _, acc := range f.dependentReads(st) {
		if done[acc.array] {
			continue
		}
		done[acc.array] = true
		arr := st.ValueOf(md, acc.array)
		if arr.Kind != term.ValArray {
			continue
		}
		o, err := ev.Eval(f.At(st, acc.offset, first))
		if err != nil {
			return false
		}
		var idx, elem []term.Value
		for _, g := range ground {
			if g.array != acc.array {
				continue
			}
			u, err := ev.Eval(g.offset)
			if err != nil {
				return false
			}
			idx = append(idx, u)
			elem = append(elem, arr.Arr.Select(u))
		}
		wide := &term.ArrayValue{Default: arr.Arr.Select(o), Index: arr.Arr.Index, Elem: arr.Arr.Elem}
		arr.Arr = writeCells(wide, idx, elem)
		md.Values[acc.array] = arr
	}
	return true
}
