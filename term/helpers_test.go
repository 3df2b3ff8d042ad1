package term

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/sift-solver/sift/bv"
)

// val parses a test literal into a w-bit value: a decimal or 0x numeral, an
// optional leading minus (two's complement), "a<<b" for a shifted power, or
// "ones".
func val(w uint32, s string) bv.Value {
	if s == "ones" {
		return bv.Ones(w)
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var x *big.Int
	if a, b, ok := strings.Cut(s, "<<"); ok {
		base, ok1 := new(big.Int).SetString(a, 0)
		sh, err := strconv.Atoi(b)
		if !ok1 || err != nil {
			panic("bad literal " + s)
		}
		x = new(big.Int).Lsh(base, uint(sh))
	} else {
		var ok bool
		x, ok = new(big.Int).SetString(s, 0)
		if !ok {
			panic("bad literal " + s)
		}
	}
	if neg {
		x.Neg(x)
	}
	return bv.FromBig(w, x)
}

// bvVar returns a fresh w-bit variable of st assigned v in m.
func bvVar(st *Store, m *Model, name string, v bv.Value) Term {
	x := st.Var(name, st.BitVecSort(v.Width()))
	m.Set(x, st.BVValue(v))
	return x
}

// boolVar returns a Bool variable of st assigned b in m.
func boolVar(st *Store, m *Model, name string, b bool) Term {
	x := st.Var(name, st.BoolSort())
	m.Set(x, BoolValue(b))
	return x
}

// mustEval evaluates t under m and fails the test on error.
func mustEval(t *testing.T, st *Store, tm Term, m *Model) Value {
	t.Helper()
	v, err := st.Eval(tm, m)
	if err != nil {
		t.Fatalf("Eval: %v", err)
	}
	return v
}

func showValue(v Value) string {
	switch v.Kind {
	case ValBool:
		return fmt.Sprint(v.Bool)
	case ValBV:
		return v.BV.String()
	}
	return v.Key()
}
