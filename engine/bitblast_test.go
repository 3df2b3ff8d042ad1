package engine_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sift-solver/sift/engine"
)

// TestBitblastScripts runs scripts the constant stage cannot fold, so the
// bitblast stage decides them; outputs are exact.
func TestBitblastScripts(t *testing.T) {
	const x8 = "(declare-const x (_ BitVec 8))(declare-const y (_ BitVec 8))"
	tests := []struct {
		name, script, want string
	}{
		// Core Boolean operators.
		{"bool and/or", "(declare-const p Bool)(declare-const q Bool)(assert (and p (or (not p) q)))(check-sat)(get-value (p q))",
			"sat\n((p true)\n (q true))\n"},
		{"bool xor unsat", "(declare-const p Bool)(assert (xor p p))(check-sat)", "unsat\n"},
		{"bool implies", "(declare-const p Bool)(declare-const q Bool)(assert (=> p q))(assert p)(assert (not q))(check-sat)", "unsat\n"},
		{"bool iff", "(declare-const p Bool)(declare-const q Bool)(assert (= p (not q)))(assert q)(check-sat)(get-value (p))", "sat\n((p false))\n"},
		{"distinct pairwise bool", "(declare-const p Bool)(declare-const q Bool)(declare-const r Bool)(assert (distinct p q r))(check-sat)", "unsat\n"},
		{"distinct pairwise bv", "(declare-const a (_ BitVec 1))(declare-const b (_ BitVec 1))(declare-const c (_ BitVec 1))(assert (distinct a b c))(check-sat)", "unsat\n"},
		{"distinct bv2 sat", "(declare-const a (_ BitVec 2))(declare-const b (_ BitVec 2))(declare-const c (_ BitVec 2))(assert (distinct a b c))(assert (bvult a b))(assert (bvult b c))(assert (= a #b01))(check-sat)(get-value (b c))",
			"sat\n((b #b10)\n (c #b11))\n"},
		{"ite bool", "(declare-const p Bool)(declare-const q Bool)(assert (ite p q (not q)))(assert (not q))(check-sat)(get-value (p))", "sat\n((p false))\n"},
		{"ite bv", x8 + "(declare-const p Bool)(assert (= (ite p x y) #x07))(assert (= y #x03))(assert (not (= x #x03)))(check-sat)(get-value (p x))",
			"sat\n((p true)\n (x #x07))\n"},
		// Arithmetic.
		{"add", x8 + "(assert (= (bvadd x #x05) #x02))(check-sat)(get-value (x))", "sat\n((x #xfd))\n"},
		{"sub neg", x8 + "(assert (= (bvsub #x00 x) (bvneg #x10)))(check-sat)(get-value (x))", "sat\n((x #x10))\n"},
		{"mul", x8 + "(assert (= (bvmul x #x03) #x01))(check-sat)(get-value (x))", "sat\n((x #xab))\n"},
		{"mul unsat", x8 + "(assert (= (bvmul x #x02) #x01))(check-sat)", "unsat\n"},
		{"udiv urem", x8 + "(assert (= (bvudiv x #x07) #x03))(assert (= (bvurem x #x07) #x02))(check-sat)(get-value (x))", "sat\n((x #x17))\n"},
		{"udiv by zero", x8 + "(assert (not (= (bvudiv x #x00) #xff)))(check-sat)", "unsat\n"},
		{"urem by zero", x8 + "(assert (not (= (bvurem x #x00) x)))(check-sat)", "unsat\n"},
		{"sdiv srem smod", x8 + "(assert (= (bvsdiv x #x03) #xfe))(assert (= (bvsrem x #x03) #xff))(check-sat)(get-value (x (bvsmod x #x03)))",
			"sat\n((x #xf9)\n ((bvsmod x #x03) #x02))\n"},
		// Shifts and rotates.
		{"shl", x8 + "(assert (= (bvshl x #x04) #x30))(assert (bvult x #x10))(check-sat)(get-value (x))", "sat\n((x #x03))\n"},
		{"lshr ashr", x8 + "(assert (= (bvlshr x #x01) #x40))(assert (= (bvashr x #x07) #xff))(assert (= ((_ extract 0 0) x) #b1))(check-sat)(get-value (x))", "sat\n((x #x81))\n"},
		{"shift past width", x8 + "(assert (bvuge y #x08))(assert (not (= (bvshl x y) #x00)))(check-sat)", "unsat\n"},
		{"rotate", x8 + "(assert (= ((_ rotate_left 3) x) #x01))(check-sat)(get-value (x ((_ rotate_right 11) x)))",
			"sat\n((x #x20)\n (((_ rotate_right 11) x) #x04))\n"},
		// Bitwise.
		{"and or xor", x8 + "(assert (= (bvand x #x0f) #x05))(assert (= (bvor x #x0f) #x3f))(assert (= (bvxor x y) #xff))(check-sat)(get-value (x y))",
			"sat\n((x #x35)\n (y #xca))\n"},
		{"nand nor xnor not", x8 + "(assert (= (bvnand x #xff) #x0f))(check-sat)(get-value (x (bvnor x #x00) (bvxnor x #xf0) (bvnot x)))",
			"sat\n((x #xf0)\n ((bvnor x #x00) #x0f)\n ((bvxnor x #xf0) #xff)\n ((bvnot x) #x0f))\n"},
		{"bvcomp", x8 + "(assert (= (bvcomp x y) #b1))(assert (= y #x2a))(check-sat)(get-value (x))", "sat\n((x #x2a))\n"},
		// Resizing.
		{"concat extract", x8 + "(assert (= (concat x y) #x1234))(check-sat)(get-value (x ((_ extract 11 4) (concat x y))))",
			"sat\n((x #x12)\n (((_ extract 11 4) (concat x y)) #x23))\n"},
		{"extends repeat", x8 + "(assert (= ((_ sign_extend 8) x) #xff80))(check-sat)(get-value (((_ zero_extend 4) x) ((_ repeat 2) x)))",
			"sat\n((((_ zero_extend 4) x) #x080)\n (((_ repeat 2) x) #x8080))\n"},
		{"wide 100 bits", "(declare-const w (_ BitVec 100))(assert (= (bvadd w #x0000000000000000000000001) #x0000000010000000000000000))(check-sat)(get-value (w))",
			"sat\n((w #x000000000ffffffffffffffff))\n"},
		// Comparisons (the builder swaps > and >=).
		{"unsigned compare", x8 + "(assert (bvugt x #xfd))(assert (bvule x #xfe))(check-sat)(get-value (x))", "sat\n((x #xfe))\n"},
		{"signed compare", x8 + "(assert (bvslt x #x82))(assert (bvsge x #x80))(assert (not (= x #x80)))(check-sat)(get-value (x))", "sat\n((x #x81))\n"},
		{"signed compare unsat", x8 + "(assert (bvsgt x #x7f))(check-sat)", "unsat\n"},
		// Overflow predicates.
		{"uaddo", x8 + "(assert (bvuaddo x #x10))(assert (bvult x #xf1))(check-sat)(get-value (x))", "sat\n((x #xf0))\n"},
		{"saddo ssubo", x8 + "(assert (bvsaddo x #x01))(check-sat)(get-value (x (bvssubo #x80 #x01)))", "sat\n((x #x7f)\n ((bvssubo #x80 #x01) true))\n"},
		{"usubo", x8 + "(assert (not (bvusubo x y)))(assert (bvult x y))(check-sat)", "unsat\n"},
		{"umulo smulo", x8 + "(assert (not (bvumulo x #x02)))(assert (bvuge x #x80))(check-sat)", "unsat\n"},
		{"smulo", x8 + "(assert (bvsmulo x #x02))(assert (bvslt x #x00))(assert (bvsgt x #xbf))(check-sat)", "unsat\n"},
		{"nego sdivo", x8 + "(assert (bvnego x))(check-sat)(get-value (x (bvsdivo x #xff)))", "sat\n((x #x80)\n ((bvsdivo x #xff) true))\n"},
		// Incremental use.
		{"push pop", x8 + "(assert (bvult x #x05))(push 1)(assert (bvugt x #x07))(check-sat)(pop 1)(check-sat)(push 1)(assert (= x #x04))(check-sat)(get-value (x))(pop 1)(assert (= x #x09))(check-sat)",
			"unsat\nsat\nsat\n((x #x04))\nunsat\n"},
		{"check-sat-assuming", "(set-option :produce-unsat-assumptions true)(declare-const p Bool)(declare-const q Bool)(declare-const r Bool)" + x8 +
			"(assert (=> p (= x #x01)))(assert (=> q (= x #x02)))(check-sat-assuming (p r q))(get-unsat-assumptions)(check-sat-assuming (p r))(get-value (x))",
			"unsat\n(p q)\nsat\n((x #x01))\n"},
		{"unsat core", "(set-option :produce-unsat-cores true)" + x8 +
			"(assert (! (bvult x #x10) :named small))(assert (! (= y #x00) :named yzero))(assert (! (bvugt x #x20) :named big))(check-sat)(get-unsat-core)",
			"unsat\n(small big)\n"},
		{"repeated assertion after pop", x8 + "(push)(assert (= x #x01))(check-sat)(pop)(assert (= x #x02))(check-sat)(get-value (x))(assert (= x #x01))(check-sat)",
			"sat\nsat\n((x #x02))\nunsat\n"},
		// Outside the fragment: unknown, never a guess.
		// Arrays and functions: lemmas on demand (lod_test.go has the rest).
		{"arrays", "(declare-const a (Array (_ BitVec 4) (_ BitVec 4)))(assert (= (select a #x1) #x2))(check-sat)(get-value ((select a #x1)))",
			"sat\n(((select a #x1) #x2))\n"},
		{"uf", "(declare-fun f ((_ BitVec 4)) (_ BitVec 4))(declare-const z (_ BitVec 4))(assert (= (f z) #x2))(check-sat)(get-value ((f z)))", "sat\n(((f z) #x2))\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := runScript(t, tc.script)
			if got != tc.want {
				t.Errorf("script %q\n got: %q\nwant: %q", tc.script, got, tc.want)
			}
		})
	}
}

// answers runs a script through a fresh interpreter and engine with a
// per-check timeout and returns the check-sat answers it printed, the full
// output, and how many models failed validation (each one is a bug).
func answers(t *testing.T, script []byte, timeout time.Duration) (ans []string, out string, badModels int) {
	t.Helper()
	out, sessions := runWith(t, string(script), engine.Options{}, timeout)
	for _, line := range strings.Split(out, "\n") {
		switch line {
		case "sat", "unsat", "unknown":
			ans = append(ans, line)
		}
	}
	for _, s := range sessions {
		badModels += s.Driver().ValidationFailures
	}
	return ans, out, badModels
}

// checkAnswer fails on any answer opposite to want or any failed model, and
// reports whether the file was decided.
func checkAnswer(t *testing.T, name, want string, script []byte) (decided bool) {
	t.Helper()
	ans, out, bad := answers(t, script, 10*time.Second)
	if bad > 0 {
		t.Errorf("%s: %d models failed validation (a bug)\n%s", name, bad, out)
	}
	if len(ans) != 1 {
		t.Errorf("%s: want one check-sat answer, got %q\n%s", name, ans, out)
		return false
	}
	switch ans[0] {
	case want:
		return true
	case "unknown":
		t.Logf("%s: unknown (expected %s)", name, want)
		return false
	}
	t.Errorf("%s: WRONG ANSWER %s, expected %s\n%s", name, ans[0], want, out)
	return false
}

// TestDevQFBV runs every QF_BV file of the attributed dev subset: each answer
// must be the expected status or unknown, never the opposite.
func TestDevQFBV(t *testing.T) {
	checkDevFiles(t, "QF_BV", func(logic, _ string) bool { return logic == "QF_BV" })
}

// checkDevFiles runs the attributed dev files that keep selects (by logic
// and path): each answer must be the file's status or unknown, and at least
// one file must be selected.
func checkDevFiles(t *testing.T, what string, keep func(logic, path string) bool) {
	const dir = "../testdata/dev"
	rows := readTSV(t, filepath.Join(dir, "ATTRIBUTION.tsv"))
	total, decided := 0, 0
	for _, r := range rows {
		if !keep(r["logic"], r["path"]) {
			continue
		}
		total++
		script, err := os.ReadFile(filepath.Join(dir, r["path"]))
		if err != nil {
			t.Fatal(err)
		}
		if checkAnswer(t, r["path"], r["expected_status"], script) {
			decided++
		}
	}
	if total == 0 {
		t.Fatalf("no %s files found", what)
	}
	t.Logf("%s dev files: %d decided, %d unknown, of %d", what, decided, total-decided, total)
}

// TestSeedsQFBV runs the QF_BV seed tests of seed 004 against their
// (set-info :status ...).
func TestSeedsQFBV(t *testing.T) {
	files, err := filepath.Glob("../testdata/seeds/004/*.smt2")
	if err != nil || len(files) == 0 {
		t.Fatalf("no seed files: %v", err)
	}
	total, decided := 0, 0
	for _, f := range files {
		script, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(script, []byte("(set-logic QF_BV)")) {
			continue
		}
		m := statusRE.FindSubmatch(script)
		if m == nil {
			t.Errorf("%s: no :status", f)
			continue
		}
		total++
		if checkAnswer(t, filepath.Base(f), string(m[1]), script) {
			decided++
		}
	}
	t.Logf("QF_BV seed files: %d decided, %d unknown, of %d", decided, total-decided, total)
}

var statusRE = regexp.MustCompile(`\(set-info :status (sat|unsat)\)`)

// readTSV reads a tab-separated file with a header row into maps by column.
func readTSV(t *testing.T, path string) []map[string]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	header := strings.Split(lines[0], "\t")
	var rows []map[string]string
	for _, l := range lines[1:] {
		fields := strings.Split(l, "\t")
		row := map[string]string{}
		for i, h := range header {
			if i < len(fields) {
				row[h] = fields[i]
			}
		}
		rows = append(rows, row)
	}
	return rows
}
