package z3

import (
	"reflect"
	"testing"
)

// TestLiteralBindings checks which printed models are read without libz3,
// and what they read as.
func TestLiteralBindings(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []Binding // nil: not read here
	}{
		{"constants", `(
  (define-fun y () (_ BitVec 8)
    #x0a)
  (define-fun b () Bool
    false)
  (define-fun |a b| () (_ BitVec 3)
    #b101)
  (define-fun w () (_ BitVec 16)
    (_ bv7 16))
)`, []Binding{
			{Name: "a b", Sort: "(_ BitVec 3)", Value: "#b101"},
			{Name: "b", Sort: "Bool", Value: "false"},
			{Name: "w", Sort: "(_ BitVec 16)", Value: "(_ bv7 16)"},
			{Name: "y", Sort: "(_ BitVec 8)", Value: "#x0a"},
		}},
		{"empty", "(\n)", []Binding{}},
		{"a function", `((define-fun f ((x!0 (_ BitVec 8))) (_ BitVec 8) x!0))`, nil},
		{"an array", `((define-fun a () (Array (_ BitVec 8) (_ BitVec 8)) ((as const (Array (_ BitVec 8) (_ BitVec 8))) #x00)))`, nil},
		{"an expression", `((define-fun x () (_ BitVec 8) (bvadd #x01 #x02)))`, nil},
		{"an abstract element", `((declare-fun U!val!0 () U) (define-fun u () U U!val!0))`, nil},
		{"not a model", `unsupported`, nil},
		{"unbalanced", `((define-fun x () (_ BitVec 8) #x01)`, nil},
		{"a bad literal", `((define-fun x () (_ BitVec 8) #xg1))`, nil},
		{"a literal of another width", `((define-fun x () (_ BitVec 8) #x0001))`, nil},
		{"a numeral of another width", `((define-fun x () (_ BitVec 8) (_ bv1 16)))`, nil},
		{"a Boolean as a bit-vector", `((define-fun x () (_ BitVec 1) true))`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := literalBindings(tc.text)
			if ok != (tc.want != nil) {
				t.Fatalf("ok = %v, want %v (%v)", ok, tc.want != nil, got)
			}
			if ok && len(got)+len(tc.want) > 0 && !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %v\nwant %v", got, tc.want)
			}
		})
	}
}
