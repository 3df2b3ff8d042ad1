package difftest

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
)

// The z3 the tests use (4.8) predates the SMT-LIB 2.7 overflow predicates,
// so the generator marks each use with its width: the script for sift gets
// the predicate, the one for z3 a function defined from the predicate's
// meaning with wider arithmetic.
func overflowMark(op string, w int) string { return fmt.Sprintf("(@%s@%d ", op, w) }

var markRE = regexp.MustCompile(`@(bv[a-z]+)@(\d+)`)

// ForSift turns generated text into what sift reads.
func ForSift(script string) string { return markRE.ReplaceAllString(script, "$1") }

// ForZ3 turns generated text into what z3 4.8 reads (with Z3OverflowDefs).
func ForZ3(script string) string { return markRE.ReplaceAllString(script, "z3_${1}_$2") }

// Z3OverflowDefs defines z3_<pred>_<w> for every overflow predicate and width.
func Z3OverflowDefs(widths []int) string {
	var b strings.Builder
	for _, w := range widths {
		bw := fmt.Sprintf("(_ BitVec %d)", w)
		min := fmt.Sprintf("(bvshl (_ bv1 %d) (_ bv%d %d))", w, w-1, w)
		// Signed overflow of a (w+1)-bit result s: its top two bits differ.
		diff := func(s string) string {
			return fmt.Sprintf("(not (= ((_ extract %d %d) %s) ((_ extract %d %d) %s)))", w, w, s, w-1, w-1, s)
		}
		defs := map[string]string{
			"bvnego":  fmt.Sprintf("(= a %s)", min),
			"bvuaddo": fmt.Sprintf("(= ((_ extract %d %d) (bvadd ((_ zero_extend 1) a) ((_ zero_extend 1) b))) #b1)", w, w),
			"bvsaddo": diff("(bvadd ((_ sign_extend 1) a) ((_ sign_extend 1) b))"),
			"bvusubo": "(bvult a b)",
			"bvssubo": diff("(bvsub ((_ sign_extend 1) a) ((_ sign_extend 1) b))"),
			"bvumulo": fmt.Sprintf("(not (= ((_ extract %d %d) (bvmul ((_ zero_extend %d) a) ((_ zero_extend %d) b))) (_ bv0 %d)))", 2*w-1, w, w, w, w),
			"bvsmulo": fmt.Sprintf("(let ((p (bvmul ((_ sign_extend %d) a) ((_ sign_extend %d) b)))) (not (= p ((_ sign_extend %d) ((_ extract %d 0) p)))))", w, w, w, w-1),
			"bvsdivo": fmt.Sprintf("(and (= a %s) (= b (bvnot (_ bv0 %d))))", min, w),
		}
		for _, op := range slices.Sorted(maps.Keys(defs)) {
			params := fmt.Sprintf("((a %s) (b %s))", bw, bw)
			if op == "bvnego" {
				params = fmt.Sprintf("((a %s))", bw)
			}
			fmt.Fprintf(&b, "(define-fun z3_%s_%d %s Bool %s)\n", op, w, params, defs[op])
		}
	}
	return b.String()
}
