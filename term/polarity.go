package term

// Polarity says how a subformula occurs in a formula: below an even or an odd
// number of negations only (the premises of ⇒ count as negated), or, inside
// any other term (ite conditions, xor, equalities of formulas), both.
type Polarity uint8

const (
	Positive Polarity = iota
	Negative
	Both
)

// Flip is the polarity below one more negation.
func (p Polarity) Flip() Polarity {
	switch p {
	case Positive:
		return Negative
	case Negative:
		return Positive
	}
	return Both
}

// ArgPolarity is the polarity of argument i of the n arguments of an op
// application that occurs at polarity p. (=> a b c) reads a ⇒ (b ⇒ c): every
// argument but the last is a premise.
func ArgPolarity(op Op, i, n int, p Polarity) Polarity {
	switch op {
	case OpAnd, OpOr:
		return p
	case OpNot:
		return p.Flip()
	case OpImplies:
		if i < n-1 {
			return p.Flip()
		}
		return p
	}
	return Both
}
