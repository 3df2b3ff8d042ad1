package fpdiff

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/fp"
	ref "github.com/sift-solver/sift/internal/fpref"
)

// Assignment gives the variables values, by name.
type Assignment map[string]value

// point is a place where the theory leaves the result open: fp.min or
// fp.max of opposite zeros (options: either argument), fp.to_ubv or
// fp.to_sbv out of range (any m-bit result).
type point struct {
	op      string
	m       uint32
	f       fp.Format // of the floating-point argument
	args    []value
	options []value // nil: any m-bit vector
}

func (p point) key() string { return fmt.Sprintf("%s %d %s", p.op, p.m, pointName("", p.args)) }

// chooser fixes the open results.
type chooser func(p point) (value, error)

// errChoices stops a search over choices that grew too large.
var errChoices = errors.New("too many unspecified results to search")

// eval computes n under a with the reference arithmetic of internal/fpref.
func eval(n *node, a Assignment, choose chooser) (value, error) {
	if n.op == "var" {
		v, ok := a[n.name]
		if !ok {
			return defaultValue(n), nil
		}
		return v, nil
	}
	if n.op == "const" {
		return n.val, nil
	}
	// ite evaluates only the branch taken.
	if n.op == "ite" {
		c, err := eval(n.args[0], a, choose)
		if err != nil {
			return value{}, err
		}
		if c.b {
			return eval(n.args[1], a, choose)
		}
		return eval(n.args[2], a, choose)
	}
	vs := make([]value, len(n.args))
	for i, x := range n.args {
		v, err := eval(x, a, choose)
		if err != nil {
			return value{}, err
		}
		vs[i] = v
	}
	f := n.f
	rmOf := func() fp.RoundingMode { return vs[0].rm }
	fl := func(v fp.Value) (value, error) { return value{f: v}, nil }
	bo := func(b bool) (value, error) { return value{b: b}, nil }
	cmp := func() (int, bool) { return ref.Cmp(vs[0].f, vs[1].f) }
	switch n.op {
	case "fp.add":
		return fl(ref.Add(rmOf(), vs[1].f, vs[2].f))
	case "fp.sub":
		return fl(ref.Sub(rmOf(), vs[1].f, vs[2].f))
	case "fp.mul":
		return fl(ref.Mul(rmOf(), vs[1].f, vs[2].f))
	case "fp.div":
		return fl(ref.Div(rmOf(), vs[1].f, vs[2].f))
	case "fp.fma":
		return fl(ref.Fma(rmOf(), vs[1].f, vs[2].f, vs[3].f))
	case "fp.sqrt":
		return fl(ref.Sqrt(rmOf(), vs[1].f))
	case "fp.roundToIntegral":
		return fl(ref.RoundToIntegral(rmOf(), vs[1].f))
	case "fp.rem":
		return fl(ref.Rem(vs[0].f, vs[1].f))
	case "fp.neg":
		return fl(ref.Neg(vs[0].f))
	case "fp.abs":
		if vs[0].f.IsNegative() {
			return fl(ref.Neg(vs[0].f))
		}
		return fl(vs[0].f)
	case "fp.min", "fp.max":
		r, ok := ref.MinMax(vs[0].f, vs[1].f, n.op == "fp.max")
		if ok {
			return fl(r)
		}
		return choose(point{op: n.op, f: vs[0].f.Format(), args: vs, options: []value{vs[0], vs[1]}})
	case "to_fp":
		switch {
		case len(vs) == 1:
			return fl(fp.FromBits(f, vs[0].bv))
		case n.args[1].kind == kFloat:
			return fl(ref.Convert(f, rmOf(), vs[1].f))
		}
		return fl(ref.FromInt(f, rmOf(), vs[1].bv.Signed()))
	case "to_fp_unsigned":
		return fl(ref.FromInt(f, rmOf(), vs[1].bv.Big()))
	case "fp":
		return fl(fp.FromComponents(vs[0].bv, vs[1].bv, vs[2].bv))
	case "fp.to_ubv", "fp.to_sbv":
		m := n.idx[0]
		one := big.NewInt(1)
		lo, hi := new(big.Int), new(big.Int).Sub(new(big.Int).Lsh(one, uint(m)), one)
		if n.op == "fp.to_sbv" {
			lo = new(big.Int).Neg(new(big.Int).Lsh(one, uint(m-1)))
			hi = new(big.Int).Sub(new(big.Int).Lsh(one, uint(m-1)), one)
		}
		k, ok := ref.ToInt(rmOf(), vs[1].f, lo, hi)
		if ok {
			return value{bv: bv.FromBig(m, k)}, nil
		}
		return choose(point{op: n.op, m: m, f: vs[1].f.Format(), args: vs})
	case "fp.leq":
		c, ok := cmp()
		return bo(ok && c <= 0)
	case "fp.lt":
		c, ok := cmp()
		return bo(ok && c < 0)
	case "fp.geq":
		c, ok := cmp()
		return bo(ok && c >= 0)
	case "fp.gt":
		c, ok := cmp()
		return bo(ok && c > 0)
	case "fp.eq":
		c, ok := cmp()
		return bo(ok && c == 0)
	case "fp.isNormal":
		return bo(vs[0].f.IsNormal())
	case "fp.isSubnormal":
		return bo(vs[0].f.IsSubnormal())
	case "fp.isZero":
		return bo(vs[0].f.IsZero())
	case "fp.isInfinite":
		return bo(vs[0].f.IsInf())
	case "fp.isNaN":
		return bo(vs[0].f.IsNaN())
	case "fp.isNegative":
		return bo(vs[0].f.IsNegative())
	case "fp.isPositive":
		return bo(vs[0].f.IsPositive())
	case "=":
		switch n.args[0].kind {
		case kFloat:
			return bo(vs[0].f.Equal(vs[1].f))
		case kRM:
			return bo(vs[0].rm == vs[1].rm)
		}
		return bo(vs[0].bv.Equal(vs[1].bv))
	case "not":
		return bo(!vs[0].b)
	case "and":
		return bo(vs[0].b && vs[1].b)
	case "or":
		return bo(vs[0].b || vs[1].b)
	case "bvult":
		return bo(bv.Ult(vs[0].bv, vs[1].bv))
	case "bvslt":
		return bo(bv.Slt(vs[0].bv, vs[1].bv))
	case "bvadd":
		return value{bv: bv.Add(vs[0].bv, vs[1].bv)}, nil
	case "extract":
		return value{bv: bv.Extract(vs[0].bv, n.idx[0], n.idx[1])}, nil
	}
	return value{}, fmt.Errorf("fpdiff: no evaluation of %s", n.op)
}

func defaultValue(n *node) value {
	switch n.kind {
	case kFloat:
		return value{f: fp.Zero(n.f, false)}
	case kBV:
		return value{bv: bv.Zero(n.w)}
	}
	return value{}
}

func pointName(op string, vs []value) string {
	s := op
	for _, v := range vs {
		switch {
		case v.f.IsValid():
			s += " " + v.f.String()
		case v.bv.IsValid():
			s += " " + v.bv.String()
		default:
			s += " " + v.rm.String()
		}
	}
	return s
}

// Holds reports whether every root is true under a with the results left
// open chosen by choose.
func (fo Formula) Holds(a Assignment, choose chooser) (bool, error) {
	for _, r := range fo.Roots {
		v, err := eval(r, a, choose)
		if err != nil {
			return false, err
		}
		if !v.b {
			return false, nil
		}
	}
	return true, nil
}

// Satisfiable reports whether some choice of the open results makes every
// root true under a: a depth-first search over the choices at the points
// the evaluation meets (each point keeps its choice), up to maxTries
// evaluations.
func (fo Formula) Satisfiable(a Assignment) (bool, error) {
	const maxTries = 4096
	tries := 0
	fixed := map[string]value{}
	var search func() (bool, error)
	search = func() (bool, error) {
		tries++
		if tries > maxTries {
			return false, errChoices
		}
		var open string // the first point met with no choice yet
		var opts []value
		var bits uint32
		choose := func(p point) (value, error) {
			if v, ok := fixed[p.key()]; ok {
				return v, nil
			}
			if open == "" {
				open, opts, bits = p.key(), p.options, p.m
			}
			if p.options != nil {
				return p.options[0], nil
			}
			return value{bv: bv.Zero(p.m)}, nil
		}
		ok, err := fo.Holds(a, choose)
		if err != nil || ok || open == "" {
			return ok, err
		}
		if opts == nil {
			for x := uint64(0); x < 1<<bits; x++ {
				opts = append(opts, value{bv: bv.New(bits, x)})
			}
		}
		for _, o := range opts {
			fixed[open] = o
			if ok, err := search(); ok || err != nil {
				return ok, err
			}
		}
		delete(fixed, open)
		return false, nil
	}
	return search()
}
