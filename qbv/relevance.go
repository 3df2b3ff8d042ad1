package qbv

import "github.com/sift-solver/sift/term"

// Atoms the ground model does not need. A ground model gives every atom a
// value, but a disjunction made true by one disjunct leaves the atoms of
// the others free: ∃y₁∀y₂y₃.φ ∨ ψ with ψ true needs no proof that the ∃
// is false, and that proof (a nested counterexample search) may not end.
// An atom is left unproved when the input assertions, and the Skolem
// lemmas of the false atoms, stay true in the three-valued evaluation that
// takes the atoms left unproved as unknown: the input then holds whatever
// those quantifiers' truth is, and the proofs of the other atoms (a check
// for a true one, the Skolem witness of its lemma for a false one) do not
// rest on them. Instance lemmas are consequences, which the sat answer
// does not need.

// truth is a three-valued Boolean.
type truth uint8

const (
	tvFalse truth = iota
	tvTrue
	tvUnknown
)

// unneeded returns the atoms among cands (true under m) that the ground
// problem does not need, chosen greedily in order.
func (r *run) unneeded(m *term.Model, cands []*quantifier) map[term.Term]bool {
	if len(cands) == 0 {
		return nil
	}
	st := r.st
	ev := term.NewEvaluator(st, m)
	free := map[term.Term]bool{}
	for _, q := range cands {
		free[q.atom] = true
		if !r.allTrue(ev, free) {
			delete(free, q.atom)
		}
	}
	if len(free) == 0 {
		return nil
	}
	return free
}

// allTrue reports whether the input assertions and the Skolem lemmas of
// the atoms false under the evaluator's model are true with the atoms in
// free unknown.
func (r *run) allTrue(ev *term.Evaluator, free map[term.Term]bool) bool {
	memo := map[term.Term]truth{}
	mentions := map[term.Term]bool{}
	for _, a := range r.asserted[:r.inputs] {
		if r.value3(ev, a, free, memo, mentions) != tvTrue {
			return false
		}
	}
	for _, q := range r.quants {
		if free[q.atom] {
			continue
		}
		b, err := ev.EvalBool(q.atom)
		if err != nil {
			return false
		}
		if b {
			continue
		}
		if q.skolem == term.NoTerm {
			// Its lemma comes in this round, which therefore ends
			// without an answer (solve.go checks again before sat).
			continue
		}
		if r.value3(ev, q.skolem, free, memo, mentions) != tvTrue {
			return false
		}
	}
	return true
}

// mentionsFree reports whether t contains an atom of free (memoised).
func (r *run) mentionsFree(t term.Term, free map[term.Term]bool, memo map[term.Term]bool) bool {
	if v, ok := memo[t]; ok {
		return v
	}
	st := r.st
	v := free[t]
	for i := 0; !v && i < st.NumArgs(t); i++ {
		v = r.mentionsFree(st.Arg(t, i), free, memo)
	}
	memo[t] = v
	return v
}

// value3 is the three-valued value of the Boolean term t.
func (r *run) value3(ev *term.Evaluator, t term.Term, free map[term.Term]bool, memo map[term.Term]truth, mentions map[term.Term]bool) truth {
	if v, ok := memo[t]; ok {
		return v
	}
	st := r.st
	var v truth
	switch {
	case free[t]:
		v = tvUnknown
	case !r.mentionsFree(t, free, mentions):
		b, err := ev.EvalBool(t)
		switch {
		case err != nil:
			v = tvUnknown
		case b:
			v = tvTrue
		default:
			v = tvFalse
		}
	default:
		args := st.Args(t)
		sub := func(i int) truth { return r.value3(ev, args[i], free, memo, mentions) }
		switch st.Op(t) {
		case term.OpNot:
			v = not3(sub(0))
		case term.OpAnd:
			v = tvTrue
			for i := range args {
				v = and3(v, sub(i))
				if v == tvFalse {
					break
				}
			}
		case term.OpOr:
			v = tvFalse
			for i := range args {
				v = not3(and3(not3(v), not3(sub(i))))
				if v == tvTrue {
					break
				}
			}
		case term.OpImplies:
			// a₁ ⇒ … ⇒ aₙ ⇒ b is ¬a₁ ∨ … ∨ ¬aₙ ∨ b.
			v = sub(len(args) - 1)
			for i := 0; i < len(args)-1 && v != tvTrue; i++ {
				v = not3(and3(not3(v), sub(i)))
			}
		case term.OpIte:
			if !st.IsBool(st.SortOf(t)) {
				v = tvUnknown
				break
			}
			switch c := sub(0); c {
			case tvTrue:
				v = sub(1)
			case tvFalse:
				v = sub(2)
			default:
				if a, b := sub(1), sub(2); a == b {
					v = a
				} else {
					v = tvUnknown
				}
			}
		default:
			v = tvUnknown
		}
	}
	memo[t] = v
	return v
}

func not3(a truth) truth {
	switch a {
	case tvTrue:
		return tvFalse
	case tvFalse:
		return tvTrue
	}
	return tvUnknown
}

func and3(a, b truth) truth {
	switch {
	case a == tvFalse || b == tvFalse:
		return tvFalse
	case a == tvTrue && b == tvTrue:
		return tvTrue
	}
	return tvUnknown
}
