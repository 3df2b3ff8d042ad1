package concolic

import (
	"strings"
	"testing"

	"github.com/sift-solver/sift/symex"
	"github.com/sift-solver/sift/term"
)

// TestUnsupported: constructs outside the subset end runs as
// "unsupported" with a message; a division's zero check is a branch that
// finds the panic.
func TestUnsupported(t *testing.T) {
	for _, c := range []struct{ fn, want string }{
		{"UnsupParam", "parameter s of type string"},
		{"UnsupMap", "instruction"},
		{"UnsupIndex", "index that is not a constant"},
	} {
		st := term.NewStore()
		res, err := Explore(st, seedFunc(t, c.fn), symex.NewEngineSolver(st), Config{Merge: true})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for m := range res.Unsupported {
			found = found || strings.Contains(m, c.want)
		}
		if !found || res.Ends["unsupported"] == 0 {
			t.Errorf("%s: unsupported %v, want a message with %q", c.fn, res.Unsupported, c.want)
		}
	}
	st := term.NewStore()
	res, err := Explore(st, seedFunc(t, "DivZero"), symex.NewEngineSolver(st), Config{Merge: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Panics) != 1 || !strings.Contains(res.Panics[0].Message, "divide by zero") || !res.Exhausted {
		t.Errorf("DivZero: panics %v, exhausted %v", res.Panics, res.Exhausted)
	}
}
