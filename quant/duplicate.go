package quant

import (
	"context"
	"math/big"

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
// cells the other instances read, except the cells in skip. It returns nil
// when some range cannot be enumerated within limit.
func Duplicate(ctx context.Context, q *Query, m *term.Model, skip map[cell]bool, limit uint64) *term.Model {
	st := q.Store
	md := cloneModel(m)
	for _, f := range q.Foralls {
		ev := term.NewEvaluator(st, md)
		lo, hi, ok, err := f.instances(ev, limit)
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
