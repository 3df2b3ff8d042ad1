package smtlib

import (
	"context"
	"strings"
	"testing"

	"github.com/sift-solver/sift/term"
)

// posedRecorder is a recorder that also keeps, at each check, the text the
// interpreter says posed the problem ("-" when it has none).
type posedRecorder struct {
	recorder
	posed func() (string, bool)
	texts []string
}

func (r *posedRecorder) SetPosed(posed func() (string, bool)) { r.posed = posed }

func (r *posedRecorder) CheckSat(ctx context.Context, assumptions []term.Term) CheckResult {
	text, ok := r.posed()
	if !ok {
		text = "-"
	}
	r.texts = append(r.texts, strings.TrimSpace(text))
	return r.recorder.CheckSat(ctx, assumptions)
}

func TestPosedText(t *testing.T) {
	for _, tc := range []struct {
		name, script string
		want         []string // the text at each check, lines joined by " | "
	}{{
		name: "declarations definitions and assertions as written",
		script: `(set-info :status sat) (set-logic QF_BV) (set-option :produce-models true)
			(declare-const x (_ BitVec 8)) (define-fun two () (_ BitVec 8) (bvadd #x01 #x01))
			(assert (bvsge x (bvneg (_ bv3 8)))) (check-sat)`,
		want: []string{"(set-logic QF_BV) | (declare-const x (_ BitVec 8)) | (define-fun two () (_ BitVec 8) (bvadd #x01 #x01)) | (assert (bvsge x (bvneg (_ bv3 8))))"},
	}, {
		name: "push and pop scope declarations and assertions",
		script: `(declare-const a Bool) (push 1) (declare-const b Bool) (assert (and a b)) (check-sat)
			(pop 1) (push 2) (assert a) (check-sat) (pop 2) (check-sat)`,
		want: []string{
			"(declare-const a Bool) | (declare-const b Bool) | (assert (and a b))",
			"(declare-const a Bool) | (assert a)",
			"(declare-const a Bool)",
		},
	}, {
		name:   "assumptions are asserted as written",
		script: `(set-logic QF_UF) (declare-const a Bool) (declare-const b Bool) (assert (or a b)) (check-sat-assuming ((not a) b))`,
		want:   []string{"(set-logic QF_UF) | (declare-const a Bool) | (declare-const b Bool) | (assert (or a b)) | (assert (not a)) | (assert b)"},
	}, {
		name:   "named terms keep their names",
		script: `(declare-const a Bool) (assert (! (not a) :named na)) (assert (or a na)) (check-sat)`,
		want:   []string{"(declare-const a Bool) | (assert (! (not a) :named na)) | (assert (or a na))"},
	}, {
		name:   "reset-assertions keeps the logic only",
		script: `(set-logic QF_UF) (declare-const a Bool) (assert a) (check-sat) (reset-assertions) (declare-const c Bool) (check-sat)`,
		want:   []string{"(set-logic QF_UF) | (declare-const a Bool) | (assert a)", "(set-logic QF_UF) | (declare-const c Bool)"},
	}, {
		name:   "reset forgets everything",
		script: `(set-logic QF_UF) (declare-const a Bool) (assert a) (reset) (declare-const a Bool) (assert (not a)) (check-sat)`,
		want:   []string{"(declare-const a Bool) | (assert (not a))"},
	}, {
		name: "global declarations outlive the log: no text",
		script: `(set-option :global-declarations true) (push) (declare-const a Bool) (pop)
			(assert a) (check-sat)`,
		want: []string{"-"},
	}, {
		name:   "a command in error is not kept",
		script: `(declare-const a Bool) (assert (bvadd a a)) (declare-const a Bool) (assert a) (check-sat)`,
		want:   []string{"(declare-const a Bool) | (assert a)"},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			rec := &posedRecorder{}
			in := NewInterpreter(Config{NewSolver: func(st *term.Store) Solver {
				rec.st = st
				rec.assertions, rec.levels = nil, nil
				return rec
			}}, &strings.Builder{})
			if err := in.Run(context.Background(), strings.NewReader(tc.script)); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, text := range rec.texts {
				got = append(got, strings.Join(strings.Split(text, "\n"), " | "))
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("posed texts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestPosedLogBound checks that a log past maxPosed is dropped, that push
// and pop stay balanced while it is off, and that reset-assertions starts a
// new one.
func TestPosedLogBound(t *testing.T) {
	var l posedLog
	l.push()
	l.add(make([]byte, maxPosed+1))
	if _, ok := l.script("", nil); ok {
		t.Fatal("a log past the bound gave a text")
	}
	l.push()
	l.pop()
	l.pop()
	l.add([]byte("(assert true)"))
	if _, ok := l.script("", nil); ok {
		t.Fatal("a dropped log came back before reset-assertions")
	}
	l.clearAssertions()
	l.add([]byte("(assert true)"))
	if text, ok := l.script("QF_BV", nil); !ok || text != "(set-logic QF_BV)\n(assert true)\n" {
		t.Fatalf("after reset-assertions: %q, %v", text, ok)
	}
}
