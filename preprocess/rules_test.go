package preprocess

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// The rule-level differential test: every rule of ruleList, alone (the
// rewriter's only), on its examples and on the subterms of random terms, is
// checked by brute force at widths 1 to 6 against term's evaluation.

const ruleWidths = 6

var templateConst = regexp.MustCompile(`#(\d+|ones|min|max)\b`)

// instantiate fills a rule example in at width w (see rule.examples).
func instantiate(ex string, w uint32) string {
	s := templateConst.ReplaceAllStringFunc(ex, func(tok string) string {
		var v bv.Value
		switch tok[1:] {
		case "ones":
			v = bv.Ones(w)
		case "min":
			v = signedMin(w)
		case "max":
			v = bv.Not(signedMin(w))
		default:
			n, _ := strconv.ParseUint(tok[1:], 10, 64)
			v = bv.New(w, n)
		}
		x, _ := v.Uint64()
		return fmt.Sprintf("(_ bv%d %d)", x, w)
	})
	s = strings.ReplaceAll(s, "%H", strconv.Itoa(int(w-1)))
	return strings.ReplaceAll(s, "%W", strconv.Itoa(int(w)))
}

// parseTerm parses the example at width w over x, y (width w) and p, q
// (Bool), in a fresh store; ok is false when it is ill-formed at that width.
func parseTerm(ex string, w uint32) (*term.Store, term.Term, bool) {
	decl := fmt.Sprintf("(declare-const x (_ BitVec %d))(declare-const y (_ BitVec %d))(declare-const p Bool)(declare-const q Bool)", w, w)
	body := instantiate(ex, w)
	if st, as, ok := parseLoose(decl + "(assert " + body + ")"); ok && len(as) == 1 {
		return st, as[0], true
	}
	for rw := uint32(1); rw <= 4*w+4; rw++ {
		st, as, ok := parseLoose(fmt.Sprintf("%s(declare-const r!0 (_ BitVec %d))(assert (= r!0 %s))", decl, rw, body))
		if !ok || len(as) != 1 {
			continue
		}
		if st.Op(as[0]) != term.OpEq {
			return nil, term.NoTerm, false // folded away
		}
		return st, st.Arg(as[0], 1), true
	}
	return nil, term.NoTerm, false
}

// parseLoose runs script and returns the store and the assertions; ok is
// false when the script printed an error.
func parseLoose(script string) (*term.Store, []term.Term, bool) {
	var st *term.Store
	c := &collector{}
	var out bytes.Buffer
	in := smtlib.NewInterpreter(smtlib.Config{NewSolver: func(s *term.Store) smtlib.Solver { st = s; return c }}, &out)
	if err := in.Run(context.Background(), strings.NewReader(script)); err != nil || strings.Contains(out.String(), "error") {
		return nil, nil, false
	}
	return st, c.asserts, true
}

// equivalentOn reports whether a and b agree on every assignment of their
// free variables (a counterexample is described in the error).
func equivalentOn(t *testing.T, st *term.Store, a, b term.Term) error {
	var bad error
	forAllModels(t, st, st.FreeVarsOf(a, b), func(m *term.Model) bool {
		ev := term.NewEvaluator(st, m)
		va, err1 := ev.Eval(a)
		vb, err2 := ev.Eval(b)
		switch {
		case err1 != nil || err2 != nil:
			bad = fmt.Errorf("eval: %v %v", err1, err2)
		case !va.Equal(vb):
			bad = fmt.Errorf("differ under %s", describeModel(st, m))
		}
		return bad == nil
	})
	return bad
}

func describeModel(st *term.Store, m *term.Model) string {
	var parts []string
	for x, v := range m.Values {
		s := fmt.Sprint(v.Bool)
		if v.Kind != term.ValBool {
			s = v.BV.String()
		}
		parts = append(parts, st.Name(x)+"="+s)
	}
	return strings.Join(parts, " ")
}

func show(st *term.Store, t term.Term) string { return printed(st, []term.Term{t}) }

// applyAlone applies rule ru at the root of t with ru the only rule.
func applyAlone(st *term.Store, ru *rule, t term.Term) (term.Term, bool) {
	if !slices.Contains(ru.ops, st.Op(t)) {
		return t, false
	}
	r := newRewriter(st, map[string]int{})
	r.only = ru
	r.active[t] = true
	n, ok := ru.apply(r, t)
	return n, ok && n != t
}

// TestRuleExamples checks each rule alone on its examples: the example
// parses at some width, the rule fires on it at some width, and wherever it
// fires the result is equivalent to the input on every assignment.
func TestRuleExamples(t *testing.T) {
	for _, ru := range ruleList {
		t.Run(ru.name, func(t *testing.T) {
			if len(ru.examples) == 0 {
				t.Fatal("the rule has no examples")
			}
			for _, ex := range ru.examples {
				fired := false
				for w := uint32(1); w <= ruleWidths; w++ {
					st, in, ok := parseTerm(ex, w)
					if !ok {
						continue
					}
					out, ok := applyAlone(st, ru, in)
					if !ok {
						continue
					}
					fired = true
					if err := equivalentOn(t, st, in, out); err != nil {
						t.Errorf("%s at width %d: %s -> %s: %v", ex, w, show(st, in), show(st, out), err)
					}
				}
				if !fired {
					t.Errorf("%s: the rule fires at no width 1..%d", ex, ruleWidths)
				}
			}
		})
	}
}

// TestRulesOnRandomTerms applies every rule alone at every subterm of
// random terms at widths 1 to 6 and checks each firing by brute force.
func TestRulesOnRandomTerms(t *testing.T) {
	fired := map[string]int{}
	n := 120
	if testing.Short() {
		n = 40
	}
	for w := uint32(1); w <= ruleWidths; w++ {
		st := term.NewStore()
		g := &termGen{st: st, rng: rand.New(rand.NewPCG(uint64(w), 99)), w: w,
			x: st.Var("x", st.BitVecSort(w)), y: st.Var("y", st.BitVecSort(w)), p: st.Var("p", st.BoolSort())}
		g.full = true
		seen := map[term.Term]bool{}
		for i := 0; i < n; i++ {
			var root term.Term
			if i%2 == 0 {
				root = g.boolean(3)
			} else {
				root = g.bits(w, 3)
			}
			st.PostOrder([]term.Term{root}, func(s term.Term) {
				if seen[s] {
					return
				}
				seen[s] = true
				for _, ru := range rulesByOp[st.Op(s)] {
					out, ok := applyAlone(st, ru, s)
					if !ok {
						continue
					}
					fired[ru.name]++
					if err := equivalentOn(t, st, s, out); err != nil {
						t.Errorf("%s at width %d: %s -> %s: %v", ru.name, w, show(st, s), show(st, out), err)
					}
				}
			})
		}
	}
	t.Logf("firings: %v", fired)
}
