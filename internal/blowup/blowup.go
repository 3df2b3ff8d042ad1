package blowup

import (
	"fmt"
	"strings"
)

// Script is one generated problem.
type Script struct {
	Name string
	// Status is the expected answer when known ("sat", "unsat"), else "".
	Status string
	Text   string
}

// Scripts returns the blow-up problems. With small, the two whose size
// is in their text (store chain, ite tree) are a quarter of the size, for
// tests: parsing them is not what they test.
func Scripts(small bool) []Script {
	n := 4
	if small {
		n = 1
	}
	return []Script{
		udivChainArray(1024),
		udivChain(1024),
		mulChain(2048),
		StoreChain(5000*n, 32),
		IteTree(1000*n, 256),
		wideShift(65536),
		uremConst(4096),
	}
}

// ParseScripts returns the deep and wide scripts that stress the parser
// rather than the solver, each of size n: definitions chained n deep (a
// store chain, an ite tree), one term nested n deep (stores, lets) and one
// term n wide. BenchmarkParseBlowup in package smtlib parses them.
func ParseScripts(n int) []Script {
	return []Script{StoreChain(n, 32), NestedStores(n, 32), IteTree(n, 256), LetChain(n, 64), WideSum(n, 64)}
}

// WithFollowUp returns the script with its problem between push and pop,
// followed by a small sat check, for tests that the solver is still usable
// after the big check.
func (s Script) WithFollowUp() string {
	i := strings.Index(s.Text, "\n") + 1 // after set-logic
	return s.Text[:i] + "(push 1)\n" + s.Text[i:] +
		"(pop 1)\n(declare-fun small () (_ BitVec 8))\n(assert (= (bvmul small #x03) #x06))\n(check-sat)\n"
}

func header(b *strings.Builder, logic, status string) {
	fmt.Fprintf(b, "(set-logic %s)\n", logic)
	if status != "" {
		fmt.Fprintf(b, "(set-info :status %s)\n", status)
	}
}

func declBV(b *strings.Builder, w int, names ...string) {
	for _, n := range names {
		fmt.Fprintf(b, "(declare-fun %s () (_ BitVec %d))\n", n, w)
	}
}

// udivChainArray is the case of issue 14: a wide bvudiv chain that differs
// from a read of an array that occurs nowhere else. The read can take any
// value, so the problem is sat at once for unconstrained-term elimination.
func udivChainArray(w int) Script {
	var b strings.Builder
	header(&b, "QF_ABV", "sat")
	declBV(&b, w, "x", "y", "z")
	fmt.Fprintf(&b, "(declare-fun i () (_ BitVec 32))\n(declare-fun a () (Array (_ BitVec 32) (_ BitVec %d)))\n", w)
	b.WriteString("(assert (not (= (bvudiv (bvudiv (bvudiv x y) z) (bvudiv y x)) (select a i))))\n(check-sat)\n")
	return Script{Name: fmt.Sprintf("udiv-chain-array-%d", w), Status: "sat", Text: b.String()}
}

// udivChain is a wide division chain tied to a remainder: no pass removes it.
func udivChain(w int) Script {
	var b strings.Builder
	header(&b, "QF_BV", "")
	declBV(&b, w, "x", "y", "z")
	b.WriteString("(assert (bvugt y (_ bv1 " + fmt.Sprint(w) + ")))\n")
	b.WriteString("(assert (= (bvudiv (bvudiv x y) z) (bvurem (bvmul x z) y)))\n")
	b.WriteString("(assert (distinct x y z))\n(check-sat)\n")
	return Script{Name: fmt.Sprintf("udiv-chain-%d", w), Text: b.String()}
}

// mulChain asks for a factorisation of a wide odd constant into three
// factors greater than one.
func mulChain(w int) Script {
	var b strings.Builder
	header(&b, "QF_BV", "")
	declBV(&b, w, "x", "y", "z")
	one := fmt.Sprintf("(_ bv1 %d)", w)
	fmt.Fprintf(&b, "(assert (bvugt x %s))\n(assert (bvugt y %s))\n(assert (bvugt z %s))\n", one, one, one)
	fmt.Fprintf(&b, "(assert (= (bvmul (bvmul x y) z) (_ bv%s %d)))\n(check-sat)\n", oddConstant(w), w)
	return Script{Name: fmt.Sprintf("mul-chain-%d", w), Text: b.String()}
}

// oddConstant is a decimal odd number of about w/2 bits.
func oddConstant(w int) string {
	digits := w * 3 / 20 // about w/2 bits
	if digits < 1 {
		digits = 1
	}
	var s strings.Builder
	for i := 0; i < digits; i++ {
		s.WriteByte(byte('1' + i%9))
	}
	s.WriteByte('7')
	return s.String()
}

// StoreChain writes n stores at symbolic indices and reads at a symbolic
// index under a constraint on the read.
func StoreChain(n, w int) Script {
	var b strings.Builder
	header(&b, "QF_ABV", "")
	fmt.Fprintf(&b, "(declare-fun m () (Array (_ BitVec %d) (_ BitVec 8)))\n", w)
	declBV(&b, w, "base", "j")
	declBV(&b, 8, "v")
	b.WriteString("(define-fun m0 () (Array (_ BitVec 32) (_ BitVec 8)) m)\n")
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "(define-fun m%d () (Array (_ BitVec %d) (_ BitVec 8)) (store m%d (bvadd base (_ bv%d %d)) (bvadd v (_ bv%d 8))))\n",
			k, w, k-1, k, w, k%256)
	}
	fmt.Fprintf(&b, "(assert (= (select m%d j) (bvmul v v)))\n", n)
	fmt.Fprintf(&b, "(assert (bvult (bvsub j base) (_ bv%d %d)))\n(check-sat)\n", n, w)
	return Script{Name: fmt.Sprintf("store-chain-%d", n), Text: strings.Replace(b.String(), "(Array (_ BitVec 32) (_ BitVec 8)) m)", fmt.Sprintf("(Array (_ BitVec %d) (_ BitVec 8)) m)", w), 1)}
}

// IteTree nests n ites over wide arithmetic.
func IteTree(n, w int) Script {
	var b strings.Builder
	header(&b, "QF_BV", "")
	declBV(&b, w, "x", "y")
	fmt.Fprintf(&b, "(define-fun t0 () (_ BitVec %d) x)\n", w)
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "(define-fun t%d () (_ BitVec %d) (ite (bvult (bvadd t%d (_ bv%d %d)) y) (bvmul t%d y) (bvadd t%d x)))\n",
			k, w, k-1, k, w, k-1, k-1)
	}
	fmt.Fprintf(&b, "(assert (= t%d (bvnot y)))\n(check-sat)\n", n)
	return Script{Name: fmt.Sprintf("ite-tree-%d", n), Text: b.String()}
}

// wideShift builds barrel shifters over very wide words.
func wideShift(w int) Script {
	var b strings.Builder
	header(&b, "QF_BV", "")
	declBV(&b, w, "x", "s", "t")
	b.WriteString("(assert (= (bvshl (bvlshr x s) t) (bvlshr (bvshl x t) s)))\n")
	b.WriteString("(assert (distinct s t))\n(assert (distinct (bvand x s) (bvand x t)))\n(check-sat)\n")
	return Script{Name: fmt.Sprintf("wide-shift-%d", w), Text: b.String()}
}

// uremConst asks for wide remainders by constants.
func uremConst(w int) Script {
	var b strings.Builder
	header(&b, "QF_BV", "")
	declBV(&b, w, "x", "y")
	fmt.Fprintf(&b, "(assert (= (bvurem (bvmul x y) (_ bv%s %d)) (_ bv1 %d)))\n", oddConstant(w/4), w, w)
	fmt.Fprintf(&b, "(assert (= (bvudiv x y) (bvudiv y x)))\n(check-sat)\n")
	return Script{Name: fmt.Sprintf("urem-const-%d", w), Text: b.String()}
}

// NestedStores is StoreChain written as one term: n stores nested inside a
// single assert, so the term parser recurses n deep.
func NestedStores(n, w int) Script {
	var b strings.Builder
	header(&b, "QF_ABV", "")
	fmt.Fprintf(&b, "(declare-fun m () (Array (_ BitVec %d) (_ BitVec 8)))\n", w)
	declBV(&b, w, "base", "j")
	declBV(&b, 8, "v")
	b.WriteString("(assert (= (select ")
	for k := n; k >= 1; k-- {
		b.WriteString("(store ")
	}
	b.WriteString("m")
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, " (bvadd base (_ bv%d %d)) (bvadd v (_ bv%d 8)))", k, w, k%256)
	}
	b.WriteString(" j) (bvmul v v)))\n(check-sat)\n")
	return Script{Name: fmt.Sprintf("nested-stores-%d", n), Text: b.String()}
}

// LetChain nests n lets, each binding a term over the previous binder, the
// shape of solver-printed and KLEE-printed scripts.
func LetChain(n, w int) Script {
	var b strings.Builder
	header(&b, "QF_BV", "")
	declBV(&b, w, "x", "y")
	b.WriteString("(assert ")
	prev := "x"
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "(let ((?l%d (bvadd (bvmul %s y) (_ bv%d %d)))) ", k, prev, k, w)
		prev = fmt.Sprintf("?l%d", k)
	}
	fmt.Fprintf(&b, "(= %s (bvnot y))", prev)
	b.WriteString(strings.Repeat(")", n))
	b.WriteString(")\n(check-sat)\n")
	return Script{Name: fmt.Sprintf("let-chain-%d", n), Text: b.String()}
}

// WideSum is one bvadd of n distinct products: a wide, shallow term.
func WideSum(n, w int) Script {
	var b strings.Builder
	header(&b, "QF_BV", "")
	declBV(&b, w, "x", "y")
	b.WriteString("(assert (= (bvadd")
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, " (bvmul x (_ bv%d %d))", k, w)
	}
	b.WriteString(") y))\n(check-sat)\n")
	return Script{Name: fmt.Sprintf("wide-sum-%d", n), Text: b.String()}
}
